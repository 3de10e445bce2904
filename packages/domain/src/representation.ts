import type { CompanyRepresentation, RegisterRepresentative, SigningSummary } from './schemas/representation.js';

/**
 * Whether the signed-in person may sign for the company alone and, if not, who must sign with them
 * (docs/register-facts.md section 5). The register's answer for the person decides "alone"; the board's rule
 * decides how many others; what the product cannot read is left to the bank.
 */
export type SigningRequirement =
  | { kind: 'ALONE' }
  /** `othersNeeded` of `candidates` must sign too. */
  | { kind: 'TOGETHER'; othersNeeded: number; candidates: RegisterRepresentative[] }
  /** Not alone, and the rule does not say with whom: the bank reads the register and says who signs. */
  | { kind: 'BANK_DECIDES'; candidates: RegisterRepresentative[] }
  /** The register does not name the person as a representative at all. */
  | { kind: 'NOT_A_REPRESENTATIVE' };

export type PersonCode = { personalId: string; personalIdCountryCode: string };

const isPerson = (representative: RegisterRepresentative, person: PersonCode) =>
  representative.personalId !== undefined &&
  representative.personalId === person.personalId &&
  representative.personalIdCountryCode.toUpperCase() === person.personalIdCountryCode.toUpperCase();

/** One entry per person (a person may hold two roles); kept in the register's order. */
function distinctPersons(representatives: readonly RegisterRepresentative[]): RegisterRepresentative[] {
  const seen = new Set<string>();
  return representatives.filter((representative) => {
    const key =
      representative.personalId === undefined
        ? `name:${representative.firstName}|${representative.lastName}`
        : `code:${representative.personalIdCountryCode.toUpperCase()}:${representative.personalId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function signingRequirement(representation: CompanyRepresentation, person: PersonCode): SigningRequirement {
  const own = representation.representatives.filter((representative) => isPerson(representative, person));
  if (own.length === 0) return { kind: 'NOT_A_REPRESENTATIVE' };
  if (own.some((representative) => representative.mayActAlone)) return { kind: 'ALONE' };

  // Those who act together are those of the same standing: board members with board members, liquidators with
  // liquidators. A procura holder who may not act alone is the bank's question.
  const roles = new Set(own.map((representative) => representative.role));
  const candidates = distinctPersons(
    representation.representatives.filter((representative) => roles.has(representative.role) && !isPerson(representative, person)),
  );
  if (roles.has('AUTHORIZED_PERSON') && roles.size === 1) return { kind: 'BANK_DECIDES', candidates };

  const { rule } = representation;
  const othersNeeded = rule.kind === 'JOINTLY' ? rule.count - 1 : rule.kind === 'ALL_JOINTLY' ? candidates.length : undefined;
  // A rule the product cannot read, or one the register's own list of representatives cannot meet.
  if (othersNeeded === undefined || othersNeeded < 1 || othersNeeded > candidates.length) return { kind: 'BANK_DECIDES', candidates };
  return { kind: 'TOGETHER', othersNeeded, candidates };
}

/**
 * Special conditions (thresholds, consents) and rules the product cannot read are for a person at the bank: the
 * application says so, whatever the signing requirement.
 */
export const needsRepresentationReview = (representation: CompanyRepresentation): boolean =>
  representation.specialConditions.length > 0 || representation.rule.kind === 'UNKNOWN';

/** The signing requirement as the applicant is told it, for the company's representation as the register states it. */
export function signingSummaryOf(representation: CompanyRepresentation, person: PersonCode): SigningSummary {
  const requirement = signingRequirement(representation, person);
  const candidates = 'candidates' in requirement ? requirement.candidates.map(({ firstName, lastName }) => ({ firstName, lastName })) : [];
  return {
    requirement: requirement.kind,
    othersNeeded: requirement.kind === 'TOGETHER' ? requirement.othersNeeded : 0,
    candidates,
    isCheckedByBank: needsRepresentationReview(representation),
  };
}
