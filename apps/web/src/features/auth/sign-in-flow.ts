import {
  DEFAULT_COUNTRY_CODE,
  SIGN_IN_VIOLATION_ERROR_CODE,
  type AuthenticationEvent,
  type AuthenticationMethod,
  type DeviceLinkFlow,
  type Locale,
  type MobileIdStartInput,
  type SmartIdCallbackRequest,
  type SmartIdStartInput,
  type TokenResponse,
} from '@onboarding/domain';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api-errors';
import { lazyWithReload } from '../../lib/lazy-with-reload';
import type * as signInApi from './api/sign-in-api';
import type { PollingMethod } from './api/sign-in-api';
import type { Pkce } from './pkce';
import { pollAuthentication } from './poll-authentication';
import { classifySignInError, SignInError, type SignInOutcome } from './sign-in-error';
import { forgetSmartIdReturn, readSmartIdReturn, rememberSmartIdReturn } from './smart-id-return-storage';
import type { SimulatedCardReader } from './simulated-id-card-reader';
import { visitorId } from './visitor-id';

export type SignInState =
  | { status: 'idle' }
  | { status: 'waiting'; method: PollingMethod; verificationCode: string }
  /** Smart-ID by QR code or app link: the link to draw or open, until expiresAt (this browser's clock). */
  | { status: 'deviceLink'; flow: DeviceLinkFlow; authenticationSessionId: string; deviceLink: string; expiresAt: number }
  /** A Web2App sign-in finished in the tab the Smart-ID app opened. */
  | { status: 'signedInElsewhere' }
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

  /**
   * Polls a started sign-in in the background until it ends, exchanges its code and completes it. A Web2App
   * sign-in that ended in the tab the app opened leaves this one told so.
   */
  const pollUntilSignedIn = (method: 'SMART_ID' | 'MOBILE_ID', sessionId: string, pkce: Pkce, person: Person) => {
    const controller = new AbortController();
    const current = { controller, method, sessionId };
    run = current;
    void (async () => {
      try {
        const { code } = await pollAuthentication({
          fetchStatus: (signal) => deps.api.fetchAuthenticationStatus(method, sessionId, signal),
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
        if (error instanceof SignInError && error.code === 'signed_in_elsewhere') {
          setState({ status: 'signedInElsewhere' });
          return;
        }
        fail(method, error, person);
      }
    })();
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
      setState({ status: 'waiting', method, verificationCode: started.verificationCode });
      pollUntilSignedIn(method, started.authenticationSessionId, pkce, person);
    },

    /**
     * Smart-ID by QR code (a computer) or by the app's link (this phone): no personal code is typed; the server
     * reads the person from the certificate (decision 38). Resolves once the link is known.
     */
    async startDeviceLink(flow: DeviceLinkFlow, language: 'et' | 'en' | 'ru'): Promise<void> {
      abandonRun();
      const pkce = await deps.createPkce();
      let started;
      try {
        started = await deps.api.startSmartIdDeviceLink(flow, language, pkce);
      } catch (error) {
        fail('SMART_ID', error, {});
        return;
      }
      const { authenticationSessionId, deviceLink, expiresInSeconds } = started;
      // The app may return to another tab: it finishes the sign-in there with this verifier.
      if (flow === 'Web2App') rememberSmartIdReturn({ authenticationSessionId, codeVerifier: pkce.codeVerifier, clientState: pkce.clientState });
      setState({ status: 'deviceLink', flow, authenticationSessionId, deviceLink, expiresAt: Date.now() + expiresInSeconds * 1000 });
      pollUntilSignedIn('SMART_ID', authenticationSessionId, pkce, {});
    },

    /**
     * The page the Smart-ID app opens after a Web2App sign-in: finishes the sign-in begun in this browser.
     * False when this browser did not begin it (another browser, a private window): nothing is asked then.
     */
    async finishSmartIdReturn(input: Omit<SmartIdCallbackRequest, 'authenticationSessionId'> & { authenticationSessionId: string }): Promise<boolean> {
      const pending = readSmartIdReturn();
      if (!pending || pending.authenticationSessionId !== input.authenticationSessionId) return false;
      abandonRun();
      try {
        let answer = await deps.api.returnFromSmartId(input);
        // SK may take a moment to record the PIN the app has just sent.
        for (let attempt = 0; answer.status === 'RUNNING' && attempt < RETURN_ATTEMPTS; attempt += 1) answer = await deps.api.returnFromSmartId(input);
        if (answer.status === 'RUNNING') throw new SignInError('timeout');
        if (answer.state !== pending.clientState) throw new SignInError(SIGN_IN_VIOLATION_ERROR_CODE);
        if ('outcome' in answer) throw new SignInError(answer.outcome);
        forgetSmartIdReturn();
        await complete('SMART_ID', await deps.api.exchangeCodeForTokens(answer.code, pending.codeVerifier), {});
      } catch (error) {
        forgetSmartIdReturn();
        // The server knows no such return for this browser: it is the same case as a missing record here.
        if (error instanceof ApiError && error.status === 404) return false;
        fail('SMART_ID', error, {});
      }
      return true;
    },

    /** A QR code's link for this second (the QR panel asks every second). */
    fetchDeviceLink: (authenticationSessionId: string, language: 'et' | 'en' | 'ru', signal?: AbortSignal) =>
      deps.api.fetchDeviceLink(authenticationSessionId, language, signal),

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

/** How many more times a Web2App return asks while SK still reports the sign-in running. */
const RETURN_ATTEMPTS = 3;

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
  startSmartIdDeviceLink: (...args) => withApi((api) => api.startSmartIdDeviceLink(...args)),
  fetchDeviceLink: (...args) => withApi((api) => api.fetchDeviceLink(...args)),
  returnFromSmartId: (...args) => withApi((api) => api.returnFromSmartId(...args)),
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
