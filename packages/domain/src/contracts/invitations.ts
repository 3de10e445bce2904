import { ownDetailsSchema } from '../schemas/own-details.js';
import {
  coSigningSchema,
  declineInvitationRequestSchema,
  detailRequestSchema,
  detailRequestsSchema,
  invitationSchema,
  inviteRequestSchema,
  receivedInvitationSchema,
  requestDetailsSchema,
} from '../schemas/invitations.js';
import { endpointGroup } from './endpoint.js';
import { invitationParamsSchema, invitationTokenParamsSchema, processParamsSchema } from './params.js';

/**
 * Co-signatures (decision 39). The applicant's side: after signing, whom to ask and how each invitation stands. The
 * invited person's side: the invitation their mailed link locates, opened only when they are signed in as the person
 * it names (anyone else gets 404, as for any unknown link); they then sign through the signing calls with the
 * invitation's processId, or decline.
 */
export const invitationEndpoints = endpointGroup('invitations', 'co-signatures', {
  /** The board members who may sign with the applicant, how many must, and the latest invitation of each. */
  coSigning: {
    method: 'GET',
    path: '/onboarding/applications/:processId/co-signing',
    params: processParamsSchema,
    response: coSigningSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND'],
  },
  /** Mails one of them a link to sign; 409 when they already have a live invitation or the application waits for none. */
  invite: {
    method: 'POST',
    path: '/onboarding/applications/:processId/invitations',
    params: processParamsSchema,
    body: inviteRequestSchema,
    response: invitationSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
  },
  /** Mails the same link again (at most INVITATION_SENDS_MAX times in all); the invitation's time is not extended. */
  sendAgain: {
    method: 'POST',
    path: '/onboarding/applications/:processId/invitations/:invitationId/send-again',
    params: invitationParamsSchema,
    response: invitationSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
  },
  /** Withdraws a pending invitation: its link opens nothing any more. */
  withdraw: {
    method: 'POST',
    path: '/onboarding/applications/:processId/invitations/:invitationId/withdraw',
    params: invitationParamsSchema,
    response: invitationSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  /** The applicant's requests to related persons to give their own details (decision 40), the latest per person. */
  detailRequests: {
    method: 'GET',
    path: '/onboarding/applications/:processId/detail-requests',
    params: processParamsSchema,
    response: detailRequestsSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND'],
  },
  /**
   * Mails a person of the related persons step, with a personal code, a link to give their own details; signing waits
   * until they answer or the request is withdrawn. 409 when they have an open request already or the application is
   * no longer being filled in.
   */
  requestDetails: {
    method: 'POST',
    path: '/onboarding/applications/:processId/detail-requests',
    params: processParamsSchema,
    body: requestDetailsSchema,
    response: detailRequestSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
  },
  /** Mails a request's link again under a new token (at most INVITATION_SENDS_MAX times in all). */
  sendDetailRequestAgain: {
    method: 'POST',
    path: '/onboarding/applications/:processId/detail-requests/:invitationId/send-again',
    params: invitationParamsSchema,
    response: detailRequestSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
  },
  /** Withdraws an open request: its link opens nothing, and signing no longer waits for it. */
  withdrawDetailRequest: {
    method: 'POST',
    path: '/onboarding/applications/:processId/detail-requests/:invitationId/withdraw',
    params: invitationParamsSchema,
    response: detailRequestSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  /** The invited person's view of the invitation their link locates. */
  received: {
    method: 'GET',
    path: '/onboarding/invitations/:token',
    params: invitationTokenParamsSchema,
    response: receivedInvitationSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND'],
  },
  /**
   * The invited person gives their own details in their own words (decision 40). Before signing, kept with source EID
   * beside the applicant's declaration, which stays as signed; for a request for details, written into the related
   * persons step with source EID and the request answered. 409 once the invitation is no longer open.
   */
  giveOwnDetails: {
    method: 'PUT',
    path: '/onboarding/invitations/:token/own-details',
    params: invitationTokenParamsSchema,
    body: ownDetailsSchema,
    response: receivedInvitationSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  /** The invited person declines, with a reason the applicant sees. */
  decline: {
    method: 'POST',
    path: '/onboarding/invitations/:token/decline',
    params: invitationTokenParamsSchema,
    body: declineInvitationRequestSchema,
    response: receivedInvitationSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
});
