import type { CpuShares } from './cpu.js';
import type { PreparedApplication } from './api-client.js';

/** One load run, sent from the benchmark to the separate load process. */
export type LoadJob = {
  scenario: 'floor-trivial' | 'floor-pg' | 'floor-pg-write' | 'read' | 'save' | 'draft' | 'journey-id-card' | 'journey-smart-id';
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** read, save, draft: the applications to use, at least twice as many as connections for save and draft. */
  applications?: PreparedApplication[];
  /** Journeys: the first made-up person's number (people.ts); each journey takes the next. */
  personOffset?: number;
  /** floor-pg-write: how many rows the write floor has (writeFloorRowId(1..rows) of floors.ts), at least twice the connections. */
  rows?: number;
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
  /** Share of one core used over the measured period (warm-up not included) by the server, all PostgreSQL processes, the simulators process, the load process and the rest of the machine (100 = one core). */
  cpu?: CpuShares;
  /** Journeys: the server's CPU time over the period whose completions were counted, divided by those completions. */
  serverCpuMsPerApplication?: number;
  /** Journeys: the CPU of every counted process over the period whose completions were counted. */
  countedCpu?: CpuShares;
  /** The server's resident set (VmRSS) over the measured period, sampled every 250 ms. */
  rssMiB?: { peak: number; mean: number };
  /** Journeys: each request's latency by step, in journey order. */
  steps?: { name: string; p50: number; p99: number }[];
};
