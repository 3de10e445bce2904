import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { reviewQueryKey } from './api/review';
import { useApplicationLayout } from '../application-context';
import type { SigningHost } from '../../../lib/signing/use-signing';

/**
 * The applicant's overview as the signing's host: signed, the submitted application (or the one waiting for the
 * board's signatures) goes into the layout and the page moves to /success; a changed register reopens its steps and
 * the review names what now differs.
 */
export function useApplicationSigningHost(): SigningHost {
  const layout = useApplicationLayout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return {
    processId: layout.processId,
    onSigned: (status) => {
      if (status.application) layout.setApplication(status.application);
      void navigate(paths.success, { replace: true });
    },
    reload: layout.reload,
    onRegisterChanged: (changes) => {
      // The layout says what changed, on the step the reloaded application has reopened.
      layout.setRegisterChanges(changes);
      void layout.reload();
      void queryClient.invalidateQueries({ queryKey: reviewQueryKey(layout.processId) });
    },
    onShowSubmitted: () => void navigate(paths.success),
    locksAnswers: true,
  };
}
