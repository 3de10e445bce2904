import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import './styles/global.css';
import { i18nReady } from './i18n/i18n';
import { ErrorBoundary } from './app/error-boundary';
import { createQueryClient } from './app/query-client';
import { createRouter } from './app/router';
import { ToastProvider } from './ui';

const queryClient = createQueryClient();
// Created first: the router starts fetching the first screen's chunk while the texts are still on their way.
const router = createRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first paint waits for the current language's texts, so it shows no untranslated keys.
await i18nReady;

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);
