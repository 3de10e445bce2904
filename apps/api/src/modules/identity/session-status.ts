import type { z } from 'zod';
import { requestJson, TransportError } from './http-json.js';
import { clampLongPoll, httpTimeoutFor } from './session-timeout.js';
import type { PollFailure, SignInFailureCode } from './types.js';

/**
 * One long-polled session status request, as Smart-ID and Mobile-ID both do
 * it (docs/eid-facts.md sections 1.5 and 3.4): the parsed answer, or the
 * failure a transport error, a non-200 status or an unreadable body stands for.
 *
 * Not retried, by decision: a status request that times out, is cut off,
 * answers 5xx or cannot be read is `unexpected` at once, and the caller ends
 * the sign-in or signing with it (the browser then shows COMMON.TECHNICAL_ERROR
 * with its try-again action). Why:
 * - SK says to restart the flow after a 500 (docs/eid-facts.md section 3.4) and
 *   calls its other 5xx fatal (section 1.6); SK's own clients do not retry a
 *   status request either. 580 (maintenance) outlasts any sign-in.
 * - A retry inside the request would stretch a status call beyond its bound
 *   (the 1 s long poll plus the margin of session-timeout.ts), which keeps
 *   the browser's 1 s polling (docs/requirements.md section 4) moving.
 * - Leaving the session running so that the browser's next poll (a second
 *   later) asks SK again would need a count of failures kept in the database,
 *   as any instance may take the next poll; and an SK that stays down would
 *   keep the person looking at a verification code until SK's own two-minute
 *   session timeout instead of telling them at once.
 * The browser's retry policy (docs/requirements.md section 7: network errors and
 * 5xx, up to 3 times) is about our answers; a failed sign-in is a 400 with its
 * section 8 code, which it shows without retrying (tested by
 * tests/system/faults-sk-*); a refusal the person chose is no failure, but a
 * 200 COMPLETE with its outcome.
 */
export async function fetchSessionStatus<S extends z.ZodType>(options: {
  fetchFn: typeof fetch;
  url: URL;
  timeoutMs: number;
  schema: S;
  service: string;
  codeForStatus: (status: number) => SignInFailureCode;
  /** Added to the long poll for the HTTP timeout; LONG_POLL_MARGIN_MS by default. */
  marginMs?: number;
}): Promise<{ ok: true; body: z.output<S> } | { ok: false; failure: PollFailure }> {
  const longPollMs = clampLongPoll(options.timeoutMs);
  options.url.searchParams.set('timeoutMs', String(longPollMs));
  try {
    const response = await requestJson(options.fetchFn, options.url, { method: 'GET', timeoutMs: httpTimeoutFor(longPollMs, options.marginMs) });
    if (response.status !== 200) {
      const detail = `${options.service} session answered ${String(response.status)}`;
      return { ok: false, failure: { status: 'FAILED', code: options.codeForStatus(response.status), detail } };
    }
    const parsed = options.schema.safeParse(response.body);
    if (!parsed.success) return { ok: false, failure: { status: 'FAILED', code: 'unexpected', detail: `unreadable ${options.service} session answer` } };
    return { ok: true, body: parsed.data };
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    return { ok: false, failure: { status: 'FAILED', code: 'unexpected', detail: error.message } };
  }
}
