import { describe, expect, it } from 'vitest';
import { createOutboxPoller } from './outbox-poller.js';

const logger = { error: () => undefined };

/** A drain that counts its runs and how many overlap; each takes 20 ms, or ends at once when aborted. */
function countingDrain() {
  const state = { runs: 0, running: 0, mostAtOnce: 0 };
  const drain = async (signal: AbortSignal) => {
    state.runs += 1;
    state.running += 1;
    state.mostAtOnce = Math.max(state.mostAtOnce, state.running);
    await new Promise<void>((resolve) => {
      signal.addEventListener('abort', () => resolve());
      setTimeout(resolve, 20);
    });
    state.running -= 1;
    return state.runs;
  };
  return { state, drain };
}

describe('the outbox poller', () => {
  it('runs one flush at a time: flushes asked for together run one after another', async () => {
    const { state, drain } = countingDrain();
    const poller = createOutboxPoller({ drain, nothing: () => 0, isEnabled: true, intervalMs: 60_000, logger, name: 'test outbox' });
    const results = await Promise.all([poller.flush(), poller.flush(), poller.flush()]);
    expect(results).toEqual([1, 2, 3]);
    expect(state.mostAtOnce).toBe(1);
  });

  it('polls every intervalMs once started, and stop() cuts the drain under way off and waits for it', async () => {
    const { state, drain } = countingDrain();
    const poller = createOutboxPoller({ drain, nothing: () => 0, isEnabled: true, intervalMs: 10, logger, name: 'test outbox' });
    poller.start();
    await expect.poll(() => state.runs).toBeGreaterThanOrEqual(3);
    await poller.stop();
    expect(state.running).toBe(0);
    const runsAtStop = state.runs;
    poller.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state.runs).toBe(runsAtStop);
  });

  it('does nothing when there is nowhere to send', async () => {
    const { state, drain } = countingDrain();
    const poller = createOutboxPoller({ drain, nothing: () => -1, isEnabled: false, intervalMs: 10, logger, name: 'test outbox' });
    poller.start();
    poller.wake();
    expect(await poller.flush()).toBe(-1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state.runs).toBe(0);
    await poller.stop();
  });

  it('logs a drain that fails and polls again at the next interval', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const poller = createOutboxPoller({
      drain: async () => {
        calls += 1;
        if (calls === 1) throw new Error('the database does not answer');
        return calls;
      },
      nothing: () => 0,
      isEnabled: true,
      intervalMs: 10,
      logger: { error: (...args: unknown[]) => errors.push(args) },
      name: 'test outbox',
    });
    poller.start();
    await expect.poll(() => calls).toBeGreaterThanOrEqual(2);
    await poller.stop();
    expect(errors).toHaveLength(1);
  });
});
