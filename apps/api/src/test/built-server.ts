import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
export const builtServerEntry = path.join(repositoryRoot, 'apps/api/dist/server.js');
const tscEntry = path.join(repositoryRoot, 'node_modules/typescript/bin/tsc');

/**
 * Builds the API as `npm start` does (`tsc -b apps/api`, which builds
 * packages/domain first): once per run of the system tests, before any of them
 * (tests/system/global-setup.ts). The build is incremental: when dist is up to
 * date with the sources it only checks.
 */
export async function buildApi(): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, [tscEntry, '-b', 'apps/api'], { cwd: repositoryRoot });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`tsc -b apps/api failed:\n${stdout}${stderr}`);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type BuiltServer = {
  baseUrl: string;
  child: ChildProcess;
  /** The exit code, or the signal that ended the process. */
  exited: Promise<number | NodeJS.Signals | null>;
  output(): string;
};

/**
 * Runs `node apps/api/dist/server.js` with only the given environment (and
 * PATH), on 127.0.0.1:port, and resolves once /healthz answers. Rejects with
 * the server's output when it exits first.
 */
export async function startBuiltServer(port: number, env: Record<string, string>): Promise<BuiltServer> {
  const child = spawn(process.execPath, [builtServerEntry], {
    cwd: repositoryRoot,
    // No drain on SIGTERM unless asked for: nothing balances load in front of a lone test server.
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'test', SHUTDOWN_DRAIN_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  // A fresh PGlite folder takes a few seconds to create and migrate on a busy machine.
  for (let attempt = 0; attempt < 600 && !hasExited; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return { baseUrl, child, exited, output: () => output };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the built server did not become healthy:\n${output}`);
}

/** SIGKILL, and waits until the process is gone. */
export async function killHard(server: BuiltServer): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}
