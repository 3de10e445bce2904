import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { BASE_PATH } from '../../packages/domain/src/constants';
import { firstLoadChunks } from './vite-first-load-chunks.js';
import { precompress } from './vite-precompress.js';

const firstLoad = firstLoadChunks();

// `vite build --ssr src/prerender-entry.tsx` (the build script's second step) bundles the server renderer,
// React and all, into dist/.ssr: the server imports it without the web app's dependencies, and never sends it
// (a dot folder, like the manifest's).
export default defineConfig(({ isSsrBuild = false }) => ({
  base: BASE_PATH,
  plugins: isSsrBuild ? [react()] : [react(), firstLoad.plugin, precompress()],
  resolve: {
    // Internal packages are bundled from their TypeScript source.
    conditions: ['source'],
    // zod without its eval probe, which the page's CSP reports (src/lib/zod-without-eval.ts).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('src/lib/zod-without-eval.ts', import.meta.url)) }],
  },
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { outDir: 'dist/.ssr', emptyOutDir: true, copyPublicDir: false, target: 'node20', sourcemap: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: 'hidden',
        // dist/.vite/manifest.json: the server names the first screen's lazy chunks in the page from it (modules/web/first-screen-preloads.ts).
        manifest: true,
        target: 'es2022',
        rolldownOptions: { output: { codeSplitting: { groups: firstLoad.groups } } },
      },
  server: {
    port: 5173,
    proxy: { '/oauth2': 'http://localhost:3000', '/onboarding': 'http://localhost:3000' },
  },
}));
