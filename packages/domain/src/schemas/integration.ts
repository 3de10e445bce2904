import { z } from 'zod';
import { VERIFIABLE_FACTS } from '../fact-names.js';
import { applicationFactsSchema, discrepancySchema } from '../facts.js';
import { REOPENABLE_STEPS } from './decisions.js';
import { INVITATION_STATUSES } from './invitations.js';
import { ownStatementSchema } from './own-details.js';
import { applicationHistorySchema, FOLLOW_UPS } from './onboarding.js';
import { SIGNING_METHODS } from './signing.js';
import { serviceFeeInvoiceSchema } from './service-fee.js';

/**
 * The integration API of the bank's own systems (docs/design.md "Hand-off"): a machine client signs in with
 * OAuth 2.0 client credentials and a signed JWT (RFC 7523 private_key_jwt) and reads submitted applications.
 */

/** What a registered client may be allowed: reading applications, recording the bank's decisions, keeping its list of customers. */
export const INTEGRATION_SCOPES = ['applications:read', 'applications:decide', 'customers:manage'] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

/** The audience of integration access tokens: never the applicant's, so neither token passes the other's routes. */
export const INTEGRATION_AUDIENCE = 'integration';

/** RFC 7523 section 2.2: the client assertion type of private_key_jwt. */
export const JWT_BEARER_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/**
 * The token request (RFC 6749 section 4.4, form-encoded). Every field is optional here: what is missing or wrong is
 * answered with the RFC's own error codes, not the app's validation errors.
 */
export const clientCredentialsTokenRequestSchema = z.object({
  grant_type: z.string().max(200).optional().describe('client_credentials'),
  client_assertion_type: z.string().max(200).optional().describe(JWT_BEARER_ASSERTION_TYPE),
  client_assertion: z.string().max(8192).optional().describe('A JWT signed with the client key: iss = sub = client id, aud = the token URL, exp, jti'),
  scope: z.string().max(1000).optional().describe('Space-separated scopes; default: all the client is registered for'),
  client_id: z.string().max(200).optional(),
});
export type ClientCredentialsTokenRequest = z.infer<typeof clientCredentialsTokenRequestSchema>;

export const clientCredentialsTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type ClientCredentialsTokenResponse = z.infer<typeof clientCredentialsTokenResponseSchema>;

/** RFC 6749 section 5.2 error codes the token endpoint answers with. */
export const OAUTH_ERRORS = ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope'] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];
/** Their statuses: invalid_client is 401, every other token error 400 (RFC 6749 section 5.2). */
export const OAUTH_ERROR_STATUS = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
} as const satisfies Record<OAuthErrorCode, number>;
export const oauthErrorBodySchema = z.object({ error: z.enum(OAUTH_ERRORS), error_description: z.string().optional() });
export type OAuthErrorBody = z.infer<typeof oauthErrorBodySchema>;

/** Statuses an application has once it was submitted at least once (IN_PROGRESS: reopened for more information). */
export const INTEGRATION_APPLICATION_STATUSES = ['SUBMITTED', 'APPROVED', 'DECLINED', 'IN_PROGRESS'] as const;

export const INTEGRATION_PAGE_SIZE = { default: 50, max: 200 } as const;

export const listApplicationsQuerySchema = z.object({
  status: z.enum(INTEGRATION_APPLICATION_STATUSES).optional(),
  /** Only applications changed at or after this instant. */
  updatedSince: z.iso.datetime({ offset: true }).optional(),
  /** The `nextCursor` of the previous page, as it was given. */
  cursor: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(INTEGRATION_PAGE_SIZE.max).default(INTEGRATION_PAGE_SIZE.default),
});
export type ListApplicationsQuery = z.infer<typeof listApplicationsQuerySchema>;

export const integrationApplicationSummarySchema = z.object({
  processId: z.uuid(),
  applicationNumber: z.number().int(),
  status: z.enum(INTEGRATION_APPLICATION_STATUSES),
  company: z.object({
    name: z.string(),
    registryCode: z.string().nullable(),
    registryCountryCode: z.string(),
    /** False: the business register does not know the company; its name and code are only as the applicant typed them. */
    isVerified: z.boolean(),
  }),
  submittedAt: z.string().nullable(),
  /** With microseconds: the order of the list. */
  updatedAt: z.string(),
  /** What a decision names, so one made on an older version is refused. */
  version: z.number().int(),
});
export type IntegrationApplicationSummary = z.infer<typeof integrationApplicationSummarySchema>;

export const integrationApplicationPageSchema = z.object({
  items: z.array(integrationApplicationSummarySchema),
  /** Null on the last page; otherwise the `cursor` of the next. */
  nextCursor: z.string().nullable(),
});
export type IntegrationApplicationPage = z.infer<typeof integrationApplicationPageSchema>;

/** A person the applicant asked by a mailed link: to sign too, or to give their own details. */
const invitedPersonSchema = z.object({
  invitationId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  personalId: z.string(),
  personalIdCountryCode: z.string(),
  status: z.enum(INVITATION_STATUSES),
  sendCount: z.number().int(),
  lastSentAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  answeredAt: z.iso.datetime({ offset: true }).nullable(),
  declineReason: z.string().nullable(),
  /** Their own details as they gave them, beside the applicant's declaration at that moment (decision 40). */
  ownDetails: ownStatementSchema.nullable(),
});

export const integrationApplicationSchema = integrationApplicationSummarySchema.extend({
  followUp: z.enum(FOLLOW_UPS).nullable(),
  /** The step data as the applicant saved it, keyed by step. */
  steps: z.record(z.string(), z.unknown()),
  /** Every fact the bank acts on, with its source: the register (with its query time), the eID, or the applicant. */
  facts: applicationFactsSchema,
  /** Where the applicant's declaration contradicts the register. */
  discrepancies: z.array(discrepancySchema),
  /** Facts the register would decide that only the applicant declared: a manager verifies them before the account opens. */
  unverifiedFacts: z.array(z.enum(VERIFIABLE_FACTS)),
  /** The application's append-only record: each change with its JSON Patch, author, time and source. */
  history: applicationHistorySchema.shape.events,
  /** The steps the applicant fills again after a MORE_INFORMATION_NEEDED decision; null otherwise. */
  reopenedSteps: z.array(z.enum(REOPENABLE_STEPS)).nullable(),
  /**
   * The service fee's invoice once issued: with the submission (the product's price and account) or by FEE_INVOICED.
   * The payment to expect carries its payment reference; a fee is invoiced once. Null until then.
   */
  serviceFeeInvoice: serviceFeeInvoiceSchema.nullable(),
  /** Every signature in the current signed container, in the order given: the applicant's, then the board's (decision 39). */
  signatures: z.array(
    z.object({
      name: z.string(),
      personalId: z.string(),
      personalIdCountryCode: z.string(),
      method: z.enum(SIGNING_METHODS),
      signedAt: z.iso.datetime({ offset: true }),
    }),
  ),
  /** Each board member the applicant asked to sign too, newest first, with how the invitation ended (decision 39). */
  invitations: z.array(invitedPersonSchema),
  /**
   * Each related person the applicant asked to give their own details, newest first, with how the request ended and
   * their answer beside the applicant's declaration (decision 40).
   */
  detailRequests: z.array(invitedPersonSchema.extend({ personId: z.string() })),
  links: z.object({ contract: z.string(), signedContract: z.string() }),
});
export type IntegrationApplication = z.infer<typeof integrationApplicationSchema>;

/**
 * A company that is the bank's customer already: choosing it leads the representative to the online bank instead of
 * an application (docs/requirements.md section 4). BANK: the bank's systems listed it; APPROVED: an application of
 * this product was approved.
 */
export const bankCustomerSchema = z.object({
  registryCountryCode: z.string(),
  registryCode: z.string(),
  source: z.enum(['BANK', 'APPROVED']),
  addedAt: z.iso.datetime({ offset: true }),
});
export type BankCustomerView = z.infer<typeof bankCustomerSchema>;
