import { StrictMode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { DataRouter } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { ToastProvider } from '../ui';

type Props = { router: DataRouter; queryClient: QueryClient };

/**
 * The whole app around its router. The browser (main.tsx) and the server renderer (prerender-entry.tsx)
 * render this same tree, so the HTML the server wrote is what the browser's first render hydrates.
 */
export function App({ router, queryClient }: Props) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>
  );
}
