import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../db/database.js';

type Logger = { logQuery(query: string, params: unknown[]): void };
type SessionWithLogger = { logger: Logger; options: { logger?: Logger } };
type QueryClient = { query: (...args: unknown[]) => Promise<{ rows?: unknown[] }> };

/** What one piece of work asked the database: each statement's SQL (no parameters) and how many rows each returned. */
export type QueryLog = { statements: string[]; rowCounts: number[] };

export type QueryRecorder = {
  /** Runs `work` and returns, with its result, the SQL it ran, in order. */
  record<T>(work: () => Promise<T>): Promise<{ result: T } & QueryLog>;
};

/**
 * Records the SQL each request runs, through drizzle's query logger, and the
 * rows each statement returned, through the driver, so two requests can be
 * shown to do the same database work: the same statements in the same order,
 * reading the same number of rows. No clock is read, so the comparison cannot
 * be flaky. Work is attributed by async context, not by time: background work
 * (the mail sender) that starts outside `record` is not counted. Statements
 * inside a transaction are counted; their rows are not (they run on another
 * client).
 */
export function recordQueries(database: Database): QueryRecorder {
  const current = new AsyncLocalStorage<QueryLog>();
  // drizzle keeps its logger on the session, a prepared statement keeps the one it was prepared with, and a
  // transaction's session copies the options: the logger object itself is patched, and set in the options too.
  const session = (database.db as unknown as { _: { session: SessionWithLogger } })._.session;
  const logger = session.logger;
  const logQuery = logger.logQuery.bind(logger);
  logger.logQuery = (query, params) => {
    current.getStore()?.statements.push(query);
    logQuery(query, params);
  };
  session.options.logger = logger;

  // PGlite and pg's Pool both answer query(...) with { rows }.
  const client = (database.db as unknown as { $client: QueryClient }).$client;
  const query = client.query.bind(client);
  client.query = async (...args) => {
    const result = await query(...args);
    current.getStore()?.rowCounts.push(result.rows?.length ?? 0);
    return result;
  };

  return {
    async record(work) {
      const log: QueryLog = { statements: [], rowCounts: [] };
      // Awaited inside the context: app.inject and drizzle's queries are thenables that start only when awaited.
      const result = await current.run(log, async () => await work());
      return { result, ...log };
    },
  };
}
