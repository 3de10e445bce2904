import { useRouteLoaderData } from 'react-router';
import { ApplicationLayout } from '../features/application/application-layout';
import { useEndSession } from '../features/session/use-end-session';
import { PROCESS_ROUTE_ID, type ProcessRouteData } from '../lib/process-route';

/**
 * The application layout with the process id the route guard found and logout
 * from the session feature (features do not import each other; app/ joins them).
 */
export function ApplicationRoute() {
  const endSession = useEndSession();
  const data = useRouteLoaderData<ProcessRouteData>(PROCESS_ROUTE_ID);
  return <ApplicationLayout processId={data?.processId ?? null} onLogout={() => void endSession('logout')} />;
}
