/** The health module's entry: /healthz and /readyz, wired by plugin.ts. */
export type { HealthPluginOptions } from './plugin.js';
