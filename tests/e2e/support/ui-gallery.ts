import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, preview } from 'vite';
import { freePort } from '../../../apps/api/src/test/built-server.js';

const webRoot = path.resolve(import.meta.dirname, '../../../apps/web');
const configFile = path.join(webRoot, 'vite.config.ts');

export type RunningGallery = { url: string; close: () => Promise<void> };

/**
 * Builds apps/web/ui-gallery.html with the app's own Vite config (so its CSS
 * modules come out as in the production build) into a temporary folder, and
 * serves it with Vite's preview server. jsdom computes no CSS from modules;
 * Chromium does, so the style tests measure the real thing. Kept apart from
 * apps/web/dist so the production build and the other e2e specs never see it.
 */
export async function startUiGallery(): Promise<RunningGallery> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'onboarding-ui-gallery-'));
  await build({
    root: webRoot,
    configFile,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, rolldownOptions: { input: path.join(webRoot, 'ui-gallery.html') } },
  });
  const port = await freePort();
  const server = await preview({
    root: webRoot,
    configFile,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
  return {
    url: `http://127.0.0.1:${String(port)}/start/ui-gallery.html?lang=en`,
    close: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
