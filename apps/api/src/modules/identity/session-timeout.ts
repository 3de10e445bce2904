/** SK accepts long-poll waits of 1000-120000 ms (docs/eid-facts.md sections 1.5, 3.4). */
export const MIN_LONG_POLL_MS = 1000;
export const MAX_LONG_POLL_MS = 120_000;

export const clampLongPoll = (timeoutMs: number): number => Math.min(MAX_LONG_POLL_MS, Math.max(MIN_LONG_POLL_MS, Math.round(timeoutMs)));

// The HTTP timeout must outlast the long poll; SK suggests about 1.5 s more
// (docs/eid-facts.md section 3.4).
export const LONG_POLL_MARGIN_MS = 5000;

export const httpTimeoutFor = (longPollMs: number, marginMs: number = LONG_POLL_MARGIN_MS): number => longPollMs + marginMs;

/** Start calls answer at once; this bounds a hung connection. */
export const START_TIMEOUT_MS = 30_000;

/**
 * How long any one call to SK may take, connection to last byte: a start (or
 * Mobile-ID's certificate) call, and a status call beyond its long poll. An
 * SK that hangs fails the call as `unexpected` after this, never holding our
 * request longer. Tests shorten them.
 */
export type SkTimeouts = { startMs: number; longPollMarginMs: number };

export const DEFAULT_SK_TIMEOUTS: SkTimeouts = { startMs: START_TIMEOUT_MS, longPollMarginMs: LONG_POLL_MARGIN_MS };
