import { SIGN_IN_VIOLATION_ERROR_CODE, type AuthenticationStatusResponse } from '@onboarding/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-errors';
import type * as signInApi from './api/sign-in-api';
import { createSignInFlow, type SignInFlow } from './sign-in-flow';
import { SignInError } from './sign-in-error';
import { signInCodeOfCardError } from './simulated-id-card-reader';

const pkce = { codeVerifier: 'v'.repeat(128), codeChallenge: 'c'.repeat(43), clientState: 's'.repeat(64) };
const tokens = { accessToken: 'access', refreshToken: 'refresh' };
const authToken = { unverifiedCertificate: 'MIIcert', algorithm: 'ES384', signature: 'c2ln', format: 'web-eid:1.0' };

function fakeApi(statuses: AuthenticationStatusResponse[]) {
  return {
    startSmartId: vi.fn().mockResolvedValue({ authenticationSessionId: 'session-1', verificationCode: '1234' }),
    startMobileId: vi.fn().mockResolvedValue({ authenticationSessionId: 'session-2', verificationCode: '5678' }),
    fetchAuthenticationStatus: vi.fn(async (..._args: unknown[]): Promise<AuthenticationStatusResponse> => statuses.shift() ?? { status: 'RUNNING' }),
    cancelAuthentication: vi.fn().mockResolvedValue(undefined),
    authorizeIdCard: vi.fn().mockResolvedValue({ code: 'id-card-code' }),
    requestIdCardChallenge: vi.fn().mockResolvedValue({ nonce: 'n'.repeat(44) }),
    authorizeSimulatedIdCard: vi.fn().mockResolvedValue({ code: 'simulated-id-card-code' }),
    exchangeCodeForTokens: vi.fn().mockResolvedValue(tokens),
    magicSignIn: vi.fn().mockResolvedValue(tokens),
    sendAuthenticationEvent: vi.fn().mockResolvedValue(undefined),
    startSmartIdDeviceLink: vi
      .fn()
      .mockResolvedValue({ authenticationSessionId: 'session-3', deviceLink: 'https://smart-id.com/device-link?x', expiresInSeconds: 60 }),
    fetchDeviceLink: vi.fn().mockResolvedValue({ deviceLink: 'https://smart-id.com/device-link?y' }),
    returnFromSmartId: vi.fn().mockResolvedValue({ status: 'COMPLETE', state: pkce.clientState, code: 'return-code' }),
  } satisfies typeof signInApi;
}

function setUp(statuses: AuthenticationStatusResponse[], maxPollAttempts?: number) {
  const api = fakeApi(statuses);
  const storeTokens = vi.fn();
  const cardReader = { authenticate: vi.fn().mockResolvedValue(authToken) };
  const flow: SignInFlow = createSignInFlow({ api, createPkce: () => pkce, visitorId: async () => 'visitor-1', storeTokens, maxPollAttempts, cardReader });
  return { api, storeTokens, flow, cardReader };
}

const smartId = { method: 'SMART_ID', input: { personalId: '38001085718' } } as const;

describe('sign-in flow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('Smart-ID: start, show the code, poll RUNNING → COMPLETE, exchange, store, send the completed event', async () => {
    const { api, storeTokens, flow } = setUp([{ status: 'RUNNING' }, { status: 'COMPLETE', state: pkce.clientState, code: 'auth-code' }]);
    await flow.startPolling(smartId);
    expect(api.startSmartId).toHaveBeenCalledWith({ personalId: '38001085718' }, pkce);
    expect(flow.getState()).toEqual({ status: 'waiting', method: 'SMART_ID', verificationCode: '1234' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.exchangeCodeForTokens).toHaveBeenCalledWith('auth-code', pkce.codeVerifier);
    expect(storeTokens).toHaveBeenCalledWith(tokens);
    expect(api.sendAuthenticationEvent).toHaveBeenCalledWith({
      authenticationMethod: 'SMART_ID',
      personalId: '38001085718',
      personalIdCountryCode: 'EE',
      visitorId: 'visitor-1',
      result: 'COMPLETED',
    });
    expect(flow.getState()).toEqual({ status: 'complete' });
  });

  it('a state that is not ours is a sign-in violation: no tokens, a failed event, the error screen', async () => {
    const { api, storeTokens, flow } = setUp([{ status: 'COMPLETE', state: 'forged', code: 'auth-code' }]);
    await flow.startPolling({ method: 'MOBILE_ID', input: { personalId: '38001085718', phoneNumber: '+37255555555' }, language: 'ru' });
    // The phone speaks the person's language.
    expect(api.startMobileId).toHaveBeenCalledWith({ personalId: '38001085718', phoneNumber: '+37255555555' }, expect.anything(), 'ru');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.exchangeCodeForTokens).not.toHaveBeenCalled();
    expect(storeTokens).not.toHaveBeenCalled();
    expect(flow.getState()).toEqual({
      status: 'failed',
      outcome: { kind: 'error', errorCode: SIGN_IN_VIOLATION_ERROR_CODE, messageKey: 'COMMON.TECHNICAL_ERROR' },
    });
    expect(api.sendAuthenticationEvent).toHaveBeenCalledWith(
      expect.objectContaining({
        authenticationMethod: 'MOBILE_ID',
        phoneNumber: '+37255555555',
        errorCode: SIGN_IN_VIOLATION_ERROR_CODE,
        result: 'FAILED',
        visitorId: 'visitor-1',
      }),
    );
  });

  it('Cancel stops polling, cancels on the server and shows nothing', async () => {
    const { api, flow } = setUp([]);
    await flow.startPolling(smartId);
    await vi.advanceTimersByTimeAsync(2000);
    const polls = api.fetchAuthenticationStatus.mock.calls.length;
    flow.cancel();
    await vi.advanceTimersByTimeAsync(5000);
    expect(api.fetchAuthenticationStatus).toHaveBeenCalledTimes(polls);
    expect(api.cancelAuthentication).toHaveBeenCalledWith('SMART_ID', 'session-1');
    expect(flow.getState()).toEqual({ status: 'failed', outcome: { kind: 'cancel', errorCode: 'web.user_cancel' } });
    expect(api.sendAuthenticationEvent).not.toHaveBeenCalled();
  });

  it('a refusal on the phone, answered as a completed status with its outcome, shows COMMON.USER_CANCEL and sends the failed event', async () => {
    const { api, storeTokens, flow } = setUp([{ status: 'RUNNING' }, { status: 'COMPLETE', state: pkce.clientState, outcome: 'user_cancelled' }]);
    await flow.startPolling(smartId);
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.exchangeCodeForTokens).not.toHaveBeenCalled();
    expect(storeTokens).not.toHaveBeenCalled();
    expect(flow.getState()).toEqual({ status: 'failed', outcome: { kind: 'error', errorCode: 'user_cancelled', messageKey: 'COMMON.USER_CANCEL' } });
    expect(api.sendAuthenticationEvent).toHaveBeenCalledWith(
      expect.objectContaining({ authenticationMethod: 'SMART_ID', errorCode: 'user_cancelled', result: 'FAILED' }),
    );
  });

  it('a server-side timeout maps to its message key', async () => {
    const { api, flow } = setUp([]);
    api.fetchAuthenticationStatus.mockRejectedValueOnce(new ApiError({ status: 400, code: 'timeout' }));
    await flow.startPolling(smartId);
    await vi.advanceTimersByTimeAsync(0);
    expect(flow.getState()).toEqual({ status: 'failed', outcome: { kind: 'error', errorCode: 'timeout', messageKey: 'SID.TIMEOUT' } });
  });

  it('stops after the maximum number of polls', async () => {
    const { flow } = setUp([], 2);
    await flow.startPolling(smartId);
    await vi.advanceTimersByTimeAsync(3000);
    expect(flow.getState()).toMatchObject({ status: 'failed', outcome: { kind: 'error', errorCode: 'max_attempts_reached' } });
  });

  it('a network error at the start is the network toast, without an event', async () => {
    const { api, flow } = setUp([]);
    api.startSmartId.mockRejectedValue(new NetworkError(new TypeError('offline')));
    await flow.startPolling(smartId);
    expect(flow.getState()).toEqual({ status: 'failed', outcome: { kind: 'network' } });
    expect(api.sendAuthenticationEvent).not.toHaveBeenCalled();
  });

  it('ID-card: the eid code is exchanged without polling', async () => {
    const { api, storeTokens, flow } = setUp([]);
    await flow.signInWithIdCard('https://eid.example.ee');
    expect(api.authorizeIdCard).toHaveBeenCalledWith('https://eid.example.ee', pkce);
    expect(api.exchangeCodeForTokens).toHaveBeenCalledWith('id-card-code', pkce.codeVerifier);
    expect(storeTokens).toHaveBeenCalledWith(tokens);
    expect(flow.getState()).toEqual({ status: 'complete' });
  });

  it('ID-card: no certificate shows its message', async () => {
    const { api, flow } = setUp([]);
    api.authorizeIdCard.mockRejectedValue(new ApiError({ status: 400, code: 'no_certificate' }));
    await flow.signInWithIdCard('https://eid.example.ee');
    expect(flow.getState()).toEqual({ status: 'failed', outcome: { kind: 'error', errorCode: 'no_certificate', messageKey: 'IDC.NO_CERTIFICATES' } });
  });

  it('simulated ID-card: the server’s nonce, the card’s answer, the code exchanged', async () => {
    const { api, storeTokens, flow, cardReader } = setUp([]);
    await flow.signInWithSimulatedIdCard('38001085718');
    expect(api.requestIdCardChallenge).toHaveBeenCalledWith(pkce);
    expect(cardReader.authenticate).toHaveBeenCalledWith('38001085718', 'n'.repeat(44));
    expect(api.authorizeSimulatedIdCard).toHaveBeenCalledWith(pkce, 'n'.repeat(44), authToken);
    expect(api.exchangeCodeForTokens).toHaveBeenCalledWith('simulated-id-card-code', pkce.codeVerifier);
    expect(storeTokens).toHaveBeenCalledWith(tokens);
    expect(flow.getState()).toEqual({ status: 'complete' });
  });

  it.each([
    ['user_cancel', { kind: 'cancel', errorCode: 'web.user_cancel' }],
    ['no_certificates', { kind: 'error', errorCode: 'no_certificate', messageKey: 'IDC.NO_CERTIFICATES' }],
    ['no_implementation', { kind: 'error', errorCode: 'no_implementation', messageKey: 'IDC.NO_IMPLEMENTATION' }],
    ['pin_blocked', { kind: 'error', errorCode: 'unexpected', messageKey: 'COMMON.TECHNICAL_ERROR' }],
    ['technical_error', { kind: 'error', errorCode: 'unexpected', messageKey: 'COMMON.TECHNICAL_ERROR' }],
  ])('simulated ID-card: the card’s %s maps as docs/requirements.md section 8 says', async (cardError, outcome) => {
    const { api, flow, cardReader } = setUp([]);
    cardReader.authenticate.mockRejectedValue(new SignInError(signInCodeOfCardError(cardError)));
    await flow.signInWithSimulatedIdCard('38001019930');
    expect(api.authorizeSimulatedIdCard).not.toHaveBeenCalled();
    expect(flow.getState()).toEqual({ status: 'failed', outcome });
  });

  it('simulated ID-card: a certificate the server refuses shows IDC.INVALID_CERTIFICATE', async () => {
    const { api, flow } = setUp([]);
    api.authorizeSimulatedIdCard.mockRejectedValue(new ApiError({ status: 400, code: 'invalid_certificate' }));
    await flow.signInWithSimulatedIdCard('38001085718');
    expect(flow.getState()).toEqual({ status: 'failed', outcome: { kind: 'error', errorCode: 'invalid_certificate', messageKey: 'IDC.INVALID_CERTIFICATE' } });
  });

  it('a new sign-in abandons the one still polling', async () => {
    const { api, flow } = setUp([]);
    const pollsOf = (id: string) => api.fetchAuthenticationStatus.mock.calls.filter((call) => call[1] === id).length;
    await flow.startPolling(smartId);
    await vi.advanceTimersByTimeAsync(0);
    const firstPolls = pollsOf('session-1');
    await flow.startPolling({ method: 'MOBILE_ID', input: { personalId: '38001085718', phoneNumber: '+37255555555' } });
    await vi.advanceTimersByTimeAsync(3000);
    expect(flow.getState()).toEqual({ status: 'waiting', method: 'MOBILE_ID', verificationCode: '5678' });
    expect(pollsOf('session-1')).toBe(firstPolls);
    expect(pollsOf('session-2')).toBeGreaterThan(1);
  });

  it('Smart-ID by QR code: shows the link, then signs in when the status completes, with no personal code', async () => {
    const { api, flow, storeTokens } = setUp([{ status: 'RUNNING' }, { status: 'COMPLETE', state: pkce.clientState, code: 'qr-code' }]);
    await flow.startDeviceLink('QR', 'et');
    expect(api.startSmartIdDeviceLink).toHaveBeenCalledWith('QR', 'et', pkce);
    expect(flow.getState()).toMatchObject({
      status: 'deviceLink',
      flow: 'QR',
      authenticationSessionId: 'session-3',
      deviceLink: 'https://smart-id.com/device-link?x',
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(api.exchangeCodeForTokens).toHaveBeenCalledWith('qr-code', pkce.codeVerifier);
    expect(storeTokens).toHaveBeenCalledWith(tokens);
    expect(flow.getState()).toEqual({ status: 'complete' });
    expect(window.localStorage.getItem('smartIdReturn')).toBeNull();
  });

  it('Smart-ID by app link: the tab that started learns the sign-in finished in the tab the app opened', async () => {
    const { flow } = setUp([{ status: 'RUNNING' }, { status: 'COMPLETE', state: pkce.clientState, outcome: 'signed_in_elsewhere' }]);
    await flow.startDeviceLink('Web2App', 'en');
    expect(JSON.parse(window.localStorage.getItem('smartIdReturn') ?? '{}')).toEqual({
      authenticationSessionId: 'session-3',
      codeVerifier: pkce.codeVerifier,
      clientState: pkce.clientState,
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(flow.getState()).toEqual({ status: 'signedInElsewhere' });
  });

  it('the app’s return finishes the sign-in begun in this browser, once', async () => {
    const { api, flow, storeTokens } = setUp([]);
    await flow.startDeviceLink('Web2App', 'en');
    const back = { authenticationSessionId: 'session-3', value: 'one-time', sessionSecretDigest: 'digest', userChallengeVerifier: 'verifier' };
    expect(await flow.finishSmartIdReturn(back)).toBe(true);
    expect(api.returnFromSmartId).toHaveBeenCalledWith(back);
    expect(api.exchangeCodeForTokens).toHaveBeenCalledWith('return-code', pkce.codeVerifier);
    expect(storeTokens).toHaveBeenCalledWith(tokens);
    expect(window.localStorage.getItem('smartIdReturn')).toBeNull();
    // Opened again, or in a browser that did not begin it: nothing is asked.
    expect(await flow.finishSmartIdReturn(back)).toBe(false);
    expect(api.returnFromSmartId).toHaveBeenCalledTimes(1);
  });

  it('a return the server does not know for this browser (no cookie) is the other-browser case', async () => {
    const { api, flow } = setUp([]);
    api.returnFromSmartId.mockRejectedValue(new ApiError({ status: 404, code: 'NOT_FOUND' }));
    await flow.startDeviceLink('Web2App', 'en');
    expect(await flow.finishSmartIdReturn({ authenticationSessionId: 'session-3', value: 'v', sessionSecretDigest: 'd', userChallengeVerifier: 'u' })).toBe(
      false,
    );
  });
});
