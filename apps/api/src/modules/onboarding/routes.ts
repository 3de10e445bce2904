import { onboardingEndpoints as endpoints, type AccessTokenPayload } from '@onboarding/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { contractRoutes } from '../../plugins/contract-routes.js';
import { applicantAuth, type RequireUser } from '../auth/index.js';
import type { EmailConfirmation } from './email-confirmation.js';
import type { OnboardingService } from './onboarding-service.js';
import type { RateLimitHook } from '../rate-limits/index.js';

type Options = {
  service: OnboardingService;
  emailConfirmation: EmailConfirmation;
  requireUser: RequireUser;
  /** Each code request sends a mail and each confirmation compares a guess: limited per signed-in person. */
  limitEmailConfirmation: RateLimitHook;
  /** Each save-and-continue sends a mail: limited per signed-in person. */
  limitSaveAndContinue: RateLimitHook;
  /** Each step save and each draft keeps a row in the append-only history: limited per signed-in person. */
  limitStepSaves: RateLimitHook;
  limitDraftSaves: RateLimitHook;
  /** Bytes a step or draft body may have; Fastify refuses a larger one (413) before reading it. */
  stepBodyLimit: number;
};

function userOf(request: FastifyRequest): AccessTokenPayload {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/**
 * The application calls of /onboarding, built from onboardingEndpoints in packages/domain. Every one checks the
 * token before the body is read: without a valid one the answer is 401, whatever the body (even one too large).
 */
export const onboardingRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { service, emailConfirmation, requireUser, limitEmailConfirmation, limitSaveAndContinue, limitStepSaves, limitDraftSaves, stepBodyLimit },
) => {
  const route = contractRoutes(app, applicantAuth(requireUser));

  route(endpoints.representative, { summary: 'The signed-in representative' }, (request) => service.representative(userOf(request)));

  route(endpoints.savePersonalInformation, { summary: 'Save the representative’s e-mail, phone, language and consent to registry queries' }, (request) =>
    service.savePersonalInformation(userOf(request), request.body),
  );

  route(
    endpoints.sendEmailConfirmationCode,
    {
      status: 202,
      preHandler: limitEmailConfirmation,
      summary: 'Mail a confirmation code to the saved e-mail address; a few a day per person, beyond them 429 with Retry-After',
    },
    async (request, reply) => reply.status(202).send(await emailConfirmation.sendCode(userOf(request))),
  );

  route(
    endpoints.confirmEmail,
    { preHandler: limitEmailConfirmation, summary: 'Confirm the saved e-mail address with the code mailed to it; mail goes only to a confirmed address' },
    async (request) => {
      await emailConfirmation.confirm(userOf(request), request.body.code);
      return service.representative(userOf(request));
    },
  );

  route(endpoints.companies, { summary: 'Companies the representative may open an account for, and how each can be continued' }, (request) =>
    service.companies(userOf(request)),
  );

  route(endpoints.createApplication, { summary: 'Create or resume an application for a company, or learn the outcome that blocks it' }, (request) =>
    service.createApplication(userOf(request), request.body),
  );

  route(endpoints.application, { summary: 'An application with its server-given step' }, (request) =>
    service.application(userOf(request), request.params.processId),
  );

  route(
    endpoints.saveStep,
    {
      bodyLimit: stepBodyLimit,
      preHandler: limitStepSaves,
      summary: 'Save a step (validated) and move to the step the server decides; a stale version answers 409',
    },
    (request) => {
      const { version, data } = request.body;
      return service.saveStep(userOf(request), request.params.processId, request.params.step, version, data);
    },
  );

  route(
    endpoints.relatedPersonsFromRegister,
    { summary: 'The related persons step as the business register fills it: boards, shareholders down the chain, beneficial owners' },
    (request) => service.relatedPersonsFromRegister(userOf(request), request.params.processId),
  );

  route(
    endpoints.review,
    { summary: 'Every step checked again in the context of the whole application: what is missing before signing, and the notices' },
    (request) => service.review(userOf(request), request.params.processId),
  );

  route(
    endpoints.history,
    { summary: 'The application’s history: every change as an RFC 6902 JSON Patch with its author, time and source' },
    async (request, reply) => {
      const history = await service.history(userOf(request), request.params.processId);
      return reply.header('content-disposition', `attachment; filename="application-${history.processId}-history.json"`).send(history);
    },
  );

  route(endpoints.timeline, { summary: 'Where the submitted application stands: its submissions and the bank’s decisions, oldest first' }, (request) =>
    service.timeline(userOf(request), request.params.processId),
  );

  route(
    endpoints.saveDraft,
    { bodyLimit: stepBodyLimit, preHandler: limitDraftSaves, summary: 'Autosave a step’s input without validating or advancing' },
    (request) => {
      const { version, data } = request.body;
      return service.saveDraft(userOf(request), request.params.processId, request.params.step, version, data);
    },
  );

  route(
    endpoints.saveAndContinueLater,
    {
      status: 202,
      preHandler: limitSaveAndContinue,
      summary: 'E-mail the representative a link back to the application; beyond the limits per application and per address 429 with Retry-After',
    },
    async (request, reply) => {
      const sent = await service.saveAndContinueLater(userOf(request), request.params.processId, request.body.version);
      return reply.status(202).send(sent);
    },
  );
};
