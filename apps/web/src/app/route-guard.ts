import { BASE_PATH, type PersonOutcome } from '@onboarding/domain';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { readSessionValue, writeSessionValues } from '../lib/session-storage';
import { lazyWithReload } from '../lib/lazy-with-reload';
import { outcomePaths, paths } from '../lib/paths';
import type { ProcessRouteData } from '../lib/process-route';
import { rememberReturnTo } from '../lib/sign-in-return';

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
  /** Keeps where a mailed link pointed (the application, the status page) through the sign-in it needs first. */
  storeReturnTo: (url: URL) => void;
  /**
   * Whether the personal information screen is done: consent to the bank's registry queries
   * (docs/requirements.md section 1) and an e-mail address confirmed with a code, the only address the bank writes
   * to.
   */
  isPersonalInformationComplete: () => Promise<boolean>;
  /**
   * What stops the signed-in person whatever the company (docs/requirements.md sections 1 and 4): a minor, known from
   * the personal code at sign-in; an invalid identity document, which the server knows once the person has signed
   * in (decision 46). Null when nothing does, or when the answer cannot be had (choosing a company asks the server
   * again).
   */
  personOutcome: () => Promise<PersonOutcome | null>;
};

// The session helpers bring the token and API contracts (zod) with them. Without a stored token, as on a
// first visit, the answer is no and they are not fetched: the sign-in screen paints without them.
const authSession = lazyWithReload(() => import('../lib/auth-session'));
const hasAccessToken = () => readSessionValue('accessToken') !== null;
const representativeApi = lazyWithReload(() => import('../lib/representative'));

/**
 * What stops the person: the minor from the token; the rest from the server, asked once per session and kept in the
 * tab with the session's id (every screen of the application passes the guard, and what the population register says
 * of the person's document does not change while they fill it in). An answer that cannot be had is asked again on
 * the next screen; meanwhile the screens go on, and choosing a company checks it anyway.
 */
async function personOutcome(): Promise<PersonOutcome | null> {
  const session = await authSession();
  if (session.isSignedInMinor()) return 'MINOR';
  const sid = session.readAccessTokenClaims()?.sid;
  if (!sid) return null;
  const kept = readSessionValue('personOutcome');
  if (kept?.startsWith(`${sid}:`)) return (kept.slice(sid.length + 1) || null) as PersonOutcome | null;
  try {
    const outcome = (await (await representativeApi()).getRepresentative()).personOutcome;
    writeSessionValues({ personOutcome: `${sid}:${outcome ?? ''}` });
    return outcome;
  } catch {
    return null;
  }
}

const defaults: GuardDependencies = {
  restoreSession: async () => (hasAccessToken() || readSessionValue('refreshToken') !== null) && (await authSession()).restoreSession(),
  isSignedIn: () => hasAccessToken() && authSession().then((session) => session.hasLiveAccessToken()),
  readProcessId: () => readSessionValue('processId'),
  storeProcessId: (processId) => writeSessionValues({ processId }),
  storeInvitationToken: (invitationToken) => writeSessionValues({ invitationToken }),
  storeReturnTo: (url) => rememberReturnTo(url, BASE_PATH.replace(/\/$/, '')),
  // Asked on every visit: both are given on the screen before, and a stale answer would send the user back there.
  isPersonalInformationComplete: async () => {
    const representative = await (await representativeApi()).getRepresentative();
    return representative.hasConsentedToRegistryQueries && representative.isEmailConfirmed;
  },
  personOutcome,
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

  /**
   * Without a session, to authentication. A link that names an application (a mail's: save and continue later, the
   * status page) is kept, so the sign-in lands where it points, not on the screens before it.
   */
  const toAuthentication = (request: Request) => {
    const url = new URL(request.url);
    if (url.searchParams.has(PROCESS_ID_PARAM)) deps.storeReturnTo(url);
    return redirect(paths.authentication);
  };

  /** The screen of what stops the person, or null to go on. */
  const personOutcomeRedirect = async () => {
    const outcome = await deps.personOutcome();
    return outcome ? redirect(outcomePaths[outcome]) : null;
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
      return (await deps.restoreSession()) ? null : toAuthentication(request);
    },
    /**
     * The screens of an application to be (personal information, choose-company, the application): a minor, known
     * from the personal code at sign-in, or a person whose identity document is invalid, sees that outcome right
     * after sign-in instead of typing anything.
     */
    adultsOnly: async ({ request }: LoaderFunctionArgs) => {
      keepProcessId(request);
      if (!(await deps.restoreSession())) return toAuthentication(request);
      return personOutcomeRedirect();
    },
    /**
     * Choosing a company queries the register, which needs the representative's consent
     * (docs/requirements.md section 1), and the application's mail needs a confirmed address: without them, back
     * to personal-information. The server refuses those queries and mails too; if the answer cannot be had, the
     * screen shows its own error.
     */
    chooseCompany: async ({ request }: LoaderFunctionArgs) => {
      keepProcessId(request);
      if (!(await deps.restoreSession())) return toAuthentication(request);
      const stopped = await personOutcomeRedirect();
      if (stopped) return stopped;
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
      return (await deps.restoreSession()) ? null : toAuthentication(request);
    },
    /** Application screens also need a stored process id, else choose-company; the screens get it as loader data. */
    withProcessId: async ({ request }: LoaderFunctionArgs) => {
      keepProcessId(request);
      if (!(await deps.restoreSession())) return toAuthentication(request);
      const stopped = await personOutcomeRedirect();
      if (stopped) return stopped;
      const processId = deps.readProcessId();
      return processId ? ({ processId } satisfies ProcessRouteData) : redirect(paths.chooseCompany);
    },
  };
}

export type RouteGuards = ReturnType<typeof createRouteGuards>;

/** Guards read storage on every navigation: a session can end between two screens of the same group. */
export const alwaysRevalidate = () => true;
