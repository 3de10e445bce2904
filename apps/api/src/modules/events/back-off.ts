export type BackOff = {
  /** Delay after the first failed attempt; it doubles with each further failure, up to maxMs. */
  baseMs: number;
  maxMs: number;
  /** Up to this share of the delay is taken off at random, so receivers coming back up are not hit by every sender at once. */
  jitter: number;
};

/** The wait before the next attempt after `attempts` attempts (1 or more), with jitter from `random` (0 to 1). */
export function retryDelayMs(attempts: number, backOff: BackOff, random: () => number = Math.random): number {
  const doublings = Math.min(Math.max(attempts - 1, 0), 40);
  const delay = Math.min(backOff.baseMs * 2 ** doublings, backOff.maxMs);
  return Math.round(delay * (1 - backOff.jitter * random()));
}
