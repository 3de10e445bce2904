import { lazyWithReload } from '../../lib/lazy-with-reload';
import { lazyResolver } from '../../lib/lazy-resolver';
import { preloadSignIn } from './sign-in-flow';

const loadRules = lazyWithReload(() => import('./sign-in-rules'));

/** The forms' resolvers, each loading the domain schemas on first use. */
export const signInFormRules = {
  SMART_ID: lazyResolver(async () => (await loadRules()).signInResolvers.SMART_ID),
  MOBILE_ID: lazyResolver(async () => (await loadRules()).signInResolvers.MOBILE_ID),
  MAGIC: lazyResolver(async () => (await loadRules()).signInResolvers.MAGIC),
};

/** Rules and calls of a sign-in, fetched when a form gets focus: the user is about to type. */
export function preloadSignInForms(): void {
  void signInFormRules.SMART_ID.preload().catch(() => undefined);
  preloadSignIn();
}
