import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { BASE_PATH } from '../../packages/domain/src/constants';
import { firstLoadChunks } from './vite-first-load-chunks.js';
import { precompress } from './vite-precompress.js';

const firstLoad = firstLoadChunks();

export default defineConfig({
  base: BASE_PATH,
  plugins: [react(), firstLoad.plugin, precompress()],
  // Internal packages are bundled from their TypeScript source.
  resolve: { conditions: ['source'] },
  build: {
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
});
