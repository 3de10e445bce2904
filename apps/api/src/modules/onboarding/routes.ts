import {
  apiErrorBodySchema,
  onboardingEndpoints as endpoints,
  type AccessTokenPayload,
} from '@onboarding/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import type { RequireUser } from '../auth/index.js';
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

const tags = ['onboarding'];
const security = [{ bearerAuth: [] }];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema, 413: apiErrorBodySchema, 429: apiErrorBodySchema };

function userOf(request: FastifyRequest): AccessTokenPayload {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** The application calls of /onboarding, declared by onboardingEndpoints in packages/domain. */
export const onboardingRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { service, emailConfirmation, requireUser, limitEmailConfirmation, limitSaveAndContinue, limitStepSaves, limitDraftSaves, stepBodyLimit },
) => {
  // Before the body is read: without a valid token the answer is 401, whatever the body (even one too large).
  app.addHook('onRequest', requireUser);

  app.get(
    endpoints.representative.path,
    { schema: { tags, security, summary: 'The signed-in representative', response: { 200: endpoints.representative.response, ...errors } } },
    (request) => service.representative(userOf(request)),
  );

  app.put(
    endpoints.savePersonalInformation.path,
    {
      schema: {
        tags,
        security,
        summary: "Save the representative's e-mail, phone, language and consent to registry queries",
        body: endpoints.savePersonalInformation.body,
        response: { 200: endpoints.savePersonalInformation.response, ...errors },
      },
    },
    (request) => service.savePersonalInformation(userOf(request), request.body),
  );

  app.post(
    endpoints.sendEmailConfirmationCode.path,
    {
      preHandler: limitEmailConfirmation,
      schema: {
        tags,
        security,
        summary: 'Mail a confirmation code to the saved e-mail address; a few a day per person, beyond them 429 with Retry-After',
        response: { 202: endpoints.sendEmailConfirmationCode.response, ...errors, 429: apiErrorBodySchema },
      },
    },
    async (request, reply) => reply.status(202).send(await emailConfirmation.sendCode(userOf(request))),
  );

  app.post(
    endpoints.confirmEmail.path,
    {
      preHandler: limitEmailConfirmation,
      schema: {
        tags,
        security,
        summary: 'Confirm the saved e-mail address with the code mailed to it; mail goes only to a confirmed address',
        body: endpoints.confirmEmail.body,
        response: { 200: endpoints.confirmEmail.response, ...errors, 429: apiErrorBodySchema },
      },
    },
    async (request) => {
      await emailConfirmation.confirm(userOf(request), request.body.code);
      return service.representative(userOf(request));
    },
  );

  app.get(
    endpoints.companies.path,
    { schema: { tags, security, summary: 'Companies the representative may open an account for, and how each can be continued', response: { 200: endpoints.companies.response, ...errors } } },
    (request) => service.companies(userOf(request)),
  );

  app.post(
    endpoints.createApplication.path,
    {
      schema: {
        tags,
        security,
        summary: 'Create or resume an application for a company, or learn the outcome that blocks it',
        body: endpoints.createApplication.body,
        response: { 200: endpoints.createApplication.response, ...errors },
      },
    },
    (request) => service.createApplication(userOf(request), request.body),
  );

  app.get(
    endpoints.application.path,
    { schema: { tags, security, summary: 'An application with its server-given step', params: endpoints.application.params, response: { 200: endpoints.application.response, ...errors } } },
    (request) => service.application(userOf(request), request.params.processId),
  );

  app.put(
    endpoints.saveStep.path,
    {
      bodyLimit: stepBodyLimit,
      preHandler: limitStepSaves,
      schema: {
        tags,
        security,
        summary: 'Save a step (validated) and move to the step the server decides; a stale version answers 409',
        params: endpoints.saveStep.params,
        body: endpoints.saveStep.body,
        response: { 200: endpoints.saveStep.response, ...errors },
      },
    },
    (request) => {
      const { version, data } = request.body;
      return service.saveStep(userOf(request), request.params.processId, request.params.step, version, data);
    },
  );

  app.get(
    endpoints.relatedPersonsFromRegister.path,
    {
      schema: {
        tags,
        security,
        summary: 'The related persons step as the business register fills it: boards, shareholders down the chain, beneficial owners',
        params: endpoints.relatedPersonsFromRegister.params,
        response: { 200: endpoints.relatedPersonsFromRegister.response, ...errors },
      },
    },
    (request) => service.relatedPersonsFromRegister(userOf(request), request.params.processId),
  );

  app.get(
    endpoints.review.path,
    {
      schema: {
        tags,
        security,
        summary: 'Every step checked again in the context of the whole application: what is missing before signing, and the notices',
        params: endpoints.review.params,
        response: { 200: endpoints.review.response, ...errors },
      },
    },
    (request) => service.review(userOf(request), request.params.processId),
  );

  app.get(
    endpoints.history.path,
    {
      schema: {
        tags,
        security,
        summary: "The application's history: every change as an RFC 6902 JSON Patch with its author, time and source",
        params: endpoints.history.params,
        response: { 200: endpoints.history.response, ...errors },
      },
    },
    async (request, reply) => {
      const history = await service.history(userOf(request), request.params.processId);
      return reply.header('content-disposition', `attachment; filename="application-${history.processId}-history.json"`).send(history);
    },
  );

  app.get(
    endpoints.timeline.path,
    {
      schema: {
        tags,
        security,
        summary: "Where the submitted application stands: its submissions and the bank's decisions, oldest first",
        params: endpoints.timeline.params,
        response: { 200: endpoints.timeline.response, ...errors },
      },
    },
    (request) => service.timeline(userOf(request), request.params.processId),
  );

  app.put(
    endpoints.saveDraft.path,
    {
      bodyLimit: stepBodyLimit,
      preHandler: limitDraftSaves,
      schema: {
        tags,
        security,
        summary: "Autosave a step's input without validating or advancing",
        params: endpoints.saveDraft.params,
        body: endpoints.saveDraft.body,
        response: { 200: endpoints.saveDraft.response, ...errors },
      },
    },
    (request) => {
      const { version, data } = request.body;
      return service.saveDraft(userOf(request), request.params.processId, request.params.step, version, data);
    },
  );

  app.post(
    endpoints.saveAndContinueLater.path,
    {
      preHandler: limitSaveAndContinue,
      schema: {
        tags,
        security,
        summary: 'E-mail the representative a link back to the application; beyond the limits per application and per address 429 with Retry-After',
        params: endpoints.saveAndContinueLater.params,
        body: endpoints.saveAndContinueLater.body,
        response: { 202: endpoints.saveAndContinueLater.response, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await service.saveAndContinueLater(userOf(request), request.params.processId, request.body.version);
      return reply.status(202).send(sent);
    },
  );
};
