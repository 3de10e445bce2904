import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time used by processes during a scenario, from /proc (Linux only):
 * the server under test, every PostgreSQL process, the identity simulators'
 * process and the load generator; and the server's resident set.
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

const cpuSecondsOfAll = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);

/** A process's children (nginx's workers under its master), from /proc. */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${String(pid)}/task/${String(pid)}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
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

/**
 * `otherPercent`: what everything else on the machine used meanwhile (other people's tests, say), which skews the figures.
 * `simulatorsPercent`: the identity simulators' own process, when the server uses one (SIMULATORS_URL).
 * `proxyPercent`: the load balancer in front of several servers (nginx), when there is one.
 * `…Seconds`: CPU time counted; `seconds`: the wall time counted.
 */
export type CpuShares = {
  serverPercent: number;
  postgresPercent: number;
  simulatorsPercent?: number;
  simulatorsSeconds?: number;
  proxyPercent?: number;
  loadPercent: number;
  otherPercent: number;
  serverSeconds: number;
  postgresSeconds: number;
  proxySeconds?: number;
  seconds: number;
};

/** `server`: one server, or several instances counted as one. */
export type CountedPids = { server: number | readonly number[]; simulators?: number; proxy?: readonly number[]; load: () => number | undefined };

/** Starts counting; the returned function answers the shares since then. */
export function startCpuCount(pids: CountedPids): () => CpuShares {
  const startedAt = performance.now();
  const machine = machineBusySeconds();
  const serverPids = typeof pids.server === 'number' ? [pids.server] : pids.server;
  const server = cpuSecondsOfAll(serverPids);
  const proxy = cpuSecondsOfAll(pids.proxy ?? []);
  const simulators = pids.simulators ? cpuSecondsOf(pids.simulators) : 0;
  // PostgreSQL starts a process per connection: count each one's growth, new ones from zero.
  const postgresBefore = new Map(postgresPids().map((pid) => [pid, cpuSecondsOf(pid)]));
  const loadAt = (pid: number | undefined) => (pid ? cpuSecondsOf(pid) : 0);
  const loadBefore = loadAt(pids.load());
  let load = loadBefore;
  let loadSeen = pids.load();
  // The load process may exit before the count is read: keep its last reading.
  const sampleLoad = setInterval(() => {
    const pid = pids.load();
    if (pid) {
      loadSeen = pid;
      load = Math.max(load, cpuSecondsOf(pid));
    }
  }, 250);
  return () => {
    clearInterval(sampleLoad);
    if (loadSeen) load = Math.max(load, cpuSecondsOf(loadSeen));
    const seconds = (performance.now() - startedAt) / 1000;
    const postgres = postgresPids().reduce((sum, pid) => sum + cpuSecondsOf(pid) - (postgresBefore.get(pid) ?? 0), 0);
    const percent = (value: number) => (100 * value) / seconds;
    const serverSeconds = cpuSecondsOfAll(serverPids) - server;
    const proxySeconds = cpuSecondsOfAll(pids.proxy ?? []) - proxy;
    const simulatorsSeconds = pids.simulators ? cpuSecondsOf(pids.simulators) - simulators : 0;
    const loadSeconds = load - loadBefore;
    const ours = serverSeconds + postgres + loadSeconds + simulatorsSeconds + proxySeconds;
    return {
      serverPercent: percent(serverSeconds),
      postgresPercent: percent(postgres),
      ...(pids.simulators ? { simulatorsPercent: percent(simulatorsSeconds), simulatorsSeconds } : {}),
      ...(pids.proxy ? { proxyPercent: percent(proxySeconds), proxySeconds } : {}),
      loadPercent: percent(loadSeconds),
      otherPercent: Math.max(0, percent(machineBusySeconds() - machine - ours)),
      serverSeconds,
      postgresSeconds: postgres,
      seconds,
    };
  };
}

/** A process's resident set in MiB (VmRSS of /proc/PID/status); 0 when it has gone. */
export function rssMiBOf(pid: number): number {
  try {
    const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the resident set of a process (or the sum of several) every 250 ms; the returned function stops and answers the peak and the mean. */
export function startRssSampling(pid: number | readonly number[]): () => { peak: number; mean: number } {
  const sample = () => (typeof pid === 'number' ? [pid] : pid).reduce((sum, one) => sum + rssMiBOf(one), 0);
  const samples = [sample()];
  const timer = setInterval(() => samples.push(sample()), 250);
  return () => {
    clearInterval(timer);
    samples.push(sample());
    const present = samples.filter((value) => value > 0);
    return { peak: Math.max(0, ...present), mean: present.reduce((sum, value) => sum + value, 0) / Math.max(1, present.length) };
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
