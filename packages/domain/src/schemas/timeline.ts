import { z } from 'zod';
import { decisionSchema } from './decisions.js';
import { APPLICATION_STATUSES } from './onboarding.js';
import { serviceFeeInvoiceSchema } from './service-fee.js';
import { SIGNING_METHODS } from './signing.js';

/**
 * A submitted application's timeline as its applicant sees it on the status page: each signed submission and each of
 * the bank's decisions, oldest first. Only what the applicant may see: no actors, no register facts, no evidence.
 */
export const timelineEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('SUBMITTED'),
    at: z.string(),
    /** How the contract was signed; null for a submission whose record names no method the applicant would know. */
    method: z.enum(SIGNING_METHODS).nullable(),
    /** Signed again after the bank asked for more information. */
    isResubmission: z.boolean(),
  }),
  z.object({ kind: z.literal('DECISION'), at: z.string(), decision: decisionSchema }),
]);
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const applicationTimelineSchema = z.object({
  processId: z.string(),
  applicationNumber: z.number().int(),
  /** The application number with its 7-3-1 check digit: what a service fee payment must carry. */
  paymentReference: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  /** The steps the bank asked to fill again, while the applicant does so; else null. */
  reopenedSteps: z.array(z.string()).nullable(),
  entries: z.array(timelineEntrySchema),
  /** The service fee's invoice once issued, whoever issued it: all a payment needs. Null until then. */
  serviceFeeInvoice: serviceFeeInvoiceSchema.nullable().optional(),
});
export type ApplicationTimeline = z.infer<typeof applicationTimelineSchema>;
