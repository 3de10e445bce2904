import type { PreparedApplication } from './api-client.js';

/** One load run, sent from the benchmark to the separate load process. */
export type LoadJob = {
  scenario: 'floor-trivial' | 'floor-pg' | 'read' | 'save' | 'draft' | 'journey-id-card' | 'journey-smart-id';
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** read, save, draft: the applications to use, at least twice as many as connections for save and draft. */
  applications?: PreparedApplication[];
  /** Journeys: the first made-up person's number (people.ts); each journey takes the next. */
  personOffset?: number;
};

export type LoadResult = {
  scenario: LoadJob['scenario'];
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  totalRequests: number;
  latencyMs: { p50: number; p99: number; mean: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Journeys: how many reached SIGNED within the measured period, and how long each took from sign-in. */
  completed?: number;
  completedPerSecond?: number;
  /** The part of the run whose completions were counted (the first quarter is ramp-up). */
  countedSeconds?: number;
  journeyMs?: { p50: number; p99: number };
  /** Journeys: why unfinished ones stopped, by stage and status. */
  failures?: Record<string, number>;
  /** Share of one core used by the server, all PostgreSQL processes and the load process (100 = one core). */
  cpu?: { serverPercent: number; postgresPercent: number; loadPercent: number; otherPercent: number };
  /** Journeys: each request's latency by step, in journey order. */
  steps?: { name: string; p50: number; p99: number }[];
};
