import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/global.css';
import i18n, { i18nReady } from './i18n/i18n';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createRouter, routerSettled } from './app/router';

const queryClient = createQueryClient();
// Created first: the router starts fetching the first screen's chunk while the texts are still on their way.
const router = createRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first paint waits for the current language's texts, so it shows no untranslated keys.
await i18nReady;

const app = <App router={router} queryClient={queryClient} />;
// The server may have drawn the screen already (apps/api/src/modules/web): the screen at
// data-prerendered-path, in the language of data-prerendered-locale, for someone not signed in.
const prerenderedPath = container.dataset.prerenderedPath;
if (prerenderedPath === undefined) {
  createRoot(container).render(app);
} else {
  // Hydration needs the first render to be the server's: wait until the router has settled on a screen
  // (its loaders, redirects and lazy code done) while the drawn screen stays in view.
  await routerSettled(router);
  const isSameScreen = router.state.location.pathname === prerenderedPath && !router.state.errors && i18n.language === container.dataset.prerenderedLocale;
  if (isSameScreen) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
    // thread for the whole tree: the screen is on view already, and its controls wait for it (useIsHydrated).
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    // Another screen (someone signed in is sent on) or another language (the stored choice
    // differs from the cookie the server read): drawn afresh instead of hydrating a mismatch.
    container.replaceChildren();
    createRoot(container).render(app);
  }
}
