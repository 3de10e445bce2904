/** SK accepts long-poll waits of 1000-120000 ms (EID-FACTS.md sections 1.5, 3.4). */
export const MIN_LONG_POLL_MS = 1000;
export const MAX_LONG_POLL_MS = 120_000;

export const clampLongPoll = (timeoutMs: number): number => Math.min(MAX_LONG_POLL_MS, Math.max(MIN_LONG_POLL_MS, Math.round(timeoutMs)));

// The HTTP timeout must outlast the long poll; SK suggests about 1.5 s more (EID-FACTS.md section 3.4).
export const httpTimeoutFor = (longPollMs: number): number => longPollMs + 5000;

/** Start calls answer at once; this bounds a hung connection. */
export const START_TIMEOUT_MS = 30_000;
