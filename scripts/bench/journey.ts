import type { AutocannonRequest } from 'autocannon';
import { CLIENT_STATE_LENGTH, CODE_VERIFIER_LENGTH, codeChallengeS256 } from '@onboarding/domain';
import { OK_TESTNUMBER, type ApplicationSubject } from '@onboarding/domain/test-support';
import { benchSubject, magicSignInBody, manualCompanyBody, PERSONAL_INFORMATION, stepsOf } from './people.js';

/**
 * The whole journey as one autocannon request sequence per connection:
 * each connection is one representative going from sign-in to a signed,
 * submitted application, then the next one. Every request of a journey
 * depends on the answers before it (tokens, process id, version, hash),
 * kept in autocannon's per-connection context. A request that fails ends
 * the journey: the next one starts from sign-in.
 */

export type JourneyTally = {
  /** Journeys that reached SIGNED at or after `countFrom` (performance.now()); earlier ones are not counted. */
  completed: number;
  countFrom?: number;
  journeyMs: number[];
  failures: Record<string, number>;
  /** Milliseconds of each request, by step name, to see which steps a journey waits on. */
  stepMs?: Record<string, number[]>;
};

export type Context = Record<string, unknown> & {
  subject?: ApplicationSubject;
  startedAt?: number;
  accessToken?: string;
  processId?: string;
  version?: number;
  failed?: boolean;
  isSigned?: boolean;
  isCounted?: boolean;
};

export type Step = {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: (context: Context) => string;
  body?: (context: Context) => unknown;
  isAuthenticated?: boolean;
  /** Reads what the next steps need from a 200 answer. */
  take?: (answer: Record<string, unknown>, context: Context) => void;
  /** Skip this request when true (e.g. an extra status poll after SIGNED). */
  isSkipped?: (context: Context) => boolean;
  /** A signing status call: the journey is complete when one answers SIGNED. */
  isPoll?: boolean;
};

const applicationPath = (context: Context) => `/onboarding/applications/${context.processId ?? ''}`;

function stepRequests(): Step[] {
  return stepsOf(OK_TESTNUMBER).map(([step]) => ({
    name: `save ${step}`,
    method: 'PUT' as const,
    path: (context: Context) => `${applicationPath(context)}/steps/${step}`,
    isAuthenticated: true,
    body: (context: Context) => {
      const data = stepsOf(context.subject ?? OK_TESTNUMBER).find(([name]) => name === step)?.[1];
      return { version: context.version, data };
    },
    take: (answer: Record<string, unknown>, context: Context) => {
      context.version = answer.version as number;
    },
  }));
}

const personalInformation: Step = {
  name: 'personal information',
  method: 'PUT',
  path: () => '/onboarding/representative/personal-information',
  isAuthenticated: true,
  body: () => PERSONAL_INFORMATION,
};

const createApplication = (company: (context: Context) => unknown): Step => ({
  name: 'create application',
  method: 'POST',
  path: () => '/onboarding/applications',
  isAuthenticated: true,
  body: company,
  take: (answer, context) => {
    const application = answer.application as { processId: string; version: number } | undefined;
    if (!application) {
      context.failed = true;
      return;
    }
    context.processId = application.processId;
    context.version = application.version;
  },
});

const pollToSigned = (name: string): Step => ({
  name,
  method: 'GET',
  path: (context) => `${applicationPath(context)}/signing/${String(context.signingSessionId)}`,
  isAuthenticated: true,
  isPoll: true,
  isSkipped: (context) => context.isSigned === true,
  take: (answer, context) => {
    if (answer.state === 'SIGNED') context.isSigned = true;
    else if (answer.state !== 'WAITING_FOR_PIN2') context.failed = true;
  },
});

/** Magic sign-in as a new made-up person, a company without a registry code, and the ID-card stand-in signing. */
export function idCardJourney(personOffset: number): Step[] {
  let next = personOffset;
  return [
    {
      name: 'magic sign-in',
      method: 'POST',
      path: () => '/oauth2/v2/authorize/magic',
      body: (context) => {
        context.subject = benchSubject(next);
        next += 1;
        return magicSignInBody(context.subject);
      },
      take: (answer, context) => {
        context.accessToken = answer.accessToken as string;
      },
    },
    personalInformation,
    createApplication((context) => manualCompanyBody(context.subject ?? OK_TESTNUMBER)),
    ...stepRequests(),
    {
      name: 'ID-card signing certificate',
      method: 'GET',
      path: (context) => `/dev/id-card/signing-certificate?personalId=${context.subject?.person.personalId ?? ''}`,
      take: (answer, context) => {
        context.certificate = answer.certificate;
      },
    },
    {
      name: 'start signing',
      method: 'POST',
      path: (context) => `${applicationPath(context)}/signing`,
      isAuthenticated: true,
      body: (context) => ({ method: 'ID_CARD', certificate: context.certificate }),
      take: (answer, context) => {
        context.signingSessionId = answer.signingSessionId;
        context.hash = answer.hash;
      },
    },
    {
      name: 'ID-card sign',
      method: 'POST',
      path: () => '/dev/id-card/sign',
      body: (context) => ({ personalId: context.subject?.person.personalId, hash: context.hash, hashType: 'SHA256' }),
      take: (answer, context) => {
        context.signature = answer.signature;
      },
    },
    {
      name: 'ID-card signature',
      method: 'POST',
      path: (context) => `${applicationPath(context)}/signing/${String(context.signingSessionId)}/id-card-signature`,
      isAuthenticated: true,
      body: (context) => ({ signature: context.signature }),
      take: (answer, context) => {
        if (answer.state !== 'SIGNED') context.failed = true;
      },
    },
    { ...pollToSigned('signing status'), isSkipped: () => false },
  ];
}

/** A 64-character client state or 128-character PKCE verifier made of the verifier's alphabet. */
const unreserved = (length: number, seed: number) => `${String(seed)}-${'x'.repeat(length)}`.slice(0, length);

/**
 * Smart-ID sign-in (PKCE) of SK's demo person 40504040001, a company typed
 * by hand with a registry code of its own (the register does not know it),
 * and Smart-ID signing with PIN2: certificate choice, then the signature.
 */
export function smartIdJourney(personOffset: number): Step[] {
  let next = personOffset;
  const person = OK_TESTNUMBER.person;
  return [
    {
      name: 'Smart-ID start',
      method: 'POST',
      path: () => '/oauth2/v2/authorize/sid/start',
      body: (context) => {
        const n = next;
        next += 1;
        context.subject = { person, company: { businessName: `Koormus Smart-ID ${String(n)} OÜ`, registryCode: String(70_000_000 + n) } };
        context.codeVerifier = unreserved(CODE_VERIFIER_LENGTH, n);
        return {
          responseType: 'code',
          clientId: 'onboarding',
          channel: 'PUBLIC_WEB',
          clientState: unreserved(CLIENT_STATE_LENGTH, n),
          codeChallenge: codeChallengeS256(context.codeVerifier as string),
          codeChallengeMethod: 'S256',
          personalId: person.personalId,
          personalIdCountryCode: 'EE',
        };
      },
      take: (answer, context) => {
        context.authenticationSessionId = answer.authenticationSessionId;
      },
    },
    {
      name: 'Smart-ID status',
      method: 'GET',
      path: (context) => `/oauth2/v2/authorize/sid/${String(context.authenticationSessionId)}/status`,
      take: (answer, context) => {
        if (answer.status !== 'COMPLETE') context.failed = true;
        context.code = answer.code;
      },
    },
    {
      name: 'token',
      method: 'POST',
      path: () => '/oauth2/v2/authorize/token',
      body: (context) => ({ authorizationCode: context.code, codeVerifier: context.codeVerifier, grantType: 'AUTHORIZATION_CODE' }),
      take: (answer, context) => {
        context.accessToken = answer.accessToken as string;
      },
    },
    personalInformation,
    createApplication((context) => ({
      source: 'MANUAL',
      company: { businessName: context.subject?.company.businessName, registryCode: context.subject?.company.registryCode, registryCountryCode: 'EE' },
    })),
    ...stepRequests(),
    {
      name: 'start signing',
      method: 'POST',
      path: (context) => `${applicationPath(context)}/signing`,
      isAuthenticated: true,
      body: () => ({ method: 'SMART_ID' }),
      take: (answer, context) => {
        context.signingSessionId = answer.signingSessionId;
      },
    },
    // Signed in with Smart-ID: the start asked that device for the signature; the status calls wait for it.
    pollToSigned('signing status 1'),
    pollToSigned('signing status 2'),
    pollToSigned('signing status 3'),
  ];
}

/** The journey as autocannon requests; completions and failures are counted in `tally`. */
export function journeyRequests(steps: readonly Step[], tally: JourneyTally): AutocannonRequest[] {
  const last = steps.length - 1;
  const fail = (context: Context, reason: string) => {
    context.failed = true;
    tally.failures[reason] = (tally.failures[reason] ?? 0) + 1;
  };
  return steps.map((step, index) => ({
    method: step.method,
    setupRequest: (request, raw) => {
      const context = raw as Context;
      if (index === 0) context.startedAt = performance.now();
      // A failed journey, or one that is signed before its last poll, starts again from sign-in.
      else if (context.failed || step.isSkipped?.(context)) return null;
      const body = step.body?.(context);
      context.sentAt = performance.now();
      return {
        ...request,
        path: step.path(context),
        headers: {
          ...request.headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(step.isAuthenticated ? { authorization: `Bearer ${context.accessToken ?? ''}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      };
    },
    onResponse: (status, body, raw) => {
      const context = raw as Context;
      if (tally.stepMs && performance.now() >= (tally.countFrom ?? 0)) (tally.stepMs[step.name] ??= []).push(performance.now() - (context.sentAt as number));
      if (status !== 200) {
        fail(context, `${step.name}: ${String(status)} ${body.slice(0, 100)}`);
        return;
      }
      step.take?.(JSON.parse(body) as Record<string, unknown>, context);
      if (context.failed) {
        fail(context, `${step.name}: ${body.slice(0, 100)}`);
      } else if (step.isPoll && context.isSigned && !context.isCounted) {
        context.isCounted = true;
        const now = performance.now();
        if (now < (tally.countFrom ?? 0)) return;
        tally.completed += 1;
        tally.journeyMs.push(now - (context.startedAt ?? now));
      } else if (index === last && !context.isSigned) {
        fail(context, `${step.name}: still waiting after the last poll`);
      }
    },
  }));
}
