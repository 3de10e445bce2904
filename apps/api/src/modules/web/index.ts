/** The web module's entry: the built web app under /start/, wired by plugin.ts. */
export type { WebPluginOptions } from './plugin.js';
