import { screen, waitFor, within } from '@testing-library/react';
import type { PageSettings } from '@onboarding/domain';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouteGuards } from '../../app/route-guard';
import { createRoutes } from '../../app/router';
import i18n from '../../i18n/i18n';
import { readSessionValue, writeSessionValues } from '../../lib/session-storage';
import { recordEndedSession } from '../../lib/sign-in-return';
import { fakeAccessToken, jsonResponse } from '../../test/fake-token';
import { setPageSettings } from '../../test/page-settings';
import { renderRoutes } from '../../test/render-app';
import { signInFlow } from './sign-in-flow';

/** This screen's page: no support contacts, and what a test changes. */
const givePageSettings = (changes: Partial<PageSettings> = {}) => setPageSettings({ supportEmail: '', supportPhone: '', ...changes });

const VALID_ID = '38001085718';
// The personal-information screen the sign-in ends on loads the representative.
const representative = {
  personalId: VALID_ID,
  personalIdCountryCode: 'EE',
  givenName: 'Mari',
  surname: 'Maasikas',
  email: null,
  phone: null,
  language: null,
  hasConsentedToRegistryQueries: false,
};
type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let routes: Record<string, Handler> = {};

function serve(handlers: Record<string, Handler>) {
  routes = handlers;
  fetchMock.mockImplementation(async (url, init) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const handler = Object.entries(routes).find(([pattern]) => key === pattern || (pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1))))?.[1];
    if (!handler) throw new Error(`unexpected ${key}`);
    return handler(url, init);
  });
}

const requestsTo = (fragment: string) => fetchMock.mock.calls.filter(([url]) => url.includes(fragment));
const bodyOf = (fragment: string, index = 0) => JSON.parse(requestsTo(fragment)[index]![1].body as string) as Record<string, unknown>;

function renderApp() {
  // The real guard, with the real session storage.
  return renderRoutes(createRoutes(createRouteGuards()), '/authentication');
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  sessionStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  givePageSettings();
});
afterEach(() => {
  signInFlow.cancel();
  signInFlow.reset();
  vi.unstubAllGlobals();
});

describe('authentication screen', () => {
  it('offers Smart-ID and Mobile-ID, and ID-card only with an eid host or in simulated mode', async () => {
    const { unmount } = renderApp();
    const methods = await screen.findByRole('group', { name: 'Sign-in method' });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((radio) => radio.closest('div')?.textContent),
    ).toEqual(['Smart-ID', 'Mobile-ID']);
    unmount();
    givePageSettings({ eidUrl: 'https://eid.example.ee' });
    const withEid = renderApp();
    expect(await screen.findByRole('radio', { name: 'ID-card' })).toBeTruthy();
    withEid.unmount();
    givePageSettings({ isIdentitySimulated: true });
    renderApp();
    expect(await screen.findByRole('radio', { name: 'ID-card' })).toBeTruthy();
  });

  it('simulated ID-card: the card reader answers the server’s challenge, then the person is greeted', async () => {
    givePageSettings({ isIdentitySimulated: true });
    const user = userEvent.setup();
    const accessToken = fakeAccessToken({ givenName: 'Mari', surname: 'Maasikas' });
    const authToken = { unverifiedCertificate: 'MIIcert', algorithm: 'ES384', signature: 'c2ln', format: 'web-eid:1.0' };
    const nonce = 'n'.repeat(44);
    serve({
      'POST /oauth2/v2/authorize/eid/challenge': () => jsonResponse({ nonce }),
      'POST /dev/id-card/authenticate': () => jsonResponse(authToken),
      'POST /oauth2/v2/authorize/eid/simulated': () => jsonResponse({ code: 'id-card-code' }),
      'POST /oauth2/v2/authorize/token': () => jsonResponse({ accessToken, refreshToken: 'refresh-1' }),
      'POST /onboarding/legal/authentication-event/completed': () => jsonResponse(null, 204),
      'GET /onboarding/representative': () => jsonResponse(representative),
    });
    const { router } = renderApp();
    await user.click(await screen.findByRole('radio', { name: 'ID-card' }));
    const personalId = screen.getByRole('textbox', { name: 'Personal ID code of the card' });
    expect(personalId.closest('form')?.getAttribute('aria-describedby')).toBe('id-card-hint');
    await user.type(personalId, VALID_ID);
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Hello, Mari Maasikas!', {}, { timeout: 3000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/personal-information');
    expect(bodyOf('/authorize/eid/challenge')).toEqual({ codeChallenge: bodyOf('/authorize/eid/simulated').codeChallenge });
    expect(bodyOf('/dev/id-card/authenticate')).toEqual({ personalId: VALID_ID, nonce, origin: window.location.origin });
    expect(bodyOf('/authorize/eid/simulated')).toMatchObject({ nonce, authToken, responseType: 'code', codeChallengeMethod: 'S256' });
    expect(bodyOf('/authentication-event/completed')).toMatchObject({ authenticationMethod: 'ID_CARD', result: 'COMPLETED' });
  });

  it('simulated ID-card: a card without certificates goes to its message', async () => {
    givePageSettings({ isIdentitySimulated: true });
    const user = userEvent.setup();
    serve({
      'POST /oauth2/v2/authorize/eid/challenge': () => jsonResponse({ nonce: 'n'.repeat(44) }),
      'POST /dev/id-card/authenticate': () => jsonResponse({ error: 'no_certificates' }, 422),
      'POST /onboarding/legal/anonymous/authentication-event/failed': () => jsonResponse(null, 204),
    });
    const { router } = renderApp();
    await user.click(await screen.findByRole('radio', { name: 'ID-card' }));
    await user.type(screen.getByRole('textbox', { name: 'Personal ID code of the card' }), '38001019930');
    await user.click(screen.getByRole('button', { name: 'Sign in with ID-card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication-error'));
    expect(router.state.location.search).toContain('IDC.NO_CERTIFICATES');
    expect(bodyOf('/authentication-event/failed')).toMatchObject({ authenticationMethod: 'ID_CARD', errorCode: 'no_certificate', result: 'FAILED' });
    expect(requestsTo('/authorize/eid/simulated')).toHaveLength(0);
  });

  it('shows a field error only after the field is touched', async () => {
    const user = userEvent.setup();
    renderApp();
    const personalId = await screen.findByRole('textbox', { name: 'Personal ID code' });
    await user.type(personalId, '123');
    expect(screen.queryByText('Must be 11 characters')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Must be 11 characters')).toBeTruthy();
    expect(personalId.getAttribute('aria-invalid')).toBe('true');
    await user.clear(personalId);
    await user.type(personalId, '3800108571A');
    expect(await screen.findByText('Only numbers permitted')).toBeTruthy();
    await user.clear(personalId);
    await user.type(personalId, '38001085719');
    expect(await screen.findByText('Incorrect Estonian ID code')).toBeTruthy();
  });

  it('on submit shows every error and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('radio', { name: 'Mobile-ID' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Personal ID code' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Smart-ID: shows the verification code, then signs in and greets the person', async () => {
    const user = userEvent.setup();
    const accessToken = fakeAccessToken({ givenName: 'Mari', surname: 'Maasikas' });
    serve({
      'POST /oauth2/v2/authorize/sid/start': () => jsonResponse({ authenticationSessionId: 'sid-1', verificationCode: '4821' }),
      'GET /oauth2/v2/authorize/sid/sid-1/status': () =>
        requestsTo('/status').length === 1
          ? jsonResponse({ status: 'RUNNING' })
          : jsonResponse({ status: 'COMPLETE', state: bodyOf('/sid/start').clientState, code: 'auth-code' }),
      'POST /oauth2/v2/authorize/token': () => jsonResponse({ accessToken, refreshToken: 'refresh-1' }),
      'POST /onboarding/legal/authentication-event/completed': () => jsonResponse(null, 204),
      'GET /onboarding/representative': () => jsonResponse(representative),
    });
    const { router } = renderApp();
    await user.type(await screen.findByRole('textbox', { name: 'Personal ID code' }), VALID_ID);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Verification code' })).toBeTruthy();
    expect(await screen.findByText('Your verification code is 4 8 2 1')).toBeTruthy();
    expect(screen.getByTestId('verification-code').textContent).toBe('4821');

    expect(await screen.findByText('Hello, Mari Maasikas!', {}, { timeout: 3000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/personal-information');
    expect(bodyOf('/sid/start')).toMatchObject({
      personalId: VALID_ID,
      personalIdCountryCode: 'EE',
      responseType: 'code',
      clientId: 'onboarding',
      channel: 'PUBLIC_WEB',
      codeChallengeMethod: 'S256',
    });
    expect(bodyOf('/authorize/token')).toMatchObject({ authorizationCode: 'auth-code', grantType: 'AUTHORIZATION_CODE' });
    expect(bodyOf('/authorize/token').codeVerifier).toHaveLength(128);
    expect(bodyOf('/authentication-event/completed')).toMatchObject({ authenticationMethod: 'SMART_ID', result: 'COMPLETED' });
    expect(bodyOf('/authentication-event/completed').visitorId).toMatch(/^[0-9a-f]{64}$/);
    expect(new Headers(requestsTo('/authentication-event/completed')[0]![1].headers).get('Authorization')).toBe(`Bearer ${accessToken}`);
    expect(readSessionValue('refreshToken')).toBe('refresh-1');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('Cancel stops polling, cancels on the server and returns to the form', async () => {
    const user = userEvent.setup();
    serve({
      'POST /oauth2/v2/authorize/mid/start': () => jsonResponse({ authenticationSessionId: 'mid-1', verificationCode: '1234' }),
      'GET /oauth2/v2/authorize/mid/mid-1/status': () => jsonResponse({ status: 'RUNNING' }),
      'POST /oauth2/v2/authorize/mid/mid-1/cancel': () => jsonResponse(null, 204),
    });
    const { router } = renderApp();
    await user.click(await screen.findByRole('radio', { name: 'Mobile-ID' }));
    await user.type(screen.getByRole('textbox', { name: 'Personal ID code' }), VALID_ID);
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '+37255555555');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/A request was sent to your phone/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication'));
    expect(requestsTo('/mid/mid-1/cancel')).toHaveLength(1);
    const polls = requestsTo('/status').length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(requestsTo('/status')).toHaveLength(polls);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requestsTo('/authentication-event')).toHaveLength(0);
  });

  it('a failure goes to the error screen with its message and sends the failed event', async () => {
    const user = userEvent.setup();
    serve({
      'POST /oauth2/v2/authorize/sid/start': () => jsonResponse({ authenticationSessionId: 'sid-2', verificationCode: '1111' }),
      'GET /oauth2/v2/authorize/sid/sid-2/status': () => jsonResponse({ code: 'user_not_found', message: 'No account' }, 404),
      'POST /onboarding/legal/anonymous/authentication-event/failed': () => jsonResponse(null, 204),
    });
    const { router } = renderApp();
    await user.type(await screen.findByRole('textbox', { name: 'Personal ID code' }), VALID_ID);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Smart-ID account not found' }, { timeout: 3000 })).toBeTruthy();
    expect(router.state.location.search).toBe('?error-code=SID.USER_NOT_FOUND');
    await waitFor(() => expect(requestsTo('/authentication-event/failed')).toHaveLength(1));
    expect(bodyOf('/authentication-event/failed')).toMatchObject({
      authenticationMethod: 'SMART_ID',
      errorCode: 'user_not_found',
      result: 'FAILED',
      personalId: VALID_ID,
    });
    expect(screen.getByRole('link', { name: 'Try again' })).toBeTruthy();
  });

  it('a network error shows the network toast and keeps the form', async () => {
    const user = userEvent.setup();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { router } = renderApp();
    await user.type(await screen.findByRole('textbox', { name: 'Personal ID code' }), VALID_ID);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Network error', {}, { timeout: 3000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/authentication');
    expect(requestsTo('/authentication-event')).toHaveLength(0);
  });

  it('a rate limit refusal stays on the sign-in screen and says after when to try again, in each language', async () => {
    const user = userEvent.setup();
    serve({
      'POST /oauth2/v2/authorize/sid/start': () =>
        new Response(JSON.stringify({ code: 'RATE_LIMITED', message: 'Too many requests.', retryAfterSeconds: 300 }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '300' },
        }),
    });
    const { router } = renderApp();
    await user.type(await screen.findByRole('textbox', { name: 'Personal ID code' }), VALID_ID);
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByText('Too many attempts', {}, { timeout: 3000 });
    const retryAt = new Date(Math.ceil((before + 300_000) / 60_000) * 60_000);
    const time = (separator: string) => `${retryAt.getHours()}${separator}${String(retryAt.getMinutes()).padStart(2, '0')}`;
    expect(alert.closest('[role="alert"]')?.textContent).toContain(`try again after ${time(':')}`);
    expect(router.state.location.pathname).toBe('/authentication');
    // Not a failed sign-in of the person: no event, no error screen.
    expect(requestsTo('/authentication-event')).toHaveLength(0);
    await i18n.changeLanguage('et');
    expect((await screen.findByText('Liiga palju katseid')).closest('[role="alert"]')?.textContent).toContain(`pärast kella ${time('.')}`);
    await i18n.changeLanguage('ru');
    expect((await screen.findByText('Слишком много попыток')).closest('[role="alert"]')?.textContent).toContain(`после ${time(':')}`);
    await i18n.changeLanguage('en');
  });

  it('magic sign-in is offered only when enabled', async () => {
    const user = userEvent.setup();
    givePageSettings({ isMagicSignInEnabled: true });
    serve({
      'POST /oauth2/v2/authorize/magic': () => jsonResponse({ accessToken: fakeAccessToken({ authenticationMethod: 'MAGIC' }), refreshToken: 'r' }),
      'POST /onboarding/legal/authentication-event/completed': () => jsonResponse(null, 204),
      'GET /onboarding/representative': () => jsonResponse(representative),
    });
    const { router } = renderApp();
    const magic = await screen.findByRole('region', { name: 'Test sign-in' });
    await user.type(within(magic).getByRole('textbox', { name: 'Personal ID code' }), VALID_ID);
    await user.click(within(magic).getByRole('button', { name: 'Sign in for testing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/personal-information'));
    expect(bodyOf('/authorize/magic')).toEqual({ channel: 'PUBLIC_WEB', personalId: VALID_ID, personalIdCountryCode: 'EE' });
  });

  describe('after a session ended without a logout (decision 45)', () => {
    const signInForTesting = async (personalId: string) => {
      const user = userEvent.setup();
      const magic = await screen.findByRole('region', { name: 'Test sign-in' });
      await user.type(within(magic).getByRole('textbox', { name: 'Personal ID code' }), personalId);
      await user.click(within(magic).getByRole('button', { name: 'Sign in for testing' }));
    };

    beforeEach(async () => {
      givePageSettings({ isMagicSignInEnabled: true });
      writeSessionValues({ processId: 'p-1' });
      await recordEndedSession({ personalId: VALID_ID, personalIdCountryCode: 'EE' }, '/choose-company');
    });

    it('says the session ended, also after a reload, until the same person signs in and is back where they were', async () => {
      serve({
        'POST /oauth2/v2/authorize/magic': () => jsonResponse({ accessToken: fakeAccessToken({ authenticationMethod: 'MAGIC' }), refreshToken: 'r' }),
        'POST /onboarding/legal/authentication-event/completed': () => jsonResponse(null, 204),
        'GET /onboarding/representative': () =>
          jsonResponse({ ...representative, hasConsentedToRegistryQueries: true, isEmailConfirmed: true, personOutcome: null }),
        'GET /onboarding/*': () => jsonResponse({ code: 'NOT_FOUND', message: 'Not in this test' }, 404),
      });
      const first = renderApp();
      const notice = (await screen.findByText('Your session has ended')).closest('[role="status"]');
      expect(notice?.textContent).toContain('Sign in again to continue where you left off.');
      first.unmount();

      const { router } = renderApp();
      await screen.findByText('Your session has ended');
      await signInForTesting(VALID_ID);
      await waitFor(() => expect(router.state.location.pathname).toBe('/choose-company'));
      expect(readSessionValue('processId')).toBe('p-1');
      expect(readSessionValue('endedSession')).toBeNull();
    });

    it('starts another person in the same tab clean, without the application of the session before', async () => {
      const other = '40504040001';
      serve({
        'POST /oauth2/v2/authorize/magic': () =>
          jsonResponse({ accessToken: fakeAccessToken({ authenticationMethod: 'MAGIC', personalId: other }), refreshToken: 'r' }),
        'POST /onboarding/legal/authentication-event/completed': () => jsonResponse(null, 204),
        'GET /onboarding/representative': () => jsonResponse({ ...representative, personalId: other, isEmailConfirmed: false, personOutcome: null }),
      });
      const { router } = renderApp();
      await screen.findByText('Your session has ended');
      await signInForTesting(other);
      await waitFor(() => expect(router.state.location.pathname).toBe('/personal-information'));
      expect(readSessionValue('processId')).toBeNull();
    });
  });
});
