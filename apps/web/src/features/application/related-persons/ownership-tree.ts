import { ownersTotal } from '@onboarding/domain';
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
  /** The total breaks the domain's rule for it (ownersTotal), as the server will judge the step. */
  isWrong: boolean;
};

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
    const { total, code } = ownersTotal(holdings, isFirstLevel ? { kind: 'applicant', isListedCompany } : { kind: 'legalEntity' });
    return { owners, totalPercent: total, isWrong: code !== null };
  };

  return level(values.shareholders, new Set(), true);
}
