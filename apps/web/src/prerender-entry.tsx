import type { PrerenderedScreen, RenderScreen } from '@onboarding/domain';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { ROUTER_BASENAME, routerSettled, routes } from './app/router';
import { documentTitle, screenTitleKey } from './app/use-screen-title';
import i18n, { i18nReady } from './i18n/i18n';
import { providePageSettings } from './lib/page-settings';

/**
 * The server renderer: `vite build --ssr` bundles this module, and the server (apps/api/src/modules/web)
 * draws the public screens with it once per language, so they paint before any script has run; the
 * browser then hydrates them (main.tsx). It renders the same tree as the browser (app/app.tsx) with a
 * memory router that runs the same routes and guards: with no session storage on the server, the
 * guards answer as for a first visit.
 */
export const renderScreen: RenderScreen = (request) => {
  // One i18next instance and one set of page settings: renders take turns.
  const result = queue.then(() => render(request));
  queue = result.catch(() => undefined);
  return result;
};

let queue: Promise<unknown> = Promise.resolve();

async function render({ url, locale, settings }: Parameters<RenderScreen>[0]): Promise<PrerenderedScreen> {
  providePageSettings(settings);
  await i18nReady;
  await i18n.changeLanguage(locale);
  const router = createMemoryRouter(routes, { basename: ROUTER_BASENAME, initialEntries: [url] });
  try {
    await routerSettled(router);
    if (router.state.errors) throw new Error(`The screen at ${url} failed to load`, { cause: router.state.errors });
    const { prelude } = await prerender(<App router={router} queryClient={createQueryClient()} />);
    const html = await new Response(prelude).text();
    const title = documentTitle(i18n.t, screenTitleKey(router.state.matches.map((match) => ({ handle: match.route.handle as unknown }))));
    return { html, title };
  } finally {
    router.dispose();
  }
}
