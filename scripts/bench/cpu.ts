import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time used by processes during a scenario, from /proc (Linux only):
 * the server under test, every PostgreSQL process, and the load generator.
 * Shown as a share of one core, so 100 % is one core busy the whole time.
 */

const TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function postgresPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${String(pid)}/comm`, 'utf8').trim() === 'postgres';
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

/** Busy time of the whole machine (all cores), from the first line of /proc/stat. */
function machineBusySeconds(): number {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: everything but idle and iowait.
    const busy = (fields[0] ?? 0) + (fields[1] ?? 0) + (fields[2] ?? 0) + (fields[5] ?? 0) + (fields[6] ?? 0) + (fields[7] ?? 0);
    return busy / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** `otherPercent`: what everything else on the machine used meanwhile (other people's tests, say), which skews the figures. */
export type CpuShares = { serverPercent: number; postgresPercent: number; loadPercent: number; otherPercent: number };

/** Starts counting; the returned function answers the shares since then. */
export function startCpuCount(serverPid: number, loadPid: () => number | undefined): () => CpuShares {
  const startedAt = performance.now();
  const machine = machineBusySeconds();
  const server = cpuSecondsOf(serverPid);
  // PostgreSQL starts a process per connection: count each one's growth, new ones from zero.
  const postgresBefore = new Map(postgresPids().map((pid) => [pid, cpuSecondsOf(pid)]));
  let load = 0;
  let loadSeen: number | undefined;
  const sampleLoad = setInterval(() => {
    const pid = loadPid();
    if (pid) {
      loadSeen = pid;
      load = cpuSecondsOf(pid);
    }
  }, 250);
  return () => {
    clearInterval(sampleLoad);
    if (loadSeen) load = Math.max(load, cpuSecondsOf(loadSeen));
    const seconds = (performance.now() - startedAt) / 1000;
    const postgres = postgresPids().reduce((sum, pid) => sum + cpuSecondsOf(pid) - (postgresBefore.get(pid) ?? 0), 0);
    const percent = (value: number) => (100 * value) / seconds;
    const ours = cpuSecondsOf(serverPid) - server + postgres + load;
    return {
      serverPercent: percent(cpuSecondsOf(serverPid) - server),
      postgresPercent: percent(postgres),
      loadPercent: percent(load),
      otherPercent: Math.max(0, percent(machineBusySeconds() - machine - ours)),
    };
  };
}

/** How busy the machine is right now, as a share of one core, over `ms`. */
export async function machineBusyPercent(ms = 2000): Promise<number> {
  const before = machineBusySeconds();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return (100 * (machineBusySeconds() - before)) / (ms / 1000);
}

/**
 * Waits (at most `maxMs`) until the machine is quiet: less than `percent` of
 * a core busy. Answers the last reading; a benchmark next to other work
 * measures that work too.
 */
export async function waitUntilQuiet(percent: number, maxMs: number, log: (message: string) => void): Promise<number> {
  const deadline = Date.now() + maxMs;
  let busy = await machineBusyPercent();
  while (busy >= percent && Date.now() < deadline) {
    log(`the machine is busy with other work (${busy.toFixed(0)} % of a core); waiting for it to settle`);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    busy = await machineBusyPercent();
  }
  return busy;
}
