// The load generator, run as its own process (load.ts forks it) so that it
// never shares an event loop with the server it measures. It takes one
// LoadJob over IPC, warms up, runs autocannon, and answers a LoadResult.
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import { idCardJourney, journeyRequests, smartIdJourney, type JourneyTally } from './journey.js';
import type { LoadJob, LoadResult } from './load-types.js';
import { requestsOf } from './scenarios.js';

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

function fire(job: LoadJob, requests: AutocannonRequest[], durationSeconds: number): Promise<AutocannonResult> {
  return autocannon({ url: job.baseUrl, connections: job.connections, duration: durationSeconds, pipelining: 1, timeout: 30, requests });
}

/** Journeys in flight when a run ends are lost, and none finishes in the first seconds: count completions after a ramp only. */
const RAMP_SHARE = 0.25;

async function runJob(job: LoadJob): Promise<LoadResult> {
  const isJourney = job.scenario === 'journey-id-card' || job.scenario === 'journey-smart-id';
  const steps = isJourney ? (job.scenario === 'journey-id-card' ? idCardJourney(job.personOffset ?? 0) : smartIdJourney(job.personOffset ?? 0)) : [];
  // One set of requests for warm-up and measurement: the save scenario's applications carry their versions over.
  const requests = isJourney ? undefined : requestsOf(job);
  // Warm-up first, so the figures start with a warmed-up JIT and pool.
  if (job.warmupSeconds > 0) {
    await fire(job, requests ?? journeyRequests(steps, { completed: 0, journeyMs: [], failures: {} }), job.warmupSeconds);
  }
  process.send?.({ phase: 'measured' });
  const rampEndsAt = performance.now() + RAMP_SHARE * job.durationSeconds * 1000;
  // The parent counts the server's CPU per completed journey over the same period as the completions.
  const countedTimer = isJourney ? setTimeout(() => process.send?.({ phase: 'counted' }), RAMP_SHARE * job.durationSeconds * 1000) : undefined;
  const tally: JourneyTally = { completed: 0, journeyMs: [], failures: {}, countFrom: rampEndsAt, stepMs: {} };
  const result = await fire(job, requests ?? journeyRequests(steps, tally), job.durationSeconds);
  clearTimeout(countedTimer);
  const journeyMs = [...tally.journeyMs].sort((a, b) => a - b);
  const countedSeconds = (1 - RAMP_SHARE) * job.durationSeconds;
  return {
    scenario: job.scenario,
    connections: job.connections,
    durationSeconds: result.duration,
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, mean: result.latency.mean, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(isJourney
      ? {
          completed: tally.completed,
          completedPerSecond: tally.completed / countedSeconds,
          countedSeconds,
          journeyMs: { p50: percentile(journeyMs, 50), p99: percentile(journeyMs, 99) },
          failures: tally.failures,
          steps: Object.entries(tally.stepMs ?? {}).map(([name, values]) => {
            const sorted = [...values].sort((a, b) => a - b);
            return { name, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
          }),
        }
      : {}),
  };
}

process.once('message', (job: LoadJob) => {
  runJob(job).then(
    (result) => process.send?.({ result }, () => process.exit(0)),
    (error: unknown) => process.send?.({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, () => process.exit(1)),
  );
});
