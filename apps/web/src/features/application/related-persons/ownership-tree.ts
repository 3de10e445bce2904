import { REQUIRED_TOTAL_SHARE_PERCENT, percentToBasisPoints } from '@onboarding/domain';
import type { Holding, PersonValues, RelatedPersonsValues } from './form-values';

/** One owner in a company's shareholders list; a legal entity carries its own owners below it. */
export type OwnerNode = {
  person: PersonValues;
  sharePercent: number | undefined;
  /** A legal entity's owners; null for a private person, and for an entity already above it in the chain. */
  owners: OwnersLevel | null;
  /** The entity owns, through this chain, a company above it: its owners are shown there, not again. */
  isRepeated: boolean;
};

export type OwnersLevel = {
  owners: OwnerNode[];
  totalPercent: number;
  /**
   * docs/requirements.md section 5: first-level owners hold 100% (a listed company at most 100%); no list holds more
   * than 100%.
   */
  isWrong: boolean;
};

const EXPECTED = percentToBasisPoints(REQUIRED_TOTAL_SHARE_PERCENT);

/**
 * The ownership structure from the applicant company down: each company's
 * owners with their shares and the level's total, legal-entity owners with
 * their own owners to any depth. A chain that comes back to a company already
 * above stops there, so an entity that owns itself cannot loop forever.
 */
export function ownershipTree(values: RelatedPersonsValues, { isListedCompany = false }: { isListedCompany?: boolean } = {}): OwnersLevel {
  const byId = new Map(values.relatedPersons.map((person) => [person.id, person]));

  const level = (holdings: readonly Holding[], above: ReadonlySet<string>, isFirstLevel: boolean): OwnersLevel => {
    const owners = holdings.flatMap((holding): OwnerNode[] => {
      const person = byId.get(holding.personId);
      if (!person) return [];
      if (person.type !== 'LEGAL_ENTITY') return [{ person, sharePercent: holding.sharePercent, owners: null, isRepeated: false }];
      const isRepeated = above.has(person.id);
      return [
        {
          person,
          sharePercent: holding.sharePercent,
          owners: isRepeated ? null : level(person.shareholders, new Set([...above, person.id]), false),
          isRepeated,
        },
      ];
    });
    const basisPoints = holdings.reduce((sum, holding) => sum + percentToBasisPoints(holding.sharePercent ?? 0), 0);
    const isWrong = isFirstLevel && !isListedCompany ? basisPoints !== EXPECTED : basisPoints > EXPECTED;
    return { owners, totalPercent: basisPoints / 100, isWrong };
  };

  return level(values.shareholders, new Set(), true);
}
