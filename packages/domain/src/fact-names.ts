// The names of facts, apart from their schemas: the browser's first screen needs the names without zod.

/** The facts a declaration can contradict, in the order the overview lists them. */
export const DISCREPANCY_FACTS = [
  'REPRESENTATION_BASIS',
  'LISTED_COMPANY',
  'LEGAL_ADDRESS',
  'MAIN_FIELD_OF_ACTIVITY',
  'MANAGEMENT_BOARD',
  'SHAREHOLDERS',
  'BENEFICIAL_OWNERS',
] as const;
export type DiscrepancyFact = (typeof DISCREPANCY_FACTS)[number];

/**
 * What changed in the register between two readings, and the step it reopens. SIGNERS: who must sign with the
 * applicant, as the register's representation rule has it.
 */
export const REGISTER_CHANGE_FACTS = ['COMPANY_UNKNOWN', 'STATUS', 'BUSINESS_NAME', 'SIGNERS', ...DISCREPANCY_FACTS] as const;
export type RegisterChangeFact = (typeof REGISTER_CHANGE_FACTS)[number];

/**
 * The facts the register would decide and the bank acts on without asking anyone: who the company is, the
 * person's right to represent it, whether it is listed, who owns it, and who its beneficial owners are. One the
 * applicant alone declared is unverified, and an unverified fact never leads to a follow-up with nobody of the bank
 * in the loop. The beneficial owners are unverified also when the register counts some it does not name.
 */
export const VERIFIABLE_FACTS = ['COMPANY', 'REPRESENTATION_BASIS', 'LISTED_COMPANY', 'SHAREHOLDERS', 'BENEFICIAL_OWNERS'] as const;
export type VerifiableFact = (typeof VERIFIABLE_FACTS)[number];
