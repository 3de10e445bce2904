import type { z } from 'zod';
import { requestJson, TransportError } from './http-json.js';
import { clampLongPoll, httpTimeoutFor } from './session-timeout.js';
import type { PollFailure, SignInFailureCode } from './types.js';

/**
 * One long-polled session status request, as Smart-ID and Mobile-ID both do
 * it (EID-FACTS.md sections 1.5 and 3.4): the parsed answer, or the failure a
 * transport error, a non-200 status or an unreadable body stands for.
 */
export async function fetchSessionStatus<S extends z.ZodType>(options: {
  fetchFn: typeof fetch;
  url: URL;
  timeoutMs: number;
  schema: S;
  service: string;
  codeForStatus: (status: number) => SignInFailureCode;
}): Promise<{ ok: true; body: z.output<S> } | { ok: false; failure: PollFailure }> {
  const longPollMs = clampLongPoll(options.timeoutMs);
  options.url.searchParams.set('timeoutMs', String(longPollMs));
  try {
    const response = await requestJson(options.fetchFn, options.url, { method: 'GET', timeoutMs: httpTimeoutFor(longPollMs) });
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
