import type { AccessTokenPayload } from '@onboarding/domain';
import { useSyncExternalStore } from 'react';
import { invitationPath, paths } from './paths';
import { readSessionValue, subscribeToSession, writeSessionValues } from './session-storage';
import { clearAllUnsavedEdits } from './unsaved-edits';

/**
 * Where the next sign-in in this tab leads (decision 45):
 *
 * - a mailed link's place (its application, the status page), kept by the route guard while the sign-in it needs
 *   comes first;
 * - after a session that ended without a logout (inactivity, a refused token), the place it ended at and its
 *   application, for the same person only: the sign-in screen says the session ended until the next sign-in, and
 *   whoever signs in next in the tab gets that place back only if they are the person it was;
 * - after a logout, nothing: the next person starts clean.
 */

export type SignedInPerson = Pick<AccessTokenPayload, 'personalId' | 'personalIdCountryCode'>;

/** What a session that ended without a logout left: who, and where. */
type EndedSession = {
  /** The person's key (personKey), or UNKNOWN when the session ended without a token to say who it was. */
  person: string;
  processId: string | null;
  returnTo: string | null;
};

const UNKNOWN = '';

/**
 * A hash of the person's country and personal code: the tab keeps, after the session, whose it was without
 * showing the code to whoever looks at the storage next. Without Web Crypto (an insecure origin) it is UNKNOWN, and
 * nobody gets the place back.
 */
async function personKey(person: SignedInPerson | null): Promise<string> {
  if (!person) return UNKNOWN;
  try {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${person.personalIdCountryCode}:${person.personalId}`));
    return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  } catch {
    return UNKNOWN;
  }
}

function readEndedSession(): EndedSession | null {
  const stored = readSessionValue('endedSession');
  if (stored === null) return null;
  try {
    const parsed = JSON.parse(stored) as Partial<EndedSession>;
    return {
      person: typeof parsed.person === 'string' ? parsed.person : UNKNOWN,
      processId: typeof parsed.processId === 'string' ? parsed.processId : null,
      returnTo: typeof parsed.returnTo === 'string' ? parsed.returnTo : null,
    };
  } catch {
    return { person: UNKNOWN, processId: null, returnTo: null };
  }
}

/** Error and outcome screens are no place to come back to; the next sign-in finds its way from the start. */
const isReturnable = (pathname: string): boolean => pathname !== paths.error && !pathname.startsWith(`${paths.error}/`);

/** A mailed link's place (path and query, without the language, which the page has taken already) for after sign-in. */
export function rememberReturnTo(url: URL, basePath: string): void {
  const pathname = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || '/' : url.pathname;
  if (!isReturnable(pathname)) return;
  const search = new URLSearchParams(url.search);
  search.delete('lang');
  const query = search.toString();
  writeSessionValues({ returnTo: query ? `${pathname}?${query}` : pathname });
}

/**
 * A session ended without a logout: the tab keeps whose it was, the screen it ended on (`pathname`, under the base
 * path) and its application, and the sign-in screen says the session ended. `person` is null when the session's
 * token is gone already (refused by the server): then nobody gets the place back.
 */
export async function recordEndedSession(person: SignedInPerson | null, pathname: string | null): Promise<void> {
  const ended: EndedSession = {
    person: await personKey(person),
    processId: readSessionValue('processId'),
    returnTo: pathname !== null && isReturnable(pathname) ? pathname : null,
  };
  // The application is the ended session's now: only its person gets it back (landingAfterSignIn).
  writeSessionValues({ endedSession: JSON.stringify(ended), processId: null, returnTo: null });
}

/** A logout: the tab forgets the application, any place to come back to and the edits not saved yet. */
export function forgetSignInReturn(): void {
  writeSessionValues({ processId: null, returnTo: null, endedSession: null });
  clearAllUnsavedEdits();
}

const hasSessionEnded = () => readSessionValue('endedSession') !== null;

/** Whether a session ended here without a logout and nobody has signed in since: the sign-in screen says so. */
export function useHasSessionEnded(): boolean {
  return useSyncExternalStore(subscribeToSession, hasSessionEnded, () => false);
}

/**
 * Where a completed sign-in of `person` leads: an invitation link opened before it first; then the place a mailed
 * link pointed to; then, when the same person's session ended here, the screen and application it ended at; then
 * the application a link named; else personal information. Another person than the one whose session ended gets
 * none of that session's place or unsaved edits.
 */
export async function landingAfterSignIn(person: SignedInPerson): Promise<string> {
  const ended = readEndedSession();
  if (ended) {
    const isSamePerson = ended.person !== UNKNOWN && ended.person === (await personKey(person));
    if (isSamePerson) {
      // A link opened since the session ended names its own place, and wins.
      if (readSessionValue('processId') === null && readSessionValue('returnTo') === null)
        writeSessionValues({ processId: ended.processId, returnTo: ended.returnTo });
    } else {
      clearAllUnsavedEdits();
    }
    writeSessionValues({ endedSession: null });
  }
  const invitationToken = readSessionValue('invitationToken');
  if (invitationToken) return invitationPath(invitationToken);
  const returnTo = readSessionValue('returnTo');
  if (returnTo !== null) {
    writeSessionValues({ returnTo: null });
    return returnTo;
  }
  return readSessionValue('processId') ? paths.application : paths.personalInformation;
}
