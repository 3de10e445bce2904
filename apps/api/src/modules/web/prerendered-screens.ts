import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale, PageSettings, PrerenderedScreen, RenderScreen } from '@onboarding/domain';

/** The web build's server renderer (apps/web: `vite build --ssr src/prerender-entry.tsx`), in a folder the static files leave out. */
export const SERVER_RENDERER = path.join('.ssr', 'prerender-entry.js');

export type PrerenderedScreens = {
  /** The screen at `url` drawn in `locale`, once per screen and language; null without a renderer or when it failed. */
  screenFor(url: string, locale: Locale): Promise<PrerenderedScreen | null>;
};

/**
 * The public screens as HTML, drawn once per language by the web app's own components with the page
 * settings of this deployment, which the build cannot know. Without the renderer (an older build) or
 * when a render fails, the page goes out with an empty root as before and the browser draws it.
 */
export function readPrerenderedScreens(webDistDir: string, settings: PageSettings, log: FastifyBaseLogger): PrerenderedScreens {
  const rendererPath = path.join(webDistDir, SERVER_RENDERER);
  if (!existsSync(rendererPath)) return { screenFor: () => Promise.resolve(null) };
  let renderer: Promise<RenderScreen | null> | undefined;
  const loadRenderer = () => {
    renderer ??= (import(pathToFileURL(rendererPath).href) as Promise<{ renderScreen: RenderScreen }>).then(
      (module) => module.renderScreen,
      (error: unknown) => {
        log.warn({ err: error, rendererPath }, 'the server renderer did not load; pages are drawn in the browser');
        return null;
      },
    );
    return renderer;
  };
  const screens = new Map<string, Promise<PrerenderedScreen | null>>();
  return {
    screenFor(url, locale) {
      const key = `${locale}:${url}`;
      let screen = screens.get(key);
      if (!screen) {
        screen = loadRenderer().then(async (render) => {
          if (!render) return null;
          try {
            return await render({ url, locale, settings });
          } catch (error) {
            log.warn({ err: error, url, locale }, 'the server renderer failed; the page is drawn in the browser');
            return null;
          }
        });
        screens.set(key, screen);
      }
      return screen;
    },
  };
}
