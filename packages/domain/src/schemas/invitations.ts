import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { email, object, oneOf, requiredText, wholeNumber } from './fields.js';
import { ownDetailsSchema } from './own-details.js';
import { RELATED_PERSON_ROLES } from './related-persons.js';
import { REPRESENTATIVE_ROLES } from './representation.js';

/**
 * Co-signatures (decision 39): after the applicant signs, the board members the register's rule needs sign the same
 * contract, each with their own eID, invited by a mailed link.
 */

/** How many times one invitation's link may be mailed: the first mail and two more at the applicant's request. */
export const INVITATION_SENDS_MAX = 3;
export const DECLINE_REASON_MAX_LENGTH = 500;

/**
 * What an invitation asks: to sign the contract too (decision 39), or to give one's own details for the application
 * (decision 40).
 */
export const INVITATION_PURPOSES = ['SIGN', 'DETAILS'] as const;
export type InvitationPurpose = (typeof INVITATION_PURPOSES)[number];

/** SIGNED ends an invitation to sign, ANSWERED a request for details. EXPIRED is PENDING past its time: derived when read, never stored. */
export const INVITATION_STATUSES = ['PENDING', 'SIGNED', 'ANSWERED', 'DECLINED', 'WITHDRAWN', 'EXPIRED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

const at = z.iso.datetime({ offset: true });

/** One invitation as the applicant sees it: where it went, how it stands, and the invited person's answer. */
export const invitationSchema = z.object({
  invitationId: z.uuid(),
  status: z.enum(INVITATION_STATUSES),
  email: z.string(),
  language: z.enum(LOCALES),
  sendCount: z.number().int(),
  /** Whether the link may be mailed again now: pending and under INVITATION_SENDS_MAX. */
  maySendAgain: z.boolean(),
  lastSentAt: at,
  expiresAt: at,
  answeredAt: at.nullable(),
  /** The invited person's reason, in their words, when they declined. */
  declineReason: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** A board member who may sign with the applicant, by name only, with the latest invitation sent to them. */
export const coSignerSchema = z.object({
  /** Their place in the register's list: how the applicant names whom to invite, without their personal code. */
  candidateIndex: z.number().int().min(0),
  firstName: z.string(),
  lastName: z.string(),
  invitation: invitationSchema.nullable(),
});
export type CoSigner = z.infer<typeof coSignerSchema>;

/** The application's co-signatures: how many are needed, how many are in, and each board member who may give one. */
export const coSigningSchema = z.object({
  othersNeeded: z.number().int().min(0),
  signedCount: z.number().int().min(0),
  coSigners: z.array(coSignerSchema),
});
export type CoSigningView = z.infer<typeof coSigningSchema>;

/** Where an invitation's link is mailed, and in which language. */
const invitationAddress = { email: email(), language: oneOf(LOCALES) };
export const invitationAddressSchema = object(invitationAddress);
export type InvitationAddress = z.infer<typeof invitationAddressSchema>;

export const inviteRequestSchema = object({ candidateIndex: wholeNumber(99), ...invitationAddress });
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

/** A request to a related person to give their own details (decision 40), as the applicant sees it. */
export const detailRequestSchema = invitationSchema.extend({
  /** The person on the related persons step it asks, and their name as it was when asked. */
  personId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type DetailRequest = z.infer<typeof detailRequestSchema>;

/** The application's requests for details, the latest per person first. */
export const detailRequestsSchema = z.object({ requests: z.array(detailRequestSchema) });
export type DetailRequests = z.infer<typeof detailRequestsSchema>;

export const requestDetailsSchema = object({ personId: requiredText(), ...invitationAddress });
export type RequestDetails = z.infer<typeof requestDetailsSchema>;

export const declineInvitationRequestSchema = object({
  reason: requiredText({ max: DECLINE_REASON_MAX_LENGTH }),
});
export type DeclineInvitationRequest = z.infer<typeof declineInvitationRequestSchema>;

/** The invitation as the invited person sees it once signed in as themselves: who asks, for which company, as what. */
export const receivedInvitationSchema = z.object({
  /** The application to sign: the signing calls take it as the applicant's do. */
  processId: z.uuid(),
  status: z.enum(INVITATION_STATUSES),
  applicantName: z.string(),
  company: z.object({ businessName: z.string(), registryCode: z.string().nullable() }),
  purpose: z.enum(INVITATION_PURPOSES),
  /** The invited person's role in the register, for an invitation to sign; null for a request for details. */
  role: z.enum(REPRESENTATIVE_ROLES).nullable(),
  expiresAt: at,
  /**
   * The invited person as the applicant declared them in the application, to check before signing; null where the
   * application lists them nowhere.
   */
  declared: z.object({ roles: z.array(z.enum(RELATED_PERSON_ROLES)), details: ownDetailsSchema }).nullable(),
  /** Their own details as they gave them, signed in as themselves (decision 40); null until they do. */
  own: z.object({ details: ownDetailsSchema, givenAt: at }).nullable(),
});
export type ReceivedInvitation = z.infer<typeof receivedInvitationSchema>;
