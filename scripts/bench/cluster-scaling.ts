import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startCluster } from '../cluster/cluster.js';
import { childPids } from './cpu.js';
import { runLoad } from './load.js';
import type { LoadResult } from './load-types.js';
import { BENCH_SERVER_ENV } from './servers.js';

/**
 * `npm run bench -- --cluster`: the ID-card journey against 1 and then 3 instances behind nginx
 * (scripts/cluster, deploy/nginx.conf) on one PostgreSQL database. On a machine of two cores three
 * instances cannot be faster; what the figures show is whether the CPU each application costs stays
 * flat as instances are added (then more machines scale it), and how PostgreSQL's share moves.
 */

export type ClusterRun = { instances: number; result: LoadResult };

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
      options.log(`journey (ID-card) through nginx to ${String(instances)} instance(s): ${String(options.journeys)} at once, ${String(options.durationSeconds)} s`);
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
      runs.push({ instances, result });
    } finally {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return runs;
}

const ms = (seconds: number | undefined, completed: number | undefined) => (seconds === undefined || !completed ? 'n/a' : ((1000 * seconds) / completed).toFixed(1));

export function formatClusterScaling(runs: readonly ClusterRun[]): string {
  const header = [
    '| Instances | Applications/s | Journey p50 / p99 (s) | Instances\' CPU per application (ms) | nginx (ms) | PostgreSQL (ms) | Simulators (ms) | Machine busy (% of a core) | Unfinished journeys |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const rows = runs.map(({ instances, result }) => {
    const cpu = result.countedCpu;
    const completed = result.completed;
    const simulatorsSeconds = cpu?.simulatorsPercent === undefined ? undefined : (cpu.simulatorsPercent * cpu.seconds) / 100;
    const busy = cpu ? cpu.serverPercent + cpu.postgresPercent + (cpu.simulatorsPercent ?? 0) + (cpu.proxyPercent ?? 0) + cpu.loadPercent : undefined;
    const unfinished = Object.values(result.failures ?? {}).reduce((sum, count) => sum + count, 0);
    const journey = result.journeyMs ? `${(result.journeyMs.p50 / 1000).toFixed(1)} / ${(result.journeyMs.p99 / 1000).toFixed(1)}` : 'n/a';
    return `| ${String(instances)} | ${(result.completedPerSecond ?? 0).toFixed(1)} | ${journey} | ${ms(cpu?.serverSeconds, completed)} | ${ms(cpu?.proxySeconds, completed)} | ${ms(cpu?.postgresSeconds, completed)} | ${ms(simulatorsSeconds, completed)} | ${busy === undefined ? 'n/a' : busy.toFixed(0)} (other work ${cpu ? cpu.otherPercent.toFixed(0) : 'n/a'}) | ${String(unfinished)} |`;
  });
  return [...header, ...rows].join('\n');
}
