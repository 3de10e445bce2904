/** The integration API's entry: whether a route is one of its own (the onboarding document leaves those out). Wired by plugin.ts. */
export { isIntegrationRoute } from './plugin.js';
