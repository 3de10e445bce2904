import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorBoundaryPage } from './error-boundary-page';

/** The router's error element: any render or loading error of a screen ends here. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ErrorBoundaryPage />;
}
