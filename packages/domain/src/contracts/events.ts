import { z } from 'zod';
import { decisionSchema } from '../schemas/decisions.js';
import { VERIFIABLE_FACTS } from '../fact-names.js';
import { APPLICATION_STATUSES, FOLLOW_UPS } from '../schemas/onboarding.js';
import { serviceFeeInvoiceSchema } from '../schemas/service-fee.js';

/**
 * The events the bank's systems receive by webhook: CloudEvents 1.0 in
 * structured mode (the whole event is the JSON body, sent as
 * `application/cloudevents+json`), signed per Standard Webhooks. The same
 * schemas serve the sender, its tests and any receiver written in
 * TypeScript. A receiver gets each event at least once and deduplicates by
 * its id (the `webhook-id` header); the events of one application arrive in
 * the order they happened, the next only after the previous was acknowledged.
 */

export const APPLICATION_SUBMITTED_EVENT = 'ee.onboarding.application.submitted.v1';
export const DECISION_RECORDED_EVENT = 'ee.onboarding.application.decision-recorded.v1';
export const INTEGRATION_EVENT_TYPES = [APPLICATION_SUBMITTED_EVENT, DECISION_RECORDED_EVENT] as const;
export type IntegrationEventType = (typeof INTEGRATION_EVENT_TYPES)[number];

/** Media type of a CloudEvent in structured mode. */
export const CLOUDEVENTS_JSON_MEDIA_TYPE = 'application/cloudevents+json';

/** Where the bank's systems read the application that an event is about (`/integration/v1`). */
export const integrationLinksSchema = z.object({
  /** The submitted application. */
  application: z.url(),
  /** The contract PDF as signed. */
  contract: z.url(),
  /** The signed ASiC-E container. */
  signed: z.url(),
});
export type IntegrationLinks = z.infer<typeof integrationLinksSchema>;

export const applicationSubmittedDataSchema = z.object({
  processId: z.uuid(),
  applicationNumber: z.number().int(),
  company: z.object({
    name: z.string(),
    /** Null for a company the register does not know yet (docs/requirements.md section 3). */
    registryCode: z.string().nullable(),
    registryCountryCode: z.string(),
    /** False: the business register does not know the company; its name and code are only as the applicant typed them. */
    isVerified: z.boolean(),
  }),
  submittedAt: z.iso.datetime({ offset: true }),
  followUp: z.enum(FOLLOW_UPS),
  /** The declaration contradicts the register somewhere: a manager must look before anything else happens. */
  hasDiscrepancies: z.boolean(),
  /**
   * The service fee's invoice issued with this submission (the product's price and account): the payment to expect,
   * with its payment reference; the fee is not to be invoiced again. Null when none was issued with it.
   */
  serviceFeeInvoice: serviceFeeInvoiceSchema.nullable(),
  /** Facts the register would decide that only the applicant declared: a manager must verify them first. */
  unverifiedFacts: z.array(z.enum(VERIFIABLE_FACTS)),
  /**
   * Everyone whose signature the contract's container holds, in the order they signed: the applicant, then the board
   * members who signed with them (decision 39).
   */
  signers: z.array(
    z.object({
      name: z.string(),
      personalId: z.string(),
      personalIdCountryCode: z.string(),
      signedAt: z.iso.datetime({ offset: true }),
    }),
  ),
  /** The application's version after the submission; a decision names the version it was made on. */
  version: z.number().int().min(1),
  links: integrationLinksSchema,
});
export type ApplicationSubmittedData = z.infer<typeof applicationSubmittedDataSchema>;

export const decisionRecordedDataSchema = z.object({
  processId: z.uuid(),
  applicationNumber: z.number().int(),
  decision: decisionSchema,
  /** The application's status once the decision is recorded. */
  status: z.enum(APPLICATION_STATUSES),
  /** The application's version once the decision is recorded. */
  version: z.number().int().min(1),
  /** The OAuth client id of the bank system that recorded the decision. */
  recordedBy: z.string().min(1),
});
export type DecisionRecordedData = z.infer<typeof decisionRecordedDataSchema>;

/** The CloudEvents 1.0 context attributes every event of ours has. */
const cloudEventOf = <Type extends IntegrationEventType, Data extends z.ZodType>(type: Type, data: Data) =>
  z.object({
    specversion: z.literal('1.0'),
    /** Unique per event and the same on every delivery of it: what a receiver deduplicates by. */
    id: z.uuid(),
    /** `${PUBLIC_URL}/integration/v1` */
    source: z.string().min(1),
    type: z.literal(type),
    /** The application's processId. */
    subject: z.uuid(),
    /** When it happened (not when it was sent). */
    time: z.iso.datetime({ offset: true }),
    datacontenttype: z.literal('application/json'),
    data,
  });

export const applicationSubmittedEventSchema = cloudEventOf(APPLICATION_SUBMITTED_EVENT, applicationSubmittedDataSchema);
export type ApplicationSubmittedEvent = z.infer<typeof applicationSubmittedEventSchema>;

export const decisionRecordedEventSchema = cloudEventOf(DECISION_RECORDED_EVENT, decisionRecordedDataSchema);
export type DecisionRecordedEvent = z.infer<typeof decisionRecordedEventSchema>;

/** Any event a webhook receiver may get. */
export const integrationEventSchema = z.discriminatedUnion('type', [applicationSubmittedEventSchema, decisionRecordedEventSchema]);
export type IntegrationEvent = z.infer<typeof integrationEventSchema>;

/** The data of each event type. */
export type IntegrationEventData = {
  [APPLICATION_SUBMITTED_EVENT]: ApplicationSubmittedData;
  [DECISION_RECORDED_EVENT]: DecisionRecordedData;
};
