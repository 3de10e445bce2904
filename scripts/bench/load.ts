import { fork } from 'node:child_process';
import path from 'node:path';
import { startCpuCount, startRssSampling, type CpuShares } from './cpu.js';
import type { LoadJob, LoadResult } from './load-types.js';
import { TSX_NODE_ARGS } from './processes.js';

const worker = path.join(import.meta.dirname, 'load-worker.ts');

/**
 * The processes whose CPU a load run counts: the server under test (or the instances of a cluster), the identity
 * simulators' process when it has one, and the load balancer's processes in front of a cluster.
 */
export type MeasuredPids = { server: number | readonly number[]; simulators?: number; proxy?: readonly number[] };

/** What the load process says over IPC: when measurement starts, when journeys start counting, and its figures. */
export type LoadMessage = { phase: 'measured' | 'counted' } | { result: LoadResult } | { error: string };

/**
 * Runs one load job in a separate process (load-worker.ts) and answers its
 * figures, with the CPU the server, PostgreSQL, the simulators and the load
 * process used over the measured period (after warm-up), the server's CPU
 * per completed journey over the period whose completions were counted, and
 * the server's resident set meanwhile.
 */
export function runLoad(job: LoadJob, pids: MeasuredPids): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(worker, [], { execArgv: TSX_NODE_ARGS, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const counted = { ...pids, load: () => child.pid };
    let measured: (() => CpuShares) | undefined;
    let journeys: (() => CpuShares) | undefined;
    let rss: (() => { peak: number; mean: number }) | undefined;
    let isAnswered = false;
    child.on('message', (message: LoadMessage) => {
      if ('phase' in message) {
        if (message.phase === 'measured') {
          measured = startCpuCount(counted);
          rss = startRssSampling(pids.server);
        } else {
          journeys = startCpuCount(counted);
        }
        return;
      }
      isAnswered = true;
      const cpu = measured?.();
      const journeyCpu = journeys?.();
      const rssMiB = rss?.();
      if ('result' in message) {
        const { completed } = message.result;
        resolve({
          ...message.result,
          ...(cpu ? { cpu } : {}),
          ...(rssMiB ? { rssMiB } : {}),
          ...(journeyCpu && completed ? { serverCpuMsPerApplication: (1000 * journeyCpu.serverSeconds) / completed, countedCpu: journeyCpu } : {}),
        });
      } else reject(new Error(`load ${job.scenario}: ${message.error}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!isAnswered) reject(new Error(`load ${job.scenario}: the load process exited with ${String(code)}`));
    });
    child.send(job);
  });
}
