import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { lazyWithReload } from '../../lib/lazy-with-reload';
import { postSessionMessage } from '../../lib/session-channel';
import { clearAllUnsavedEdits } from '../../lib/unsaved-edits';
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
 * authentication, with a toast, the query cache and the stored session cleared.
 * The other tabs of the same session hear of it over the session channel.
 */
export function useEndSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const { t } = useTranslation();

  return useCallback(
    async (reason: SessionEndReason, { isOrigin = true }: EndSessionOptions = {}) => {
      const { endSession, readAccessTokenClaims } = await authSession();
      const sid = readAccessTokenClaims()?.sid;
      if (isOrigin && sid && reason !== 'unauthorized') postSessionMessage({ type: reason === 'logout' ? 'logout' : 'expired', sid });
      await endSession({ isServerNotified: isOrigin && reason === 'logout' });
      // Edits kept for a reload go with a logout: the next person at a shared computer must not find them. An
      // expired session keeps them, for the same person signing in again in this tab.
      if (reason === 'logout') clearAllUnsavedEdits();
      queryClient.clear();
      await navigate(paths.authentication, { replace: true });
      if (reason === 'logout') {
        showToast({ variant: 'success', title: t('TOASTS.LOGOUT_SUCCESS.TITLE'), message: t('TOASTS.LOGOUT_SUCCESS.MESSAGE') });
      } else {
        showToast({ variant: 'info', title: t('TOASTS.SESSION_EXPIRED.TITLE'), message: t('TOASTS.SESSION_EXPIRED.MESSAGE') });
      }
    },
    [navigate, queryClient, showToast, t],
  );
}
