import { spawn, type ChildProcess } from 'node:child_process';

/** A child process that serves HTTP on 127.0.0.1. */
export type ChildServer = {
  name: string;
  baseUrl: string;
  pid: number;
  process: ChildProcess;
  /** SIGTERM, then SIGKILL after a grace period; resolves when the process has exited. */
  stop(): Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${String(child.exitCode)}\n${output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${String(timeoutMs)} ms\n${output()}`);
}

export type SpawnServerOptions = {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  port: number;
  /** Path that answers 200 once the server is ready. */
  readyPath: string;
  timeoutMs?: number;
};

/** Spawns a server process and waits until it answers; its output is kept for error messages. */
export async function spawnServer(options: SpawnServerOptions): Promise<ChildServer> {
  const child = spawn(options.command, options.args, {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${String(options.port)}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitUntilAnswering(`${baseUrl}${options.readyPath}`, child, options.timeoutMs ?? 60_000, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    name: options.name,
    baseUrl,
    pid: child.pid ?? 0,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a command to completion, inheriting the terminal; rejects on a non-zero exit. */
export function run(command: string, args: string[], options: { cwd?: string; env?: Record<string, string>; isQuiet?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      if (!options.isQuiet) process.stderr.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited with ${String(code)}\n${output.slice(-4000)}`)),
    );
  });
}

/** node with the flags the repository's TypeScript scripts run with (see the "screenshots" npm script). */
export const TSX_NODE_ARGS = ['--conditions=source', '--import', 'tsx'];
