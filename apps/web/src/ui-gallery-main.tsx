import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { i18nReady } from './i18n/i18n';
import { ToastProvider } from './ui';
import { UiGallery } from './ui/ui-gallery';

/*
 * The gallery on a page of its own, without the router, the session or the API.
 * The e2e style test (tests/e2e/design-system.test.ts) builds it with this app's
 * Vite config into a temporary folder, so the browser measures CSS as the
 * production build emits it. The production build never contains it: Vite builds
 * only index.html unless told otherwise, and the app's /ui-gallery route stays
 * in the development build only.
 */
const container = document.getElementById('root');
if (!container) throw new Error('ui-gallery.html has no #root element');

await i18nReady;

createRoot(container).render(
  <StrictMode>
    <ToastProvider>
      <main>
        <UiGallery />
      </main>
    </ToastProvider>
  </StrictMode>,
);
