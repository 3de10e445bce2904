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

/** The same person: the same personal code, of the same country however its code is written. */
export const isSamePerson = (a: PersonCode, b: PersonCode): boolean =>
  a.personalId === b.personalId && a.personalIdCountryCode.toUpperCase() === b.personalIdCountryCode.toUpperCase();

const isPerson = (representative: RegisterRepresentative, person: PersonCode) =>
  representative.personalId !== undefined && isSamePerson({ ...representative, personalId: representative.personalId }, person);

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

const own = (representation: CompanyRepresentation, person: PersonCode) =>
  representation.representatives.filter((representative) => isPerson(representative, person));

export function signingRequirement(representation: CompanyRepresentation, person: PersonCode): SigningRequirement {
  const mine = own(representation, person);
  if (mine.length === 0) return { kind: 'NOT_A_REPRESENTATIVE' };
  const { rule } = representation;
  const others = (roles: ReadonlySet<RegisterRepresentative['role']>) =>
    distinctPersons(representation.representatives.filter((representative) => roles.has(representative.role) && !isPerson(representative, person)));
  const within = (othersNeeded: number | undefined, candidates: RegisterRepresentative[]): SigningRequirement =>
    // A rule the product cannot read, or one the register's own list of representatives cannot meet.
    othersNeeded === undefined || othersNeeded < 1 || othersNeeded > candidates.length
      ? { kind: 'BANK_DECIDES', candidates }
      : { kind: 'TOGETHER', othersNeeded, candidates };

  // A procura holder is not on the board: the board signs too, as many of it as its rule needs to act
  // (docs/requirements.md section 4, the board's signature by link).
  const standing = mine.filter((representative) => representative.role !== 'AUTHORIZED_PERSON');
  if (standing.length === 0) {
    const board = others(new Set(['MANAGEMENT_BOARD_MEMBER', 'LIQUIDATOR']));
    const needed = rule.kind === 'EACH_ALONE' ? 1 : rule.kind === 'JOINTLY' ? rule.count : rule.kind === 'ALL_JOINTLY' ? board.length : undefined;
    return within(needed, board);
  }
  if (standing.some((representative) => representative.mayActAlone)) return { kind: 'ALONE' };

  // Those who act together are those of the same standing: board members with board members, liquidators with
  // liquidators.
  const candidates = others(new Set(standing.map((representative) => representative.role)));
  return within(rule.kind === 'JOINTLY' ? rule.count - 1 : rule.kind === 'ALL_JOINTLY' ? candidates.length : undefined, candidates);
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
    isProcuraHolder:
      own(representation, person).every((representative) => representative.role === 'AUTHORIZED_PERSON') && requirement.kind !== 'NOT_A_REPRESENTATIVE',
    isCollected: coSigningOf(representation, person) !== undefined,
  };
}

/** A board member the applicant may ask to sign with them: named by the register with a personal code an eID signs as. */
export type CoSignerCandidate = RegisterRepresentative & { personalId: string };

/**
 * Who the product collects signatures from (decision 39): `othersNeeded` of `candidates` besides the applicant. Only
 * for a rule the product reads with certainty (TOGETHER) and only if enough of those it names can sign with an eID;
 * otherwise undefined, and the bank gets the board's signatures itself (SIGN_BY_LINK).
 */
export type CoSigning = { othersNeeded: number; candidates: CoSignerCandidate[] };

export function coSigningOf(representation: CompanyRepresentation, applicant: PersonCode): CoSigning | undefined {
  const requirement = signingRequirement(representation, applicant);
  if (requirement.kind !== 'TOGETHER') return undefined;
  const candidates = requirement.candidates.filter((candidate): candidate is CoSignerCandidate => candidate.personalId !== undefined);
  return candidates.length >= requirement.othersNeeded ? { othersNeeded: requirement.othersNeeded, candidates } : undefined;
}

/**
 * The signers the bank named where the product cannot read the rule (BANK_DECIDES, decision 41): exactly those, each
 * one of the register's candidates with a personal code, none the applicant, none twice. Undefined when the rule is
 * one the product reads (it collects by the rule then) or a named person is not such a candidate: the bank's
 * decision is refused rather than collect a signature the register does not support.
 */
export function coSigningNamedByBank(representation: CompanyRepresentation, applicant: PersonCode, named: readonly PersonCode[]): CoSigning | undefined {
  const requirement = signingRequirement(representation, applicant);
  if (requirement.kind !== 'BANK_DECIDES' || named.length === 0) return undefined;
  const candidates = requirement.candidates.filter((candidate): candidate is CoSignerCandidate => candidate.personalId !== undefined);
  const chosen = named.map((person) => candidates.find((candidate) => isPerson(candidate, person)));
  if (chosen.some((candidate) => candidate === undefined)) return undefined;
  const distinct = distinctPersons(chosen as CoSignerCandidate[]) as CoSignerCandidate[];
  return distinct.length === named.length ? { othersNeeded: distinct.length, candidates: distinct } : undefined;
}

/**
 * Whether the co-signatures in complete the company's signature: `othersNeeded` distinct candidates. A signature by
 * someone the rule does not name, or the same person twice, counts for nothing.
 */
export function hasEnoughSignatures(coSigning: CoSigning, signers: readonly PersonCode[]): boolean {
  const counted = coSigning.candidates.filter((candidate) => signers.some((signer) => isPerson(candidate, signer)));
  return distinctPersons(counted).length >= coSigning.othersNeeded;
}

/**
 * An applicant who declared a right of representation the register does not give them (decision 39): their
 * application is submitted flagged, as before, and the product collects no one's signature beside theirs.
 */
export const hasMisstatedRight = (discrepancies: readonly { fact: string }[]): boolean =>
  discrepancies.some((discrepancy) => discrepancy.fact === 'REPRESENTATION_BASIS');
