import { completeOwnDetails, completeSteps, type ApplicationSubject } from '@onboarding/domain/test-support';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { applicationFor, fillSteps } from './application-steps.js';
import { createPkce } from './sign-in.js';
import { confirmEmail, type Call } from './representative.js';
import type { Operation } from './openapi-operations.js';

/** A signed-in representative with everything a route can point at: an application, its contract and an ID-card signing waiting for the signature. */
export type Representative = {
  subject: ApplicationSubject;
  personalId: string;
  email: string;
  accessToken: string;
  call: Call;
  processId: string;
  /** The application's version as last seen; the fuzz suite keeps it current. */
  version: number;
  signingSessionId: string;
  /** The simulated ID-card's signing certificate (base64 DER). */
  certificate: string;
};

/** Magic sign-in, personal information with an e-mail of their own, a complete application and an ID-card signing started (which draws up the contract). */
export async function representativeWithApplication(app: FastifyInstance, subject: ApplicationSubject, email: string): Promise<Representative> {
  const { personalId } = subject.person;
  const signIn = await app.inject({
    method: 'POST',
    url: '/oauth2/v2/authorize/magic',
    payload: { personalId, givenName: subject.person.firstName, surname: subject.person.lastName },
  });
  if (signIn.statusCode !== 200) throw new Error(`magic sign-in answered ${signIn.statusCode}: ${signIn.body}`);
  const accessToken = signIn.json().accessToken as string;
  const call: Call = (method, url, payload) => {
    const options: InjectOptions = { method, url, headers: { authorization: `Bearer ${accessToken}` } };
    return app.inject(payload === undefined ? options : { ...options, payload });
  };
  const personal = await call('PUT', '/onboarding/representative/personal-information', {
    email,
    phone: '+372 5123 4567',
    hasConsentedToRegistryQueries: true,
    language: 'en',
  });
  if (personal.statusCode !== 200) throw new Error(`personal information answered ${personal.statusCode}: ${personal.body}`);
  await confirmEmail(app, call);

  const application = await fillSteps(call, await applicationFor(call, subject.company.registryCode), undefined, subject);
  const card = await app.inject({ method: 'GET', url: `/dev/id-card/signing-certificate?personalId=${personalId}` });
  const certificate = card.json().certificate as string;
  const signing = await call('POST', `/onboarding/applications/${application.processId}/signing`, { method: 'ID_CARD', certificate });
  if (signing.statusCode !== 200) throw new Error(`signing answered ${signing.statusCode}: ${signing.body}`);
  return {
    subject,
    personalId,
    email,
    accessToken,
    call,
    processId: application.processId,
    version: application.version,
    signingSessionId: signing.json().signingSessionId as string,
    certificate,
  };
}

/** What a valid body may point at besides the representative: a refresh token to spend, an authorization code to exchange. */
export type BodyContext = { actor: Representative; params: Record<string, string>; refreshToken: string; authorizationCode: string };

const stepData = (subject: ApplicationSubject, step: string | undefined): unknown => {
  const steps = completeSteps(subject);
  return (steps.find(([name]) => name === step) ?? steps[2])[1];
};

/**
 * A body the route accepts, for each route with a body: the starting point
 * the fuzz suite mutates and the body the access matrix sends. Undefined for
 * a route not listed here; the fuzz suite then builds one from the schema.
 */
export function validBody(operation: Operation, { actor, params, refreshToken, authorizationCode }: BodyContext): unknown {
  switch (operation.key) {
    case 'POST /oauth2/v2/authorize/sid/start':
      return { ...createPkce().common, personalId: '40504040001', personalIdCountryCode: 'EE' };
    case 'POST /oauth2/v2/authorize/mid/start':
      return { ...createPkce().common, personalId: '60001019906', phoneNumber: '+37200000766' };
    case 'POST /oauth2/v2/authorize/token':
      return { authorizationCode, codeVerifier: createPkce().codeVerifier, grantType: 'AUTHORIZATION_CODE' };
    case 'POST /oauth2/v2/authorize/refresh':
    case 'POST /oauth2/v2/authorize/logout':
      return { refreshToken };
    case 'POST /oauth2/v2/authorize/magic':
      return { personalId: actor.personalId, givenName: actor.subject.person.firstName, surname: actor.subject.person.lastName };
    case 'POST /onboarding/legal/anonymous/authentication-event/failed':
      return { visitorId: 'visitor-bad-input', result: 'FAILED', authenticationMethod: 'SMART_ID', personalId: actor.personalId, errorCode: 'SID.TIMEOUT' };
    case 'POST /onboarding/legal/authentication-event/completed':
      return { visitorId: 'visitor-bad-input', result: 'COMPLETED', authenticationMethod: 'MAGIC' };
    case 'PUT /onboarding/representative/personal-information':
      return { email: actor.email, phone: '+372 5123 4567', hasConsentedToRegistryQueries: true, language: 'en' };
    case 'POST /onboarding/applications':
      return { source: 'REGISTER', registryCode: actor.subject.company.registryCode, registryCountryCode: 'EE' };
    case 'PUT /onboarding/applications/{processId}/steps/{step}':
    case 'PUT /onboarding/applications/{processId}/drafts/{step}':
      return { version: actor.version, data: stepData(actor.subject, params.step) };
    case 'POST /onboarding/applications/{processId}/save-and-continue-later':
      return { version: actor.version };
    case 'POST /onboarding/applications/{processId}/signing':
      return { method: 'ID_CARD', certificate: actor.certificate };
    case 'POST /onboarding/applications/{processId}/signing/{signingSessionId}/id-card-signature':
      return { signature: Buffer.from('not the signature of the contract').toString('base64') };
    case 'POST /onboarding/applications/{processId}/invitations':
      return { candidateIndex: 0, email: 'board.member@example.ee', language: 'et' };
    case 'POST /onboarding/applications/{processId}/detail-requests':
      return { personId: 'person:EE:47103220312', email: 'owner@example.ee', language: 'et' };
    case 'POST /onboarding/invitations/{token}/decline':
      return { reason: 'Not my company.' };
    case 'PUT /onboarding/invitations/{token}/own-details':
      return completeOwnDetails('47103220312');
    default:
      return undefined;
  }
}
