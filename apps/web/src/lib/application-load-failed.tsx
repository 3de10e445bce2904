import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { ApiError, NetworkError } from './api-errors';
import { errorPaths, paths } from './paths';
import { writeSessionValues } from './session-storage';

/**
 * A load of the application that failed after its retries: an application that is not (or no longer) the user's goes
 * back to the company choice; the technical error page, which promises a call from the bank, is left for refusals the
 * app has no screen for.
 */
export function ApplicationLoadFailed({ error }: { error: Error }) {
  const isGone = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (isGone) writeSessionValues({ processId: null });
  }, [isGone]);
  if (isGone) return <Navigate to={paths.chooseCompany} replace />;
  if (error instanceof NetworkError) return <Navigate to={errorPaths.network} replace />;
  if (error instanceof ApiError && error.status >= 500) return <Navigate to={paths.error} replace />;
  // An answer this app cannot read, such as an unknown or missing step, is the general error screen (docs/requirements.md section 2).
  if (error instanceof ApiError && error.code === 'UNEXPECTED_RESPONSE') return <Navigate to={paths.error} replace />;
  return <Navigate to={errorPaths.technical} replace />;
}
