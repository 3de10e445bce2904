/** The rate-limits module's entry: the limits' rules and the hook a route puts before its handler. Wired by plugin.ts. */
export type { RateLimitHook, RateLimitRule, RateLimits } from './plugin.js';
