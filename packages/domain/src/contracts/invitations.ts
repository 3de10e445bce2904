import { ownDetailsSchema } from '../schemas/own-details.js';
import { coSigningSchema, declineInvitationRequestSchema, invitationSchema, inviteRequestSchema, receivedInvitationSchema } from '../schemas/invitations.js';
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
   * The invited person gives their own details in their own words, before signing (decision 40): kept with source EID
   * beside the applicant's declaration, which stays as it was; 409 once the invitation is no longer open.
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
