import { randomUUID } from 'node:crypto';

// SK keeps a session queryable for 5 minutes after it completes (docs/eid-facts.md sections 1.2, 3.4).
const RETENTION_AFTER_COMPLETION_MS = 5 * 60_000;

type Session<T> = { result: T; completedAt: number | null; waiters: Set<(isComplete: boolean) => void>; expiry?: NodeJS.Timeout };

export type SessionStore<T> = {
  /** A new session that completes with `result` after the store's completion delay. */
  create(result: T): string;
  /**
   * Long-polls one session: its result as soon as it completes within
   * `timeoutMs`, 'RUNNING' when the wait ends first, undefined when unknown or
   * expired. With `supersede`, a newer poll answers an older one RUNNING at
   * once, as Mobile-ID does (docs/eid-facts.md section 3.4).
   */
  wait(id: string, timeoutMs: number, options?: { supersede?: boolean }): Promise<T | 'RUNNING' | undefined>;
  /**
   * A session that runs until resolve() ends it, as a device-link session waits for the phone; after
   * `expiresAfterMs` it completes with `expired` instead.
   */
  createPending(expired: T, expiresAfterMs: number): string;
  /** Completes a running pending session with `result`; false when it is unknown or already complete. */
  resolve(id: string, result: T): boolean;
  close(): void;
};

/** Sessions in memory: the simulator stands in for SK's service, which owns them. */
export const createSessionStore = <T>(completionDelayMs: number): SessionStore<T> => {
  const sessions = new Map<string, Session<T>>();
  const timers = new Set<NodeJS.Timeout>();

  const schedule = (ms: number, action: () => void): NodeJS.Timeout => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, ms);
    timers.add(timer);
    return timer;
  };

  const complete = (id: string, session: Session<T>) => {
    session.completedAt = Date.now();
    schedule(RETENTION_AFTER_COMPLETION_MS, () => sessions.delete(id));
    for (const waiter of session.waiters) waiter(true);
    session.waiters.clear();
  };

  return {
    create(result) {
      const id = randomUUID();
      const session: Session<T> = { result, completedAt: null, waiters: new Set() };
      sessions.set(id, session);
      if (completionDelayMs <= 0) complete(id, session);
      else schedule(completionDelayMs, () => complete(id, session));
      return id;
    },

    createPending(expired, expiresAfterMs) {
      const id = randomUUID();
      const session: Session<T> = { result: expired, completedAt: null, waiters: new Set() };
      sessions.set(id, session);
      session.expiry = schedule(expiresAfterMs, () => complete(id, session));
      return id;
    },

    resolve(id, result) {
      const session = sessions.get(id);
      if (session === undefined || session.completedAt !== null) return false;
      if (session.expiry !== undefined) {
        clearTimeout(session.expiry);
        timers.delete(session.expiry);
      }
      session.result = result;
      complete(id, session);
      return true;
    },

    async wait(id, timeoutMs, options = {}) {
      const session = sessions.get(id);
      if (session === undefined) return undefined;
      if (session.completedAt !== null) return session.result;
      if (options.supersede) {
        for (const waiter of session.waiters) waiter(false);
        session.waiters.clear();
      }
      const isComplete = await new Promise<boolean>((resolve) => {
        const timer = schedule(timeoutMs, () => {
          session.waiters.delete(done);
          resolve(false);
        });
        const done = (completed: boolean) => {
          clearTimeout(timer);
          timers.delete(timer);
          resolve(completed);
        };
        session.waiters.add(done);
      });
      return isComplete ? session.result : 'RUNNING';
    },

    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const session of sessions.values()) for (const waiter of session.waiters) waiter(false);
      sessions.clear();
    },
  };
};
