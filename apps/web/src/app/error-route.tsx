import { ErrorPage } from '../features/outcomes/error-page';
import { useEndSession } from '../features/session/use-end-session';

/**
 * The error and outcome screens with logout from the session feature (features do not import each other; app/ joins
 * them).
 */
export function ErrorRoute() {
  const endSession = useEndSession();
  return <ErrorPage onLogout={() => void endSession('logout')} />;
}
