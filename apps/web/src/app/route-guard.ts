import { redirect, type LoaderFunctionArgs } from 'react-router';
import { readSessionValue, writeSessionValues } from '../lib/session-storage';
import { lazyWithReload } from '../lib/lazy-with-reload';
import { errorPaths, paths } from '../lib/paths';
import type { ProcessRouteData } from '../lib/process-route';

/** The query parameter that carries the process id into the app, e.g. from a save-and-continue e-mail. */
export const PROCESS_ID_PARAM = 'processId';

export type GuardDependencies = {
  /** Signed in now, or after a silent refresh with the stored refresh token. */
  restoreSession: () => Promise<boolean>;
  isSignedIn: () => boolean | Promise<boolean>;
  readProcessId: () => string | null;
  storeProcessId: (processId: string) => void;
  /** Keeps an invitation link's token through the sign-in it needs first. */
  storeInvitationToken: (token: string) => void;
  /**
   * Whether the personal information screen is done: consent to the bank's registry queries
   * (docs/requirements.md section 1) and an e-mail address confirmed with a code, the only address the bank writes
   * to.
   */
  isPersonalInformationComplete: () => Promise<boolean>;
  /** Whether the signed-in person is a minor, who can only open an account at a bank office (docs/requirements.md section 1). */
  isMinor: () => boolean | Promise<boolean>;
};

// The session helpers bring the token and API contracts (zod) with them. Without a stored token, as on a
// first visit, the answer is no and they are not fetched: the sign-in screen paints without them.
const authSession = lazyWithReload(() => import('../lib/auth-session'));
const hasAccessToken = () => readSessionValue('accessToken') !== null;
const representativeApi = lazyWithReload(() => import('../lib/representative'));

const defaults: GuardDependencies = {
  restoreSession: async () => (hasAccessToken() || readSessionValue('refreshToken') !== null) && (await authSession()).restoreSession(),
  isSignedIn: () => hasAccessToken() && authSession().then((session) => session.hasLiveAccessToken()),
  readProcessId: () => readSessionValue('processId'),
  storeProcessId: (processId) => writeSessionValues({ processId }),
  storeInvitationToken: (invitationToken) => writeSessionValues({ invitationToken }),
  // Asked on every visit: both are given on the screen before, and a stale answer would send the user back there.
  isPersonalInformationComplete: async () => {
    const representative = await (await representativeApi()).getRepresentative();
    return representative.hasConsentedToRegistryQueries && representative.isEmailConfirmed;
  },
  isMinor: async () => (await authSession()).isSignedInMinor(),
};

/**
 * The route guard of docs/requirements.md section 2 as loaders. Each one first
 * keeps a processId query parameter, since React Router runs a parent's and a
 * child's loaders side by side, not one after the other.
 */
export function createRouteGuards(deps: GuardDependencies = defaults) {
  const keepProcessId = (request: Request) => {
    const processId = new URL(request.url).searchParams.get(PROCESS_ID_PARAM);
    if (processId) deps.storeProcessId(processId);
  };

  return {
    /** Public screens: authentication-verification-code, authentication-error, visit-bank. */
    any: ({ request }: LoaderFunctionArgs) => {
      keepProcessId(request);
      return null;
    },
    /** A signed-in user opening authentication goes to personal-information. */
    authentication: ({ request }: LoaderFunctionArgs) => {
      keepProcessId(request);
      const isSignedIn = deps.isSignedIn();
      // Answered at once when no token is stored (the usual case here); otherwise once the session helpers have loaded.
      if (typeof isSignedIn === 'boolean') return isSignedIn ? redirect(paths.personalInformation) : null;
      return isSignedIn.then((signedIn) => (signedIn ? redirect(paths.personalInformation) : null));
    },
    /** Without an access token, after a silent attempt to restore the session: to authentication. */
    signedIn: async ({ request }: LoaderFunctionArgs) => {
      keepProcessId(request);
      return (await deps.restoreSession()) ? null : redirect(paths.authentication);
    },
    /**
     * The screens of an application to be (personal information, choose-company, the application): a minor, known
     * from the personal code at sign-in, sees the visit-the-bank outcome instead of typing anything.
     */
    adultsOnly: async ({ request }: LoaderFunctionArgs) => {
      keepProcessId(request);
      if (!(await deps.restoreSession())) return redirect(paths.authentication);
      return (await deps.isMinor()) ? redirect(errorPaths.minor) : null;
    },
    /**
     * Choosing a company queries the register, which needs the representative's consent
     * (docs/requirements.md section 1), and the application's mail needs a confirmed address: without them, back
     * to personal-information. The server refuses those queries and mails too; if the answer cannot be had, the
     * screen shows its own error.
     */
    chooseCompany: async ({ request }: LoaderFunctionArgs) => {
      keepProcessId(request);
      if (!(await deps.restoreSession())) return redirect(paths.authentication);
      if (await deps.isMinor()) return redirect(errorPaths.minor);
      const isComplete = await deps.isPersonalInformationComplete().catch(() => true);
      return isComplete ? null : redirect(paths.personalInformation);
    },
    /**
     * A board member's invitation link (decision 39): the token is kept first, so signing in leads back to it; the
     * page needs a session but none of the applicant's screens before it.
     */
    invitation: async ({ request, params }: LoaderFunctionArgs) => {
      keepProcessId(request);
      if (params.token) deps.storeInvitationToken(params.token);
      return (await deps.restoreSession()) ? null : redirect(paths.authentication);
    },
    /** Application screens also need a stored process id, else choose-company; the screens get it as loader data. */
    withProcessId: async ({ request }: LoaderFunctionArgs) => {
      keepProcessId(request);
      if (!(await deps.restoreSession())) return redirect(paths.authentication);
      if (await deps.isMinor()) return redirect(errorPaths.minor);
      const processId = deps.readProcessId();
      return processId ? ({ processId } satisfies ProcessRouteData) : redirect(paths.chooseCompany);
    },
  };
}

export type RouteGuards = ReturnType<typeof createRouteGuards>;

/** Guards read storage on every navigation: a session can end between two screens of the same group. */
export const alwaysRevalidate = () => true;
