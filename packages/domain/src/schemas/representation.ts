import { z } from 'zod';

/**
 * Who may act for a company, as the e-Business Register states it (docs/register-facts.md section 5): each
 * representative with the register's own answer to "may this person act alone", the rule for the board, and the
 * special conditions as the register writes them.
 */

/** The roles that carry a right of representation in the register: the board, procura holders, liquidators. */
export const REPRESENTATIVE_ROLES = ['MANAGEMENT_BOARD_MEMBER', 'AUTHORIZED_PERSON', 'LIQUIDATOR'] as const;
export type RepresentativeRole = (typeof REPRESENTATIVE_ROLES)[number];

export const registerRepresentativeSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** Absent for a person the register names by a foreign code or birth date only. */
  personalId: z.string().optional(),
  personalIdCountryCode: z.string(),
  role: z.enum(REPRESENTATIVE_ROLES),
  /** The register's "sole right of representation exists" for this person (esindus_v2's JAH or EI). */
  mayActAlone: z.boolean(),
});
export type RegisterRepresentative = z.infer<typeof registerRepresentativeSchema>;

/**
 * The board's rule: every member alone (the Commercial Code's default), a number of members together, or all of
 * them together. UNKNOWN: the register gives a rule this product cannot read as one of these; a person at the bank
 * reads the special conditions.
 */
export const representationRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('EACH_ALONE') }),
  z.object({ kind: z.literal('JOINTLY'), count: z.number().int().min(2) }),
  z.object({ kind: z.literal('ALL_JOINTLY') }),
  z.object({ kind: z.literal('UNKNOWN') }),
]);
export type RepresentationRule = z.infer<typeof representationRuleSchema>;

export const companyRepresentationSchema = z.object({
  rule: representationRuleSchema,
  /** The register's special conditions of representation, word for word (thresholds, consents...). */
  specialConditions: z.array(z.string()),
  representatives: z.array(registerRepresentativeSchema),
});
export type CompanyRepresentation = z.infer<typeof companyRepresentationSchema>;

export const SIGNING_REQUIREMENTS = ['ALONE', 'TOGETHER', 'BANK_DECIDES', 'NOT_A_REPRESENTATIVE'] as const;

/**
 * What the applicant is told before signing (docs/register-facts.md section 5): whether others must sign with them,
 * how many and from whom, and whether a person at the bank reads the register's conditions. Names only: the
 * applicant needs no one else's personal code to know whom to ask.
 */
export const signingSummarySchema = z.object({
  requirement: z.enum(SIGNING_REQUIREMENTS),
  /** How many of `candidates` must sign too: 0 when the applicant signs alone or the bank decides. */
  othersNeeded: z.number().int().min(0),
  candidates: z.array(z.object({ firstName: z.string(), lastName: z.string() })),
  /** Special conditions, or a rule the product cannot read: a person at the bank reads the register. */
  isCheckedByBank: z.boolean(),
  /** The applicant represents the company by procura only: the board signs too. */
  isProcuraHolder: z.boolean(),
  /**
   * After the applicant signs, they invite the others and each signs the same contract with their own eID (decision
   * 39); false: the bank collects any other signature itself.
   */
  isCollected: z.boolean(),
});
export type SigningSummary = z.infer<typeof signingSummarySchema>;
