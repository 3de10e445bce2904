import {
  applicationHistorySchema,
  applicationViewSchema,
  createApplicationRequestSchema,
  createApplicationResponseSchema,
  emailConfirmationCodeSentSchema,
  emailConfirmationSchema,
  personalInformationSchema,
  representativeCompaniesSchema,
  representativeSchema,
  saveAndContinueLaterRequestSchema,
  saveAndContinueLaterResponseSchema,
  saveDraftResponseSchema,
  saveStepRequestSchema,
} from '../schemas/onboarding.js';
import { relatedPersonsFromRegisterSchema } from '../schemas/register.js';
import { applicationTimelineSchema } from '../schemas/timeline.js';
import { applicationReviewSchema } from '../application-review.js';
import { endpointGroup } from './endpoint.js';
import { processParamsSchema, stepParamsSchema } from './params.js';

/** Base path of the onboarding API (docs/requirements.md section 7). */
export const ONBOARDING_BASE_PATH = '/onboarding';

/**
 * The application calls of the onboarding API (docs/requirements.md section 7 leaves their
 * paths to us). Every one needs the representative's access token, and an
 * application answers only the representative who started it: anyone else's
 * is 404, as a missing one is.
 */
export const onboardingEndpoints = endpointGroup('onboarding', 'onboarding', {
  representative: { method: 'GET', path: '/onboarding/representative', response: representativeSchema, isAuthenticated: true },
  savePersonalInformation: {
    method: 'PUT',
    path: '/onboarding/representative/personal-information',
    body: personalInformationSchema,
    response: representativeSchema,
    isAuthenticated: true,
  },
  /** Mails a code to the saved, not yet confirmed e-mail address (409 without one); a few a day per person (429 beyond). */
  sendEmailConfirmationCode: {
    method: 'POST',
    path: '/onboarding/representative/email-confirmation/code',
    response: emailConfirmationCodeSentSchema,
    isAuthenticated: true,
    errors: ['CONFLICT', 'RATE_LIMITED'],
  },
  /** Confirms the saved e-mail address with the code mailed to it; a wrong, used-up or expired code is a field error on `code`. */
  confirmEmail: {
    method: 'POST',
    path: '/onboarding/representative/email-confirmation',
    body: emailConfirmationSchema,
    response: representativeSchema,
    isAuthenticated: true,
    errors: ['RATE_LIMITED'],
  },
  companies: {
    method: 'GET',
    path: '/onboarding/representative/companies',
    response: representativeCompaniesSchema,
    isAuthenticated: true,
    errors: ['CONSENT_REQUIRED', 'REGISTER_UNAVAILABLE'],
  },
  createApplication: {
    method: 'POST',
    path: '/onboarding/applications',
    body: createApplicationRequestSchema,
    response: createApplicationResponseSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'CONFLICT', 'CONSENT_REQUIRED', 'COMPANY_IN_REGISTER', 'MANUAL_APPLICATION_LIMIT', 'REGISTER_UNAVAILABLE'],
  },
  application: {
    method: 'GET',
    path: '/onboarding/applications/:processId',
    params: processParamsSchema,
    response: applicationViewSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND'],
  },
  /** Validates the step with its domain schema and advances to the step the server decides. */
  saveStep: {
    method: 'PUT',
    path: '/onboarding/applications/:processId/steps/:step',
    params: stepParamsSchema,
    body: saveStepRequestSchema,
    response: applicationViewSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'STALE_VERSION', 'CONFLICT', 'COMPANY_MISMATCH', 'STEP_NOT_REOPENED', 'APPLICATION_TOO_LARGE', 'HISTORY_TOO_LARGE', 'RATE_LIMITED'],
  },
  /** Autosave: keeps the step's input as typed, without validating or advancing. */
  saveDraft: {
    method: 'PUT',
    path: '/onboarding/applications/:processId/drafts/:step',
    params: stepParamsSchema,
    body: saveStepRequestSchema,
    response: saveDraftResponseSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'STALE_VERSION', 'CONFLICT', 'STEP_NOT_REOPENED', 'APPLICATION_TOO_LARGE', 'HISTORY_TOO_LARGE', 'RATE_LIMITED'],
  },
  /** The related persons step as the business register fills it, for an application that has no saved or drafted one yet. */
  relatedPersonsFromRegister: {
    method: 'GET',
    path: '/onboarding/applications/:processId/related-persons/register',
    params: processParamsSchema,
    response: relatedPersonsFromRegisterSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND'],
  },
  /** Every step checked again in the context of the whole application: what is missing before signing, and the overview's notices. */
  review: {
    method: 'GET',
    path: '/onboarding/applications/:processId/review',
    params: processParamsSchema,
    response: applicationReviewSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND'],
  },
  /** The application's append-only record (every change as a JSON Patch with author, time and source), as a JSON download. */
  history: {
    method: 'GET',
    path: '/onboarding/applications/:processId/history',
    params: processParamsSchema,
    response: applicationHistorySchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND'],
  },
  /** Where the submitted application stands: its submissions and the bank's decisions, oldest first, as the applicant may see them. */
  timeline: {
    method: 'GET',
    path: '/onboarding/applications/:processId/timeline',
    params: processParamsSchema,
    response: applicationTimelineSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND'],
  },
  /** Sends the representative an e-mail with a link back to the application; answers the address it went to (409 without a confirmed one). */
  saveAndContinueLater: {
    method: 'POST',
    path: '/onboarding/applications/:processId/save-and-continue-later',
    params: processParamsSchema,
    body: saveAndContinueLaterRequestSchema,
    response: saveAndContinueLaterResponseSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'STALE_VERSION', 'CONFLICT', 'RATE_LIMITED'],
  },
  /** This API's OpenAPI document (sign-in and onboarding; the integration API has its own). */
  openApi: { method: 'GET', path: '/onboarding/openapi.json', isAuthenticated: false, isUndocumented: true },
});
