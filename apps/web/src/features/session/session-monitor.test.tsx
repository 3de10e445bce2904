import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/i18n';
import { storeTokens } from '../../lib/auth-session';
import { readSessionValue, writeSessionValues } from '../../lib/session-storage';
import { fakeAccessToken, jsonResponse } from '../../test/fake-token';
import { renderRoutes } from '../../test/render-app';
import { SessionMonitor } from './session-monitor';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

function renderSignedIn() {
  return renderRoutes(
    [
      {
        path: '/personal-information',
        element: (
          <>
            <h1>Signed-in screen</h1>
            <SessionMonitor />
          </>
        ),
      },
      { path: '/authentication', element: <h1>Sign-in form</h1> },
    ],
    '/personal-information',
  );
}

// Taken before the tests fake the timers.
const realSetTimeout = globalThis.setTimeout;

/**
 * Waits for what comes through the event loop (another tab's message, the browser's hashing of the person's code);
 * waitFor's own polling runs on the faked timers.
 */
const until = async (assertion: () => void) => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      assertion();
      return;
    } catch (error) {
      if (attempt >= 40) throw error;
      // Real time: the faked setTimeout would never fire.
      await act(() => new Promise((resolve) => realSetTimeout(resolve, 25)));
    }
  }
};

/** What the tab kept of a session that ended without a logout (lib/sign-in-return.ts). */
const endedSession = (): Record<string, unknown> | null => {
  const stored = readSessionValue('endedSession');
  return stored === null ? null : (JSON.parse(stored) as Record<string, unknown>);
};

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse(null, 204));
  vi.stubGlobal('fetch', fetchMock);
  // A token that lives long enough not to need a refresh in these tests.
  storeTokens({ accessToken: fakeAccessToken({ exp: Math.floor(Date.now() / 1000) + 3600 }), refreshToken: 'refresh-1' });
  writeSessionValues({ processId: 'p-1' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session warning (docs/requirements.md sections 2 and 4)', () => {
  it('warns 30 s before the 90 s inactivity timeout, after a minute without activity, counting down in seconds', async () => {
    renderSignedIn();
    await advance(59_000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(1000);
    const dialog = screen.getByRole('alertdialog', { name: 'Your session is about to end' });
    expect(screen.getByTestId('session-countdown').textContent).toBe('Time left: 30 s');
    await advance(1000);
    expect(screen.getByTestId('session-countdown').textContent).toBe('Time left: 29 s');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, continue' }));
    expect(dialog).toBeTruthy();
  });

  it('activity postpones the warning', async () => {
    renderSignedIn();
    await advance(40_000);
    fireEvent.keyDown(document.body, { key: 'a' });
    await advance(40_000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(20_000);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('Yes keeps the session and closes the warning', async () => {
    renderSignedIn();
    await advance(75_000);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, continue' }));
    await advance(500);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(59_000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Signed-in screen' })).toBeTruthy();
    expect(readSessionValue('accessToken')).not.toBeNull();
  });

  it('No logs out: to authentication, the success toast, the session and its application cleared and ended on the server', async () => {
    const { queryClient } = renderSignedIn();
    queryClient.setQueryData(['cached'], 'value');
    await advance(60_000);
    fireEvent.click(screen.getByRole('button', { name: 'No, log out' }));
    await advance(500);
    expect(screen.getByRole('heading', { name: 'Sign-in form' })).toBeTruthy();
    expect(screen.getByText('You have logged out')).toBeTruthy();
    expect(screen.getByText('Thank you for using the service.')).toBeTruthy();
    expect(readSessionValue('accessToken')).toBeNull();
    expect(readSessionValue('refreshToken')).toBeNull();
    // The next person at the computer starts clean: no application to jump to, nothing to say about a session.
    expect(readSessionValue('processId')).toBeNull();
    expect(readSessionValue('endedSession')).toBeNull();
    expect(queryClient.getQueryData(['cached'])).toBeUndefined();
    const logout = fetchMock.mock.calls.find(([url]) => url === '/oauth2/v2/authorize/logout');
    expect(JSON.parse(logout![1].body as string)).toEqual({ refreshToken: 'refresh-1' });
  });

  it('after 90 s without activity the session ends; the tab keeps whose it was and where, for the next sign-in', async () => {
    renderSignedIn();
    await advance(90_000);
    await until(() => expect(screen.getByRole('heading', { name: 'Sign-in form' })).toBeTruthy());
    // The sign-in screen says so until the next sign-in, not a toast that is gone before the person is back.
    expect(screen.queryByText('Your session has ended')).toBeNull();
    expect(readSessionValue('accessToken')).toBeNull();
    expect(endedSession()).toMatchObject({ processId: 'p-1', returnTo: '/personal-information', person: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // Not readable at a glance by whoever uses the tab next.
    expect(readSessionValue('endedSession')).not.toContain('38001085718');
    expect(readSessionValue('processId')).toBeNull();
  });
});

describe('token refresh (docs/requirements.md section 4)', () => {
  it('refreshes a token that expires soon at the tenth tick, and keeps the rotated pair', async () => {
    const now = Math.floor(Date.now() / 1000);
    storeTokens({ accessToken: fakeAccessToken({ iat: now, exp: now + 20 }), refreshToken: 'refresh-1' });
    const fresh = fakeAccessToken({ iat: now + 10, exp: now + 310 });
    fetchMock.mockImplementation(async (url) =>
      url === '/oauth2/v2/authorize/refresh' ? jsonResponse({ accessToken: fresh, refreshToken: 'refresh-2' }) : jsonResponse(null, 204),
    );
    renderSignedIn();
    await advance(9000);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(1000);
    expect(fetchMock).toHaveBeenCalledWith('/oauth2/v2/authorize/refresh', expect.objectContaining({ body: JSON.stringify({ refreshToken: 'refresh-1' }) }));
    expect(readSessionValue('accessToken')).toBe(fresh);
    expect(readSessionValue('refreshToken')).toBe('refresh-2');
  });

  it('a refused refresh ends the session', async () => {
    const now = Math.floor(Date.now() / 1000);
    storeTokens({ accessToken: fakeAccessToken({ iat: now, exp: now + 15 }), refreshToken: 'refresh-1' });
    fetchMock.mockImplementation(async () => jsonResponse({ code: 'UNAUTHORIZED' }, 401));
    renderSignedIn();
    await advance(10_500);
    await until(() => expect(screen.getByRole('heading', { name: 'Sign-in form' })).toBeTruthy());
    expect(endedSession()).not.toBeNull();
  });
});

describe('single-sign-on events from other tabs (docs/requirements.md section 4)', () => {
  it.each([
    ['logout', false],
    ['expired', true],
  ])('"%s" of the same session ends it here too', async (type, isKeptForTheNextSignIn) => {
    vi.useRealTimers();
    renderSignedIn();
    const otherTab = new BroadcastChannel('onboarding-session');
    otherTab.postMessage({ type: 'logout', sid: 'someone-else' });
    otherTab.postMessage({ type, sid: 'session-1' });
    expect(await screen.findByRole('heading', { name: 'Sign-in form' })).toBeTruthy();
    expect(screen.queryByText('You have logged out') !== null).toBe(!isKeptForTheNextSignIn);
    expect(endedSession() !== null).toBe(isKeptForTheNextSignIn);
    // Another tab told the server already.
    expect(fetchMock.mock.calls.some(([url]) => url.includes('/logout'))).toBe(false);
    otherTab.close();
  });

  describe('"expires soon" from another tab', () => {
    let otherTab: BroadcastChannel;
    let heard: unknown[];
    beforeEach(() => {
      // The clock and the session tick are faked; the channel's messages still travel as they do in a browser.
      vi.useRealTimers();
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
      heard = [];
      otherTab = new BroadcastChannel('onboarding-session');
      otherTab.addEventListener('message', (event: MessageEvent) => heard.push(event.data));
    });
    afterEach(() => otherTab.close());

    it("opens the warning here with the other tab's expiry time, and closes it when the session no longer expires soon", async () => {
      renderSignedIn();
      // This tab's own clock warns at 60 s; the other tab saw its last activity 2 s earlier, within the allowed difference.
      await advance(59_000);
      expect(screen.queryByRole('alertdialog')).toBeNull();
      otherTab.postMessage({ type: 'expires-soon', sid: 'someone-else', expiresAt: Date.now() + 10_000 });
      otherTab.postMessage({ type: 'expires-soon', sid: 'session-1', expiresAt: Date.now() + 29_000 });
      expect(await screen.findByRole('alertdialog', { name: 'Your session is about to end' })).toBeTruthy();
      expect(screen.getByTestId('session-countdown').textContent).toBe('Time left: 29 s');
      // The dialog takes the focus once it is shown, which on a busy machine is a moment after it is in the page.
      await until(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, continue' })));
      // The warning counts down to that expiry time.
      await advance(1000);
      expect(screen.getByTestId('session-countdown').textContent).toBe('Time left: 28 s');
      // The other tab's Yes: the session no longer expires soon, and the warning closes here too.
      otherTab.postMessage({ type: 'activity', sid: 'session-1', at: Date.now() });
      await until(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(screen.getByRole('heading', { name: 'Signed-in screen' })).toBeTruthy();
      // A warning heard of is not announced back.
      expect(heard.filter((message) => (message as { type: string }).type === 'expires-soon')).toEqual([]);
    });

    it('a tab with later activity does not warn, and hands its activity to the other tab, whose warning closes', async () => {
      renderSignedIn();
      await advance(40_000);
      otherTab.postMessage({ type: 'expires-soon', sid: 'session-1', expiresAt: Date.now() + 20_000 });
      await until(() => expect(heard).toContainEqual({ type: 'activity', sid: 'session-1', at: Date.now() - 40_000 }));
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });

    it('"expired" closes the warning and ends the session', async () => {
      renderSignedIn();
      await advance(59_000);
      otherTab.postMessage({ type: 'expires-soon', sid: 'session-1', expiresAt: Date.now() + 29_000 });
      await screen.findByRole('alertdialog');
      otherTab.postMessage({ type: 'expired', sid: 'session-1' });
      expect(await screen.findByRole('heading', { name: 'Sign-in form' })).toBeTruthy();
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(endedSession()).not.toBeNull();
    });
  });
});
