import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startCluster } from '../cluster/cluster.js';
import { childPids, startCpuCount, type CpuShares } from './cpu.js';
import { startJourneys } from './journey-runner.js';
import { runLoad } from './load.js';
import type { LoadResult } from './load-types.js';
import { BENCH_SERVER_ENV } from './servers.js';

/**
 * `npm run bench -- --cluster`: the ID-card journey against 1 and then 3 instances behind nginx
 * (scripts/cluster, deploy/nginx.conf) on one PostgreSQL database. On a machine of two cores three
 * instances cannot be faster; what the figures show is whether the CPU each application costs stays
 * flat as instances are added (then more machines scale it), and how PostgreSQL's share moves.
 */

/**
 * `light`: the same journey at a light load that leaves the machine room (LIGHT_LOAD representatives, each waiting
 * LIGHT_PAUSE_MS before every request, as people do), after a long warm-up: what an application costs when the
 * instances are not fighting over two cores.
 */
export type ClusterRun = { instances: number; result: LoadResult; light: { completed: number; cpu: CpuShares; failures: number } };

const LIGHT_LOAD = 8;
const LIGHT_PAUSE_MS = 100;
const LIGHT_WARMUP_MS = 30_000;
const LIGHT_MEASURED_MS = 25_000;

export type ClusterScalingOptions = {
  /** A database of the benchmark's own, emptied before each run. */
  databaseUrl: string;
  resetDatabase: () => Promise<void>;
  journeys: number;
  durationSeconds: number;
  warmupSeconds: number;
  personOffset: number;
  log: (message: string) => void;
};

export const CLUSTER_SIZES = [1, 3] as const;

export async function measureClusterScaling(options: ClusterScalingOptions): Promise<ClusterRun[]> {
  const runs: ClusterRun[] = [];
  for (const instances of CLUSTER_SIZES) {
    await options.resetDatabase();
    const dir = mkdtempSync(path.join(tmpdir(), 'onboarding-bench-cluster-'));
    const cluster = await startCluster({
      port: await freePort(),
      instances,
      databaseUrl: options.databaseUrl,
      dir,
      env: { ...BENCH_SERVER_ENV, SIMULATOR_COMPLETION_DELAY_MS: '0' },
    });
    try {
      const pids = {
        server: cluster.instances().map((instance) => instance.pid),
        simulators: cluster.simulatorsPid,
        proxy: [cluster.nginxPid, ...childPids(cluster.nginxPid)],
      };
      options.log(
        `journey (ID-card) through nginx to ${String(instances)} instance(s): ${String(options.journeys)} at once, ${String(options.durationSeconds)} s`,
      );
      const result = await runLoad(
        {
          scenario: 'journey-id-card',
          baseUrl: cluster.url,
          connections: options.journeys,
          durationSeconds: options.durationSeconds,
          warmupSeconds: options.warmupSeconds,
          personOffset: options.personOffset + instances * 100_000,
        },
        pids,
      );
      options.log(
        `the same at a light load: ${String(LIGHT_LOAD)} representatives pausing ${String(LIGHT_PAUSE_MS)} ms before each request, ${String(LIGHT_WARMUP_MS / 1000)} s warm-up, ${String(LIGHT_MEASURED_MS / 1000)} s counted`,
      );
      const light = startJourneys(cluster.url, LIGHT_LOAD, options.personOffset + instances * 100_000 + 50_000, LIGHT_PAUSE_MS);
      await new Promise((resolve) => setTimeout(resolve, LIGHT_WARMUP_MS));
      const completedBefore = light.results.completed;
      const count = startCpuCount({ ...pids, load: () => process.pid });
      await new Promise((resolve) => setTimeout(resolve, LIGHT_MEASURED_MS));
      const cpu = count();
      const completed = light.results.completed - completedBefore;
      light.stop();
      await light.finished;
      runs.push({ instances, result, light: { completed, cpu, failures: light.results.failures.length } });
    } finally {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return runs;
}

const ms = (seconds: number | undefined, completed: number | undefined) =>
  seconds === undefined || !completed ? 'n/a' : ((1000 * seconds) / completed).toFixed(1);

const busyOf = (cpu: CpuShares) => cpu.serverPercent + cpu.postgresPercent + (cpu.simulatorsPercent ?? 0) + (cpu.proxyPercent ?? 0) + cpu.loadPercent;

function row(
  instances: number,
  load: string,
  perSecond: number,
  journey: string,
  cpu: CpuShares | undefined,
  completed: number | undefined,
  unfinished: number,
): string {
  const figures = [
    ms(cpu?.serverSeconds, completed),
    ms(cpu?.proxySeconds, completed),
    ms(cpu?.postgresSeconds, completed),
    ms(cpu?.simulatorsSeconds, completed),
  ];
  const busy = cpu ? `${busyOf(cpu).toFixed(0)} (other work ${cpu.otherPercent.toFixed(0)})` : 'n/a';
  return `| ${String(instances)} | ${load} | ${perSecond.toFixed(1)} | ${journey} | ${figures.join(' | ')} | ${busy} | ${String(unfinished)} |`;
}

export function formatClusterScaling(runs: readonly ClusterRun[], journeys: number): string {
  const header = [
    "| Instances | Load | Applications/s | Journey p50 / p99 (s) | Instances' CPU per application (ms) | nginx (ms) | PostgreSQL (ms) | Simulators (ms) | Machine busy (% of a core) | Unfinished journeys |",
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const rows = runs.flatMap(({ instances, result, light }) => {
    const journey = result.journeyMs ? `${(result.journeyMs.p50 / 1000).toFixed(1)} / ${(result.journeyMs.p99 / 1000).toFixed(1)}` : 'n/a';
    const unfinished = Object.values(result.failures ?? {}).reduce((sum, count) => sum + count, 0);
    return [
      row(instances, `${String(journeys)} at once, no pause`, result.completedPerSecond ?? 0, journey, result.countedCpu, result.completed, unfinished),
      row(
        instances,
        `light: ${String(LIGHT_LOAD)}, ${String(LIGHT_PAUSE_MS)} ms pauses`,
        light.completed / light.cpu.seconds,
        'n/a',
        light.cpu,
        light.completed,
        light.failures,
      ),
    ];
  });
  return [...header, ...rows].join('\n');
}
