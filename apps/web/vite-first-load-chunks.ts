import type { Plugin } from 'vite';

type CodeSplittingGroup = { name: string; test: RegExp | ((id: string) => boolean) };

/**
 * The libraries every screen runs on, the sign-in screen included: one chunk, cached across deploys of the app.
 * (react-hook-form and TanStack Query also serve the signed-in screens; the sign-in screen needs the former.)
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|cookie|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|@tanstack[\\/][^\\/]+|react-hook-form)[\\/]/;

const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;

/**
 * Two chunks for what the first paint needs: the framework libraries, and the app's own modules that the
 * entry imports statically. Left alone, Rolldown gives each module that a lazy screen shares with the
 * entry a chunk of its own: a dozen requests of a few hundred bytes on the first screen's critical path,
 * where a browser makes six at a time over HTTP/1.1. Lazy screens are split as before.
 */
export function firstLoadChunks(): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  const appModules = new Set<string>();
  const plugin: Plugin = {
    name: 'onboarding:first-load-chunks',
    apply: 'build',
    buildEnd() {
      appModules.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      // index.html is the entry and src/main.tsx its script, the entry chunk's own code; follow the app's static imports from there.
      const scripts = entries.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
      const pending = scripts.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        // Only the app's own modules: a package's index names every part of it, used or not.
        if (appModules.has(id) || scripts.includes(id) || !APP_SOURCE.test(id)) continue;
        appModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return {
    plugin,
    groups: [
      { name: 'framework', test: FRAMEWORK },
      { name: 'app', test: (id) => appModules.has(id) },
    ],
  };
}
