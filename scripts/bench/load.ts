import { fork } from 'node:child_process';
import path from 'node:path';
import { startCpuCount } from './cpu.js';
import type { LoadJob, LoadResult } from './load-types.js';
import { TSX_NODE_ARGS } from './processes.js';

const worker = path.join(import.meta.dirname, 'load-worker.ts');

/**
 * Runs one load job in a separate process (load-worker.ts) and answers its
 * figures, with the CPU the server (serverPid), PostgreSQL and the load
 * process used over warm-up and measurement.
 */
export function runLoad(job: LoadJob, serverPid: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(worker, [], { execArgv: TSX_NODE_ARGS, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const cpu = startCpuCount(serverPid, () => child.pid);
    let isAnswered = false;
    child.once('message', (message: { result?: LoadResult; error?: string }) => {
      isAnswered = true;
      if (message.result) resolve({ ...message.result, cpu: cpu() });
      else reject(new Error(`load ${job.scenario}: ${message.error ?? 'no answer'}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!isAnswered) reject(new Error(`load ${job.scenario}: the load process exited with ${String(code)}`));
    });
    child.send(job);
  });
}
