import type { FastifyBaseLogger } from 'fastify';

export type OutboxPollerOptions<Result> = {
  /**
   * Sends what is due in the outbox table and answers what it did. It stops early once `signal` is
   * aborted (the instance is stopping) and hands back what it had claimed but not sent.
   */
  drain: (signal: AbortSignal) => Promise<Result>;
  /** The answer of a flush that sends nothing (no transport or receiver configured). */
  nothing: () => Result;
  /** False when there is nowhere to send: start() and wake() do nothing, flush() answers nothing(). */
  isEnabled: boolean;
  intervalMs: number;
  logger: Pick<FastifyBaseLogger, 'error'>;
  /** What it polls, for the log: "mail outbox", "event outbox". */
  name: string;
};

export type OutboxPoller<Result> = {
  /** Sends what is due now and then every intervalMs. */
  start(): void;
  /** No new sends; resolves once the send under way has ended (cut off by the abort signal). */
  stop(): Promise<void>;
  /** Sends everything due now and resolves when done; runs after any send already under way. */
  flush(): Promise<Result>;
  /** Starts a flush without waiting (e.g. right after a transaction that enqueued committed); errors are logged. */
  wake(): void;
};

/**
 * The loop the mail and event outboxes share: one flush at a time per instance, so ticks never pile up and
 * stop() has one promise to wait for; a tick every intervalMs after the last flush ended; a timer that does
 * not keep the process alive. Which rows are due, and that no two instances send one row at once, is the
 * outbox table's business (leases claimed with FOR UPDATE SKIP LOCKED).
 */
export function createOutboxPoller<Result>(options: OutboxPollerOptions<Result>): OutboxPoller<Result> {
  const { drain, nothing, isEnabled, intervalMs, logger, name } = options;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let isStarted = false;
  let queue: Promise<unknown> = Promise.resolve();

  function flush(): Promise<Result> {
    if (!isEnabled) return Promise.resolve(nothing());
    const run = queue.then(() => drain(stopping.signal));
    queue = run.catch(() => undefined);
    return run;
  }

  function schedule(delayMs: number): void {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => void tick(), delayMs);
    // The poller alone must not keep the process alive (server shutdown, tests).
    timer.unref();
  }

  async function tick(): Promise<void> {
    try {
      await flush();
    } catch (error) {
      logger.error({ err: error }, `${name} could not be read; retrying at the next interval`);
    }
    schedule(intervalMs);
  }

  return {
    start() {
      if (!isEnabled || isStarted || stopping.signal.aborted) return;
      isStarted = true;
      schedule(0);
    },
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await queue;
    },
    flush,
    wake() {
      if (!isEnabled || stopping.signal.aborted) return;
      flush().catch((error: unknown) => logger.error({ err: error }, `${name} could not be read`));
    },
  };
}
