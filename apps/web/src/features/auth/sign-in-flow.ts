import {
  DEFAULT_COUNTRY_CODE,
  type AuthenticationEvent,
  type AuthenticationMethod,
  type Locale,
  type MobileIdStartInput,
  type SmartIdStartInput,
  type TokenResponse,
} from '@onboarding/domain';
import { useSyncExternalStore } from 'react';
import { lazyWithReload } from '../../lib/lazy-with-reload';
import type * as signInApi from './api/sign-in-api';
import type { PollingMethod } from './api/sign-in-api';
import type { Pkce } from './pkce';
import { pollAuthentication } from './poll-authentication';
import { classifySignInError, type SignInOutcome } from './sign-in-error';
import type { SimulatedCardReader } from './simulated-id-card-reader';
import { visitorId } from './visitor-id';

export type SignInState =
  | { status: 'idle' }
  | { status: 'waiting'; method: PollingMethod; verificationCode: string }
  | { status: 'complete' }
  | { status: 'failed'; outcome: SignInOutcome };

/** language (Mobile-ID): the person's UI language, for the phone's prompt and text. */
export type PollingSignInInput = { method: 'SMART_ID'; input: SmartIdStartInput } | { method: 'MOBILE_ID'; input: MobileIdStartInput; language?: Locale };

export type SignInDependencies = {
  api: typeof signInApi;
  createPkce: () => Pkce | Promise<Pkce>;
  visitorId: () => Promise<string>;
  storeTokens: (tokens: TokenResponse) => void | Promise<void>;
  /** Simulated mode's card reader. */
  cardReader: SimulatedCardReader;
  /** docs/requirements.md section 4: an optional limit on status polls. */
  maxPollAttempts?: number;
  pollIntervalMs?: number;
};

type Person = { personalId?: string; phoneNumber?: string };
type EventFields = Pick<AuthenticationEvent, 'authenticationMethod' | 'personalId' | 'phoneNumber' | 'personalIdCountryCode' | 'errorCode' | 'result'>;

/**
 * The sign-in flows of docs/requirements.md section 4. It lives outside the
 * screens: the Smart-ID and Mobile-ID poll continues while the router moves
 * from the form to the verification-code screen, and both screens read the same
 * state.
 */
export function createSignInFlow(deps: SignInDependencies) {
  let state: SignInState = { status: 'idle' };
  let run: { controller: AbortController; method: PollingMethod; sessionId: string } | null = null;
  const listeners = new Set<() => void>();

  const setState = (next: SignInState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const sendEvent = async (event: EventFields) => {
    try {
      await deps.api.sendAuthenticationEvent({ ...event, visitorId: await deps.visitorId() });
    } catch {
      // The event is for the bank's statistics; it must not decide the user's sign-in.
    }
  };

  const eventFields = (method: AuthenticationMethod, person: Person) => ({
    authenticationMethod: method,
    ...person,
    ...(person.personalId ? { personalIdCountryCode: DEFAULT_COUNTRY_CODE } : {}),
  });

  const fail = (method: AuthenticationMethod, error: unknown, person: Person) => {
    const outcome = classifySignInError(method, error);
    // docs/requirements.md section 8: only failures that reach the error screen are reported.
    if (outcome.kind === 'error') void sendEvent({ ...eventFields(method, person), errorCode: outcome.errorCode, result: 'FAILED' });
    setState({ status: 'failed', outcome });
  };

  const complete = async (method: AuthenticationMethod, tokens: TokenResponse, person: Person) => {
    await deps.storeTokens(tokens);
    await sendEvent({ ...eventFields(method, person), result: 'COMPLETED' });
    setState({ status: 'complete' });
  };

  const abandonRun = () => {
    run?.controller.abort();
    run = null;
  };

  return {
    getState: (): SignInState => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Forget a handled outcome. */
    reset: () => {
      if (state.status !== 'waiting') setState({ status: 'idle' });
    },

    /** Smart-ID or Mobile-ID: resolves once the verification code is known (state waiting) or the start failed. */
    async startPolling(request: PollingSignInInput): Promise<void> {
      const { method, input } = request;
      abandonRun();
      const pkce = await deps.createPkce();
      const person: Person = { ...input };
      let started;
      try {
        started =
          request.method === 'SMART_ID'
            ? await deps.api.startSmartId(request.input, pkce)
            : await deps.api.startMobileId(request.input, pkce, request.language);
      } catch (error) {
        fail(method, error, person);
        return;
      }
      const controller = new AbortController();
      const current = { controller, method, sessionId: started.authenticationSessionId };
      run = current;
      setState({ status: 'waiting', method, verificationCode: started.verificationCode });

      void (async () => {
        try {
          const { code } = await pollAuthentication({
            fetchStatus: (signal) => deps.api.fetchAuthenticationStatus(method, current.sessionId, signal),
            clientState: pkce.clientState,
            signal: controller.signal,
            maxAttempts: deps.maxPollAttempts,
            intervalMs: deps.pollIntervalMs,
          });
          const tokens = await deps.api.exchangeCodeForTokens(code, pkce.codeVerifier);
          if (run !== current) return;
          run = null;
          await complete(method, tokens, person);
        } catch (error) {
          // A newer sign-in replaced this one; its outcome no longer matters.
          if (run !== current) return;
          run = null;
          fail(method, error, person);
        }
      })();
    },

    /** The Cancel button: stop polling here and cancel the authentication on the server. */
    cancel(): void {
      const current = run;
      if (!current) return;
      current.controller.abort();
      void deps.api.cancelAuthentication(current.method, current.sessionId).catch(() => undefined);
    },

    /** ID-card (docs/requirements.md section 4): the eid host answers a code, which is then exchanged. */
    async signInWithIdCard(eidUrl: string): Promise<void> {
      abandonRun();
      const pkce = await deps.createPkce();
      try {
        const { code } = await deps.api.authorizeIdCard(eidUrl, pkce);
        await complete('ID_CARD', await deps.api.exchangeCodeForTokens(code, pkce.codeVerifier), {});
      } catch (error) {
        fail('ID_CARD', error, {});
      }
    },

    /**
     * ID-card in simulated mode: the server's challenge, the simulated card's
     * answer with the page's origin, then the code
     * (docs/requirements.md section 4). The personal code only chooses the card
     * in the reader; the server reads the person from the card's certificate.
     */
    async signInWithSimulatedIdCard(personalId: string): Promise<void> {
      abandonRun();
      const pkce = await deps.createPkce();
      try {
        const { nonce } = await deps.api.requestIdCardChallenge(pkce);
        const authToken = await deps.cardReader.authenticate(personalId, nonce);
        const { code } = await deps.api.authorizeSimulatedIdCard(pkce, nonce, authToken);
        await complete('ID_CARD', await deps.api.exchangeCodeForTokens(code, pkce.codeVerifier), { personalId });
      } catch (error) {
        fail('ID_CARD', error, { personalId });
      }
    },

    /** Test and demo environments only (docs/design.md). */
    async signInWithMagic(personalId: string): Promise<void> {
      abandonRun();
      try {
        await complete('MAGIC', await deps.api.magicSignIn(personalId), { personalId });
      } catch (error) {
        fail('MAGIC', error, { personalId });
      }
    },
  };
}

export type SignInFlow = ReturnType<typeof createSignInFlow>;

// The calls bring the API contracts (zod), the PKCE challenge a SHA-256, the token store the token contract:
// none of it is needed to paint the sign-in screen. Each loads on first use, or sooner with preloadSignIn.
const loadApi = lazyWithReload(() => import('./api/sign-in-api'));
const loadPkce = lazyWithReload(() => import('./pkce'));
const loadAuthSession = lazyWithReload(() => import('../../lib/auth-session'));
const loadCardReader = lazyWithReload(() => import('./simulated-id-card-reader'));

let loadedApi: typeof signInApi | undefined;
/** The call once the module is in: at once, as a static import would make it, after the first load. */
const withApi = <T>(call: (api: typeof signInApi) => Promise<T>): Promise<T> =>
  loadedApi ? call(loadedApi) : loadApi().then((api) => call((loadedApi = api)));

const lazyApi: typeof signInApi = {
  startSmartId: (...args) => withApi((api) => api.startSmartId(...args)),
  startMobileId: (...args) => withApi((api) => api.startMobileId(...args)),
  fetchAuthenticationStatus: (...args) => withApi((api) => api.fetchAuthenticationStatus(...args)),
  cancelAuthentication: (...args) => withApi((api) => api.cancelAuthentication(...args)),
  authorizeIdCard: (...args) => withApi((api) => api.authorizeIdCard(...args)),
  requestIdCardChallenge: (...args) => withApi((api) => api.requestIdCardChallenge(...args)),
  authorizeSimulatedIdCard: (...args) => withApi((api) => api.authorizeSimulatedIdCard(...args)),
  exchangeCodeForTokens: (...args) => withApi((api) => api.exchangeCodeForTokens(...args)),
  magicSignIn: (...args) => withApi((api) => api.magicSignIn(...args)),
  sendAuthenticationEvent: (...args) => withApi((api) => api.sendAuthenticationEvent(...args)),
};

export const signInFlow: SignInFlow = createSignInFlow({
  api: lazyApi,
  createPkce: async () => (await loadPkce()).createPkce(),
  visitorId,
  storeTokens: async (tokens) => (await loadAuthSession()).storeTokens(tokens),
  cardReader: { authenticate: async (...args) => (await loadCardReader()).simulatedCardReader.authenticate(...args) },
});

/** Fetches what a sign-in needs before the user sends the form: called when a sign-in form gets focus. */
export function preloadSignIn(): void {
  void Promise.all([loadApi(), loadPkce(), loadAuthSession()]).catch(() => undefined);
}

export function useSignInState(flow: SignInFlow = signInFlow): SignInState {
  return useSyncExternalStore(flow.subscribe, flow.getState, flow.getState);
}
