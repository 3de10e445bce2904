import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { lazyWithReload } from '../../lib/lazy-with-reload';
import { postSessionMessage } from '../../lib/session-channel';
import { forgetSignInReturn, recordEndedSession } from '../../lib/sign-in-return';
import type { SessionEndReason } from '../../lib/session-events';
import { useToast } from '../../ui';

// The layout's logout button uses this hook on every screen, the sign-in screen too; the session helpers
// (with the token contracts) are fetched when a session ends, not with the layout.
const authSession = lazyWithReload(() => import('../../lib/auth-session'));

export type EndSessionOptions = {
  /** False when another tab told us: it has told the server and the other tabs already. */
  isOrigin?: boolean;
};

/**
 * Ends the session the way docs/requirements.md section 2 and 4 say: to
 * authentication, the query cache and the stored session cleared. A logout shows
 * the success toast and leaves nothing for the next sign-in; a session that ended
 * otherwise (inactivity, a refused token) leaves its place for the same person's
 * next sign-in, and the sign-in screen says it ended until then (decision 45).
 * The other tabs of the same session hear of it over the session channel.
 */
export function useEndSession() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const { t } = useTranslation();
  // Read when the session ends, not when the callback was made: the screen it ended on.
  const currentPathname = useRef(pathname);
  useLayoutEffect(() => {
    currentPathname.current = pathname;
  }, [pathname]);

  return useCallback(
    async (reason: SessionEndReason, { isOrigin = true }: EndSessionOptions = {}) => {
      const { endSession, readAccessTokenClaims } = await authSession();
      const claims = readAccessTokenClaims();
      const sid = claims?.sid;
      if (isOrigin && sid && reason !== 'unauthorized') postSessionMessage({ type: reason === 'logout' ? 'logout' : 'expired', sid });
      await endSession({ isServerNotified: isOrigin && reason === 'logout' });
      // A logout leaves nothing for the next person at a shared computer: no application, no edits kept for a
      // reload. A session that ended otherwise keeps them for the same person signing in again in this tab.
      if (reason === 'logout') forgetSignInReturn();
      else await recordEndedSession(claims, currentPathname.current);
      queryClient.clear();
      await navigate(paths.authentication, { replace: true });
      if (reason === 'logout') showToast({ variant: 'success', title: t('TOASTS.LOGOUT_SUCCESS.TITLE'), message: t('TOASTS.LOGOUT_SUCCESS.MESSAGE') });
    },
    [navigate, queryClient, showToast, t],
  );
}
