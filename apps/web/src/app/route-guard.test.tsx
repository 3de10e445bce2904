import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSessionValue, writeSessionValues } from '../lib/session-storage';
import { fakeAccessToken, jsonResponse } from '../test/fake-token';
import type { Representative } from '@onboarding/domain';

const representativeOf = (personalId: string): Representative => ({
  personalId,
  personalIdCountryCode: 'EE',
  givenName: 'OK',
  surname: 'TESTNUMBER',
  email: null,
  phone: null,
  language: null,
  hasConsentedToRegistryQueries: false,
  consentedAt: null,
  isEmailConfirmed: false,
  personOutcome: null,
});
import { renderRoutes } from '../test/render-app';
import { createRouteGuards, type GuardDependencies } from './route-guard';
import { createRoutes } from './router';

function guards(overrides: Partial<GuardDependencies> = {}) {
  let processId: string | null = null;
  return createRouteGuards({
    restoreSession: async () => false,
    isSignedIn: () => false,
    readProcessId: () => processId,
    storeProcessId: (id) => {
      processId = id;
    },
    storeInvitationToken: () => undefined,
    storeReturnTo: () => undefined,
    isPersonalInformationComplete: async () => true,
    personOutcome: async () => null,
    ...overrides,
  });
}

async function landOn(entry: string, deps?: Partial<GuardDependencies>) {
  const { router } = renderRoutes(createRoutes(guards(deps)), entry);
  // A redirect may load a lazy route first; on a busy shared machine that can take longer than waitFor's 1 s default.
  await waitFor(() => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true), { timeout: 5000 });
  return router.state.location;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('route guard (docs/requirements.md section 2)', () => {
  it.each(['/authentication', '/authentication-error?error-code=MID.TIMEOUT', '/visit-bank'])('%s is public', async (entry) => {
    const restoreSession = vi.fn(async () => false);
    const location = await landOn(entry, { restoreSession });
    expect(`${location.pathname}${location.search}`).toBe(entry);
    expect(restoreSession).not.toHaveBeenCalled();
  });

  it('/authentication-verification-code is public; without a running sign-in the screen itself returns to the form', async () => {
    const restoreSession = vi.fn(async () => false);
    const { router } = renderRoutes(createRoutes(guards({ restoreSession })), '/authentication-verification-code');
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication'));
    expect(restoreSession).not.toHaveBeenCalled();
  });

  it.each(['/personal-information', '/choose-company', '/error', '/application/incomes', '/success'])(
    '%s without a session goes to authentication',
    async (entry) => {
      expect((await landOn(entry)).pathname).toBe('/authentication');
    },
  );

  it('/ goes to personal-information, and without a session on to authentication', async () => {
    const { router } = renderRoutes(createRoutes(guards()), '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication'));
  });

  it('lets a visitor in once the silent restore succeeds', async () => {
    const restoreSession = vi.fn(async () => true);
    expect((await landOn('/personal-information', { restoreSession })).pathname).toBe('/personal-information');
    expect(restoreSession).toHaveBeenCalled();
  });

  it('sends a signed-in user from authentication to personal-information', async () => {
    expect((await landOn('/authentication', { isSignedIn: () => true, restoreSession: async () => true })).pathname).toBe('/personal-information');
  });

  it('sends a signed-in user who has not consented to registry queries, or not confirmed the e-mail address, from choose-company to personal-information', async () => {
    expect((await landOn('/choose-company', { restoreSession: async () => true, isPersonalInformationComplete: async () => false })).pathname).toBe(
      '/personal-information',
    );
    expect((await landOn('/choose-company', { restoreSession: async () => true, isPersonalInformationComplete: async () => true })).pathname).toBe(
      '/choose-company',
    );
  });

  it('sends a signed-in user without a process id from an application screen to choose-company', async () => {
    expect((await landOn('/application/incomes', { restoreSession: async () => true })).pathname).toBe('/choose-company');
    expect((await landOn('/success', { restoreSession: async () => true })).pathname).toBe('/choose-company');
  });

  it('keeps the processId query parameter, which then opens the application screens', async () => {
    const storeProcessId = vi.fn();
    let stored: string | null = null;
    storeProcessId.mockImplementation((id: string) => {
      stored = id;
    });
    const location = await landOn('/application/incomes?processId=p-42', { restoreSession: async () => true, storeProcessId, readProcessId: () => stored });
    expect(storeProcessId).toHaveBeenCalledWith('p-42');
    expect(location.pathname).toBe('/application/incomes');
  });

  it('keeps the processId even on a public screen', async () => {
    const storeProcessId = vi.fn();
    await landOn('/authentication?processId=p-7', { storeProcessId });
    expect(storeProcessId).toHaveBeenCalledWith('p-7');
  });

  it.each(['/', '/personal-information', '/choose-company', '/application/incomes?processId=p-1', '/success?processId=p-1'])(
    'sends a signed-in minor from %s to the visit-the-bank outcome, before anything is typed',
    async (entry) => {
      const { router } = renderRoutes(createRoutes(guards({ restoreSession: async () => true, personOutcome: async () => 'MINOR' })), entry);
      // From / the redirect happens in a render after the first navigation has settled: wait for where it lands.
      await waitFor(() => expect(router.state.location.pathname).toBe('/error/minor'), { timeout: 5000 });
    },
  );

  it.each(['/', '/personal-information', '/choose-company', '/application/incomes?processId=p-1', '/success?processId=p-1'])(
    'sends a person whose identity document is invalid from %s to that outcome right after sign-in',
    async (entry) => {
      const { router } = renderRoutes(createRoutes(guards({ restoreSession: async () => true, personOutcome: async () => 'DOCUMENT_INVALID' })), entry);
      await waitFor(() => expect(router.state.location.pathname).toBe('/error/document-invalid'), { timeout: 5000 });
    },
  );

  it('keeps where a mailed link points through the sign-in it needs, without its language', async () => {
    const storeReturnTo = vi.fn();
    expect((await landOn('/success?processId=p-1&lang=ru', { storeReturnTo })).pathname).toBe('/authentication');
    expect(storeReturnTo).toHaveBeenCalled();
    const [url] = storeReturnTo.mock.calls[0] as [URL];
    expect(`${url.pathname}${url.search}`).toBe('/success?processId=p-1&lang=ru');
  });

  it('keeps no place for a plain visit without a session: the sign-in leads to the start', async () => {
    const storeReturnTo = vi.fn();
    expect((await landOn('/application/incomes', { storeReturnTo })).pathname).toBe('/authentication');
    expect(storeReturnTo).not.toHaveBeenCalled();
  });

  it('keeps an invitation link through the sign-in it needs, and lets a signed-in person in without the applicant’s screens', async () => {
    const storeInvitationToken = vi.fn();
    expect((await landOn('/invitation/abc-123', { storeInvitationToken })).pathname).toBe('/authentication');
    expect(storeInvitationToken).toHaveBeenCalledWith('abc-123');
    const signedIn = await landOn('/invitation/abc-123', { restoreSession: async () => true, isPersonalInformationComplete: async () => false });
    expect(signedIn.pathname).toBe('/invitation/abc-123');
  });

  it('sends any other path to authentication', async () => {
    expect((await landOn('/no-such-page')).pathname).toBe('/authentication');
  });
});

describe('route guard with the real session storage', () => {
  it('restores the session silently with the stored refresh token', async () => {
    const accessToken = fakeAccessToken();
    writeSessionValues({ refreshToken: 'old-refresh', processId: 'p-1' });
    const fetchMock = vi.fn(async () => jsonResponse({ accessToken, refreshToken: 'new-refresh' }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(createRoutes(), '/application/overview');
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(router.state.location.pathname).toBe('/application/overview');
    expect(fetchMock).toHaveBeenCalledWith(
      '/oauth2/v2/authorize/refresh',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ refreshToken: 'old-refresh' }) }),
    );
    expect(readSessionValue('accessToken')).toBe(accessToken);
    expect(readSessionValue('refreshToken')).toBe('new-refresh');
  });

  it('stores processId from the address in session storage', async () => {
    writeSessionValues({ accessToken: fakeAccessToken(), refreshToken: 'r' });
    const { router } = renderRoutes(createRoutes(), '/success?processId=p-99');
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(router.state.location.pathname).toBe('/success');
    expect(readSessionValue('processId')).toBe('p-99');
  });

  it('knows the minor from the personal code of the access token: personal information becomes the outcome', async () => {
    writeSessionValues({ accessToken: fakeAccessToken({ personalId: '61101012257' }), refreshToken: 'r' });
    const { router } = renderRoutes(createRoutes(), '/personal-information');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/minor'));
    writeSessionValues({ accessToken: fakeAccessToken({ personalId: '40504040001' }), refreshToken: 'r' });
    await router.navigate('/personal-information');
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/personal-information');
  });

  it('asks the server once per session whether the identity document stops the person, and shows its outcome', async () => {
    writeSessionValues({ accessToken: fakeAccessToken({ personalId: '30303039914', sid: 'session-document' }), refreshToken: 'r' });
    const fetchMock = vi.fn(async (_url: string) => jsonResponse({ ...representativeOf('30303039914'), personOutcome: 'DOCUMENT_INVALID' }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(createRoutes(), '/personal-information');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/document-invalid'));
    await router.navigate('/choose-company');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/document-invalid'));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/onboarding/representative'))).toHaveLength(1);
  });

  it('lets a person whose document the server does not hold against them in', async () => {
    writeSessionValues({ accessToken: fakeAccessToken({ sid: 'session-valid-document' }), refreshToken: 'r' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(representativeOf('38001085718'))),
    );
    const { router } = renderRoutes(createRoutes(), '/personal-information');
    await waitFor(() => expect(router.state.navigation.state === 'idle' && router.state.initialized).toBe(true));
    expect(router.state.location.pathname).toBe('/personal-information');
  });

  it('goes to authentication when the refresh token is refused', async () => {
    writeSessionValues({ refreshToken: 'dead' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 'UNAUTHORIZED' }, 401)),
    );
    const { router } = renderRoutes(createRoutes(), '/personal-information');
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication'));
    expect(readSessionValue('refreshToken')).toBeNull();
  });
});
