import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ServiceFeeInvoice } from '@onboarding/domain';

/** An application's service fee invoice as kept: its payment reference is made from the application number when shown. */
export type StoredServiceFeeInvoice = Omit<ServiceFeeInvoice, 'paymentReference'>;

/**
 * One row per account-opening application. The server owns the application:
 * `current_step` decides the screen (docs/requirements.md sections 2 and 4),
 * `step_data` holds what the representative entered, keyed by step, and
 * `version` makes every change an optimistic, all-or-nothing write.
 */
export const applications = pgTable(
  'applications',
  {
    processId: uuid('process_id').primaryKey().defaultRandom(),
    /**
     * The application's number for people: on the success page, in the mails and, with a check digit, as the
     * service fee's payment reference. Given by the database at creation, so it is unique across instances.
     */
    applicationNumber: integer('application_number').notNull().generatedByDefaultAsIdentity({ startWith: 100001 }),
    representativePersonalId: text('representative_personal_id').notNull(),
    representativeCountryCode: text('representative_country_code').notNull().default('EE'),
    companyName: text('company_name').notNull(),
    /** Null when the company has no registry code yet (docs/requirements.md section 3). */
    companyRegistryCode: text('company_registry_code'),
    companyRegistryCountryCode: text('company_registry_country_code').notNull().default('EE'),
    currentStep: text('current_step').notNull().default('AccountOpeningReason'),
    stepData: jsonb('step_data').$type<Record<string, unknown>>().notNull().default({}),
    /** Autosaved input of each step, as typed; validated only when the step is saved. */
    drafts: jsonb('drafts').$type<Record<string, unknown>>().notNull().default({}),
    /** REGISTER when the company came from the business register, MANUAL when typed in. */
    companySource: text('company_source').notNull().default('REGISTER'),
    /** The register's legal form (OU, AS, ...); null for a company the register does not know. */
    companyLegalForm: text('company_legal_form'),
    /**
     * The company's register card as last read (RegisterCompanyDetails), and when: the facts the bank decides on.
     * What the applicant declares stays in step_data beside it, never over it. Null when the register does not know the company.
     */
    registerFacts: jsonb('register_facts').$type<Record<string, unknown>>(),
    registerQueriedAt: timestamp('register_queried_at', { withTimezone: true }),
    /**
     * Set at submission: where the declaration contradicted the register (Discrepancy[]). A submission with any is
     * flagged for a manager and does not count as the company's submitted application until one confirms it.
     */
    submittedDiscrepancies: jsonb('submitted_discrepancies').$type<unknown[]>(),
    status: text('status').notNull().default('IN_PROGRESS'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Once submitted: what the bank does next (FOLLOW_UPS), chosen when the contract is signed. */
    followUp: text('follow_up'),
    /**
     * Set while the applicant fills again what the bank asked for (a MORE_INFORMATION_NEEDED decision): only these
     * steps may change, and the application is IN_PROGRESS until it is signed anew, which clears it.
     */
    reopenedSteps: jsonb('reopened_steps').$type<string[]>(),
    /**
     * The board members the bank named to sign beside the applicant where the register's rule is not one the product
     * reads (decision SIGNERS_NAMED, decision 41), by personal code; null until it names them.
     */
    namedSigners: jsonb('named_signers').$type<{ personalId: string; personalIdCountryCode: string }[]>(),
    /**
     * The service fee's invoice once issued: with the submission (SERVICE_FEE_EUR and SERVICE_FEE_IBAN), or by the
     * bank's FEE_INVOICED. What the applicant was told to pay, and to whom; a fee is invoiced once, so a second
     * FEE_INVOICED is refused. Null until then. The payment reference is the application number's (not stored).
     */
    serviceFeeInvoice: jsonb('service_fee_invoice').$type<StoredServiceFeeInvoice>(),
  },
  (table) => [
    index('applications_representative_idx').on(table.representativePersonalId, table.representativeCountryCode),
    index('applications_company_idx').on(table.companyRegistryCountryCode, table.companyRegistryCode),
    uniqueIndex('applications_application_number_idx').on(table.applicationNumber),
    // One open application per company (docs/requirements.md section 3: another representative's, or a submitted one,
    // stops a new one): two representatives starting at the same moment cannot both get one. Companies without a code are
    // not covered, nor a submission flagged for contradicting the register (it must not lock the company's real board
    // out).
    uniqueIndex('applications_one_open_per_company_idx')
      .on(table.companyRegistryCountryCode, table.companyRegistryCode)
      .where(sql`status in ('IN_PROGRESS', 'AWAITING_SIGNATURES', 'SUBMITTED') and company_registry_code is not null and submitted_discrepancies is null`),
    check(
      'applications_status_check',
      sql`${table.status} in ('IN_PROGRESS', 'AWAITING_SIGNATURES', 'SUBMITTED', 'VISIT_BANK', 'SUPERSEDED', 'CANCELLED', 'APPROVED', 'DECLINED')`,
    ),
    check('applications_version_check', sql`${table.version} >= 1`),
  ],
);

/**
 * Append-only history of every application change and decision: what happened,
 * who did it and with which data. A trigger (migration 0001) refuses UPDATE and
 * DELETE, so the history can be trusted as evidence.
 */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    processId: uuid('process_id')
      .notNull()
      .references(() => applications.processId),
    type: text('type').notNull(),
    /** Personal ID of the person who caused the event, or `system`. */
    actor: text('actor').notNull(),
    applicationVersion: integer('application_version').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('application_events_process_idx').on(table.processId, table.id)],
);

/**
 * One sign-in attempt (docs/requirements.md section 4): started with Smart-ID
 * or Mobile-ID, or completed at once by ID-card or magic sign-in. It carries
 * the PKCE challenge and client state, the hash the user signs, and once
 * complete the person from the certificate and the hash of a single-use
 * authorization code.
 */
/** What is kept of a Smart-ID sign-in by device link; the session secret only sealed with the key-encryption key. */
export type StoredDeviceLink = {
  flow: 'QR' | 'Web2App';
  providerSessionId: string;
  sessionToken: string;
  sealedSessionSecret: { kekId: string; sealed: string };
  deviceLinkBase: string;
  rpChallenge: string;
  interactions: string;
  initialCallbackUrl?: string;
  createdAtMs: number;
  /** Web2App: SHA-256 of the cookie set at the start and of the one-time value in the callback address. */
  cookieHash?: string;
  valueHash?: string;
};

/**
 * A Smart-ID certificate choice by QR code or app link, the first half of linked signing (decision 38): what
 * any instance needs to draw its links. The session's secret is sealed as in StoredDeviceLink.
 */
export type StoredCertificateChoiceLink = {
  flow: 'QR' | 'Web2App';
  sessionToken: string;
  sealedSessionSecret: { kekId: string; sealed: string };
  deviceLinkBase: string;
  initialCallbackUrl?: string;
  createdAtMs: number;
  /** Web2App: SHA-256 of the one-time value in the return address, removed once the return is used. */
  valueHash?: string;
};

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    method: text('method').notNull(),
    status: text('status').notNull().default('RUNNING'),
    /** The personal code the user typed; the signed-in person comes from the certificate. */
    requestedPersonalId: text('requested_personal_id'),
    phoneNumber: text('phone_number'),
    providerSessionId: text('provider_session_id'),
    /** Base64 of the hash sent to the identity service, needed to validate its signature. */
    signedHash: text('signed_hash'),
    hashType: text('hash_type'),
    clientState: text('client_state').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    failureCode: text('failure_code'),
    personalId: text('personal_id'),
    personalIdCountryCode: text('personal_id_country_code'),
    givenName: text('given_name'),
    surname: text('surname'),
    /** SHA-256 of the authorization code; the code itself is never stored. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeUsedAt: timestamp('code_used_at', { withTimezone: true }),
    clientAddress: text('client_address').notNull(),
    /**
     * A Smart-ID sign-in by device link (QR or Web2App): SK's session with its secret sealed, and for Web2App the
     * hashes of the cookie and the one-time value its return must bring (modules/auth/smart-id-device-link.ts).
     */
    deviceLink: jsonb('device_link').$type<StoredDeviceLink>(),
    /** A completed Smart-ID sign-in: the account (device) the person used, which signing then asks by notification. */
    smartIdDocumentNumber: text('smart_id_document_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('auth_sessions_code_hash_idx').on(table.codeHash),
    index('auth_sessions_address_idx').on(table.clientAddress, table.createdAt),
    index('auth_sessions_person_idx').on(table.requestedPersonalId, table.createdAt),
    check('auth_sessions_method_check', sql`${table.method} in ('ID_CARD', 'MOBILE_ID', 'SMART_ID', 'MAGIC')`),
    check('auth_sessions_status_check', sql`${table.status} in ('RUNNING', 'COMPLETE', 'FAILED', 'CANCELLED')`),
  ],
);

/** A signed-in session: what access tokens name (sid) and refresh tokens keep alive. */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personalId: text('personal_id').notNull(),
    personalIdCountryCode: text('personal_id_country_code').notNull(),
    givenName: text('given_name').notNull(),
    surname: text('surname').notNull(),
    authenticationMethod: text('authentication_method').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why the session ended early: logout, refresh_token_reuse, authorization_code_reuse. */
    revokedReason: text('revoked_reason'),
    /** The sign-in whose authorization code was exchanged for this session; null for magic sign-in. */
    authSessionId: uuid('auth_session_id').references(() => authSessions.id),
  },
  (table) => [index('user_sessions_auth_session_idx').on(table.authSessionId)],
);

/** Refresh tokens, stored only as SHA-256 hashes; each is used once and replaced. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => userSessions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

/** Authentication events of docs/requirements.md section 7, append-only like application_events. */
export const authenticationEvents = pgTable(
  'authentication_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    result: text('result').notNull(),
    authenticationMethod: text('authentication_method'),
    personalId: text('personal_id'),
    visitorId: text('visitor_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    clientAddress: text('client_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('authentication_events_person_idx').on(table.personalId, table.createdAt),
    index('authentication_events_address_idx').on(table.clientAddress, table.createdAt),
    check('authentication_events_result_check', sql`${table.result} in ('FAILED', 'COMPLETED')`),
  ],
);

/** What the representative told us about themselves (docs/requirements.md section 1: e-mail, phone, consent). */
export const representatives = pgTable(
  'representatives',
  {
    personalId: text('personal_id').notNull(),
    personalIdCountryCode: text('personal_id_country_code').notNull(),
    email: text('email'),
    phone: text('phone'),
    language: text('language'),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    /**
     * When the person typed back the code mailed to `email`; null until then, and again whenever another address is
     * saved. Mail goes only to a confirmed address (onboarding/email-confirmation.ts).
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.personalId, table.personalIdCountryCode] })],
);

/**
 * The one open e-mail confirmation code of a person: only its SHA-256 (with the person and the address), until it
 * is typed back right, runs out of tries or expires. A new code replaces the old one.
 */
export const emailConfirmationCodes = pgTable(
  'email_confirmation_codes',
  {
    personalId: text('personal_id').notNull(),
    personalIdCountryCode: text('personal_id_country_code').notNull(),
    /** The address the code was sent to: typing it back confirms this address only. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    triesLeft: integer('tries_left').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.personalId, table.personalIdCountryCode] })],
);

/**
 * Mail waiting to be sent. The request that causes a mail only adds a row here,
 * in its own transaction; a sender claims rows with FOR UPDATE SKIP LOCKED, so
 * several instances never send one mail twice.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    /** The mailbox the recipient address delivers to (mail/mailbox-key.ts): what the limits per address count. */
    recipientKey: text('recipient_key').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Which template and language made it, for the record. */
    template: text('template').notNull(),
    language: text('language').notNull(),
    processId: uuid('process_id'),
    /** The person whose request made the mail (`EE:38001085718`), for the limits per person; null for the bank's mail. */
    personKey: text('person_key'),
    /**
     * Which file of the application the template's attachment goes with: for APPLICATION_SUBMITTED the signing
     * session its submission event names, so a mail sent late never carries another round's container.
     */
    attachmentKey: text('attachment_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('mail_outbox_pending_idx').on(table.sentAt, table.nextAttemptAt),
    // The send limits count one template's mail per application and per mailbox in a time window.
    index('mail_outbox_process_template_idx').on(table.processId, table.template, table.createdAt),
    index('mail_outbox_recipient_key_template_idx').on(table.recipientKey, table.template, table.createdAt),
    index('mail_outbox_person_key_template_idx').on(table.personKey, table.template, table.createdAt),
  ],
);

/** Bytes as PostgreSQL stores them (bytea); Drizzle has no built-in column for it. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A contract drawn up from an application for signing: the exact PDF bytes
 * and their SHA-256, which is what every signing method signs. A new one is
 * drawn up whenever the application changed since the last.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    processId: uuid('process_id')
      .notNull()
      .references(() => applications.processId),
    /** The application version the contract was drawn up from. */
    applicationVersion: integer('application_version').notNull(),
    language: text('language').notNull(),
    document: bytea('document').notNull(),
    /** Lowercase hex SHA-256 of `document`. */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contracts_process_idx').on(table.processId, table.applicationVersion)],
);

/**
 * One attempt to sign a contract with PIN2 (docs/requirements.md section 4
 * signing states). A SIGNED row is the evidence: the signature, the signing
 * certificate and the time; only one per application can exist.
 */
export const signingSessions = pgTable(
  'signing_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    processId: uuid('process_id')
      .notNull()
      .references(() => applications.processId),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id),
    method: text('method').notNull(),
    status: text('status').notNull().default('RUNNING'),
    personalId: text('personal_id').notNull(),
    phoneNumber: text('phone_number'),
    /** The identity service's session (Smart-ID and Mobile-ID). */
    providerSessionId: text('provider_session_id'),
    /** Smart-ID: the document number the certificate choice named, which the signature is asked from. */
    documentNumber: text('document_number'),
    /** Smart-ID without a Smart-ID sign-in: the QR code or app link the account is chosen by, until it is chosen. */
    deviceLink: jsonb('device_link').$type<StoredCertificateChoiceLink>(),
    verificationCode: text('verification_code'),
    /** Why it did not end SIGNED: a lowercase code of docs/requirements.md section 8. */
    failureCode: text('failure_code'),
    /**
     * The XAdES signature being made (META-INF/signatures0.xml without its
     * value): drawn up once the signing certificate is known, so every status
     * call and every instance completes the same one.
     */
    signatureXml: text('signature_xml'),
    /** Base64 SHA-256 of the canonical SignedInfo: the hash the eID signs. */
    signedInfoHash: text('signed_info_hash'),
    /**
     * The signed ASiC-E container, verified before it was stored: with every signature of the contract so far, so the
     * last signature's session holds the whole container.
     */
    container: bytea('container'),
    /** A co-signature: the invitation it answers (decision 39); null for the applicant's own signature. */
    invitationId: uuid('invitation_id').references(() => invitations.id),
    signature: text('signature'),
    signatureAlgorithm: text('signature_algorithm'),
    /** Base64 DER of the signing certificate. */
    certificate: text('certificate'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('signing_sessions_process_idx').on(table.processId),
    // One signature per person per contract: an application signed again after the bank asked for more information has a
    // new contract; each person invited to sign it too adds one of their own.
    uniqueIndex('signing_sessions_one_signed_idx')
      .on(table.contractId, table.personalId)
      .where(sql`${table.status} = 'SIGNED'`),
    check('signing_sessions_method_check', sql`${table.method} in ('SMART_ID', 'MOBILE_ID', 'ID_CARD')`),
    check('signing_sessions_status_check', sql`${table.status} in ('RUNNING', 'SIGNED', 'FAILED', 'CANCELLED')`),
    check(
      'signing_sessions_evidence_check',
      sql`${table.status} <> 'SIGNED' or (${table.signature} is not null and ${table.certificate} is not null and ${table.signedAt} is not null)`,
    ),
  ],
);

/**
 * A person the applicant asked, by a mailed link that only locates the invitation: to sign the contract with them
 * (purpose SIGN, decision 39: one of the board members the register names) or to give their own details (purpose
 * DETAILS, decision 40: a person of the related persons step). Only that person, found by personal code and signed in
 * with their own eID, opens it; it is answered by their signature, their details or a refusal, or withdrawn, or it
 * expires.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    processId: uuid('process_id')
      .notNull()
      .references(() => applications.processId),
    purpose: text('purpose').notNull().default('SIGN'),
    /** SIGN: the contract the applicant signed, which the invited person signs too. */
    contractId: uuid('contract_id').references(() => contracts.id),
    /** DETAILS: the person's id on the related persons step, whose details their answer fills in. */
    personId: text('person_id'),
    /** The invited person: only this personal code opens the invitation. */
    personalId: text('personal_id').notNull(),
    personalIdCountryCode: text('personal_id_country_code').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** The applicant who asked, as their eID named them then: the invited person reads who asks. */
    inviterName: text('inviter_name'),
    /** Where the applicant asked the link to be mailed, and in which language. */
    email: text('email').notNull(),
    language: text('language').notNull(),
    /** Base64url SHA-256 of the link's token: the link locates the invitation, the eID sign-in opens it. */
    tokenHash: text('token_hash').notNull(),
    status: text('status').notNull().default('PENDING'),
    /** The invited person's reason for refusing, in their words; shown to the applicant only. */
    declineReason: text('decline_reason'),
    /** How many times the link was mailed: once, then a few more at the applicant's request. */
    sendCount: integer('send_count').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /**
     * The invited person's own details as they gave them, signed in as themselves (decision 40), the applicant's
     * declaration of them at that moment beside it, and when.
     */
    ownDetails: jsonb('own_details'),
    ownDetailsDeclared: jsonb('own_details_declared'),
    ownDetailsAt: timestamp('own_details_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invitations_token_hash_idx').on(table.tokenHash),
    index('invitations_process_idx').on(table.processId, table.createdAt),
    // One live invitation per person and contract: asked again only once the last was refused, withdrawn or expired.
    uniqueIndex('invitations_one_open_per_person_idx')
      .on(table.contractId, table.personalIdCountryCode, table.personalId)
      .where(sql`${table.status} in ('PENDING', 'SIGNED')`),
    // One open request for details per person and application.
    uniqueIndex('invitations_one_open_request_idx')
      .on(table.processId, table.personalIdCountryCode, table.personalId)
      .where(sql`${table.purpose} = 'DETAILS' and ${table.status} = 'PENDING'`),
    // EXPIRED is stored only when a new invitation replaces a lapsed one; until then a lapsed one reads as expired.
    check('invitations_status_check', sql`${table.status} in ('PENDING', 'SIGNED', 'ANSWERED', 'DECLINED', 'WITHDRAWN', 'EXPIRED')`),
    check(
      'invitations_purpose_check',
      sql`(${table.purpose} = 'SIGN' and ${table.contractId} is not null) or (${table.purpose} = 'DETAILS' and ${table.personId} is not null and ${table.contractId} is null)`,
    ),
  ],
);

/**
 * Request counters of the rate limits (modules/rate-limits/plugin.ts), one
 * row per limit and client key, shared by every instance on this database. The
 * key is a hash: personal codes and addresses are not kept here in clear.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_resets_at_idx').on(table.resetsAt)],
);

/**
 * The `jti` of every client assertion (RFC 7523) a bank's system signed in with, until it expires: an assertion is
 * good once, so a copied one is refused.
 */
export const clientAssertions = pgTable(
  'client_assertions',
  {
    clientId: text('client_id').notNull(),
    jti: text('jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.jti] }), index('client_assertions_expires_at_idx').on(table.expiresAt)],
);

/**
 * The first answer to each `Idempotency-Key` of a bank's client: a repeat of the key gets it again instead of a
 * second decision. The request's hash tells a repeat from another request under the same key.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    clientId: text('client_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    body: jsonb('body').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.key] }), index('idempotent_requests_created_at_idx').on(table.createdAt)],
);

/**
 * Events for the bank's systems (CloudEvents 1.0), written in the transaction of what they report and delivered by
 * webhook at least once, in order per application: a sender claims the oldest undelivered event of an application
 * with FOR UPDATE SKIP LOCKED, as the mail outbox does, so instances share the work.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The CloudEvent's id: what a receiver deduplicates by. */
    eventId: uuid('event_id').notNull().defaultRandom(),
    processId: uuid('process_id')
      .notNull()
      .references(() => applications.processId),
    type: text('type').notNull(),
    /** The whole CloudEvent as sent (structured mode). */
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    uniqueIndex('event_outbox_event_id_idx').on(table.eventId),
    index('event_outbox_pending_idx')
      .on(table.processId, table.id)
      .where(sql`${table.deliveredAt} is null`),
  ],
);

/**
 * The keys that sign access tokens when the instances share a PostgreSQL database and no key file is given
 * (modules/auth/signing-key.ts), one set per purpose: the newest key not retired signs, every key not retired
 * verifies. The private key is sealed with a key-encryption key the database never sees (key-encryption.ts).
 */
export const authSigningKeys = pgTable(
  'auth_signing_keys',
  {
    keyId: text('key_id').primaryKey(),
    /**
     * PKCS#8 PEM of the private key in the clear: only rows written before migration 0019. The first instance of a
     * later release seals them and empties this column (docs/decisions/0021).
     */
    privateKeyPem: text('private_key_pem'),
    /** `applicant` (the web app's access tokens) or `integration` (the bank's machine clients'). */
    purpose: text('purpose').notNull().default('applicant'),
    /** Which key-encryption key sealed the private key. */
    kekId: text('kek_id'),
    /** The PKCS#8 PEM sealed with AES-256-GCM: base64url of iv, ciphertext and tag, dot-separated. */
    sealedPrivateKey: text('sealed_private_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (table) => [check('auth_signing_keys_purpose_check', sql`${table.purpose} in ('applicant', 'integration')`)],
);

/**
 * The open challenges of simulated mode's ID-card sign-in (modules/auth/simulated-id-card.ts): one per nonce,
 * for the code challenge of the flow it was issued to, until it is answered or expires. Any instance answers a
 * challenge another issued. The nonce is a bearer secret while it lives, so only its SHA-256 is kept.
 */
export const idCardChallenges = pgTable(
  'id_card_challenges',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    codeChallenge: text('code_challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('id_card_challenges_expires_at_idx').on(table.expiresAt)],
);

/**
 * The companies that are the bank's customers already (docs/requirements.md section 4's "active company with an
 * existing account"): kept by the bank's systems through the integration API, and added by an APPROVED decision.
 * The register does not know it; in simulated mode the fixture's customers are inserted at start.
 */
export const bankCustomers = pgTable(
  'bank_customers',
  {
    registryCountryCode: text('registry_country_code').notNull(),
    registryCode: text('registry_code').notNull(),
    /** BANK: the bank's systems said so; APPROVED: an application of this product was approved. */
    source: text('source').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.registryCountryCode, table.registryCode] }),
    check('bank_customers_source_check', sql`${table.source} in ('BANK', 'APPROVED')`),
  ],
);

/**
 * The register's answers, one row per query (operation and its fields, hashed), shared by every instance on this
 * database so that a company's card is asked once per freshness window (docs/decisions/0035). `answer` is the
 * scrubbed answer with its query time, as the register client returns it; the purge deletes a row once it expires.
 */
export const registerAnswers = pgTable(
  'register_answers',
  {
    key: text('key').primaryKey(),
    operation: text('operation').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    queriedAt: timestamp('queried_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('register_answers_expires_at_idx').on(table.expiresAt)],
);

/**
 * The register's breaker, one row per register, shared by every instance (docs/decisions/0035): passing failures
 * in a row, the last one's time, and until when no query is sent.
 */
export const registerBreaker = pgTable('register_breaker', {
  name: text('name').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  openUntil: timestamp('open_until', { withTimezone: true }),
});

/**
 * What the register answered when an application's company was read from it, at creation and before signing: the
 * scrubbed answers with their query times, kept as evidence of the verified facts (docs/decisions/0035). Deleted
 * only with the application, by the retention purge.
 */
export const registerEvidence = pgTable(
  'register_evidence',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    processId: uuid('process_id')
      .notNull()
      .references(() => applications.processId),
    /** One reading of the company (a creation or a check before signing) shares this time: when it was kept. */
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    operation: text('operation').notNull(),
    queriedAt: timestamp('queried_at', { withTimezone: true }).notNull(),
    paring: jsonb('paring').notNull(),
    keha: jsonb('keha').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [index('register_evidence_process_idx').on(table.processId, table.readAt)],
);

export const schema = {
  applications,
  applicationEvents,
  authSessions,
  userSessions,
  refreshTokens,
  authenticationEvents,
  representatives,
  emailConfirmationCodes,
  mailOutbox,
  contracts,
  signingSessions,
  invitations,
  rateLimitCounters,
  clientAssertions,
  idempotentRequests,
  eventOutbox,
  authSigningKeys,
  idCardChallenges,
  bankCustomers,
  registerAnswers,
  registerBreaker,
  registerEvidence,
};
