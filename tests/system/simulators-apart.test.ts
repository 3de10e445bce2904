import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../apps/api/src/test/app.js';
import { freePort } from '../../apps/api/src/test/built-server.js';
import { signWithIdCard } from '../../apps/api/src/test/id-card-signing.js';
import { fillSteps, type TestApplication } from '../../apps/api/src/test/application-steps.js';
import { signInAsRepresentative } from '../../apps/api/src/test/representative.js';
import { signIn } from '../../apps/api/src/test/sign-in.js';
import { startFakeJsonServer } from '../../apps/api/src/test/fake-json-server.js';
import { connectSimulators } from '../../apps/api/src/simulators/connect-simulators.js';

/**
 * `npm run simulators`: SK's stand-ins as a process of their own (the built serve.js), and an instance
 * that uses them at SIMULATORS_URL, as it would SK's services, without starting its own.
 */

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const serveEntry = path.join(repositoryRoot, 'apps/api/dist/simulators/serve.js');

type Started = { child: ChildProcess; exited: Promise<number | null>; output: () => string };

function startServe(port: number): Started {
  const child = spawn(process.execPath, [serveEntry], {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH ?? '',
      SIMULATORS_PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'simulators-apart-')),
      SIMULATOR_COMPLETION_DELAY_MS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

let simulators: Started;
let simulatorsUrl: string;
let app: FastifyInstance;

beforeAll(async () => {
  const port = await freePort();
  simulators = startServe(port);
  simulatorsUrl = `http://127.0.0.1:${String(port)}`;
  // The instance waits for them as it would at a start of both together.
  app = await buildTestApp({ SIMULATORS_URL: simulatorsUrl });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app.close();
  simulators.child.kill('SIGTERM');
  await simulators.exited;
});

describe('simulators that run as their own process', () => {
  it('say where they listen, and the instance starts none of its own', () => {
    expect(simulators.output()).toContain(`identity simulators listening on ${simulatorsUrl}`);
    expect(app.identitySimulators).toBeUndefined();
  });

  it('sign a representative in with Smart-ID over HTTP', async () => {
    const tokens = await signIn(app, 'sid', { personalId: '40504040001' });
    expect(tokens.accessToken).toEqual(expect.any(String));
  });

  it('sign a contract with the ID-card, its OCSP answer and time-stamp from the other process', async () => {
    const personalId = '38001085718';
    const call = await signInAsRepresentative(app, personalId);
    const created = await call('POST', '/onboarding/applications', { source: 'MANUAL', company: { businessName: 'Eraldi OÜ', registryCountryCode: 'EE' } });
    expect(created.statusCode, created.body).toBe(200);
    const started = (created.json() as { application: TestApplication }).application;
    const subject = {
      company: { businessName: 'Eraldi OÜ', registryCode: '' },
      person: { personalId, firstName: 'Test', lastName: 'Testnumber', birthDate: '1980-01-08' },
    };
    const application = await fillSteps(call, started, undefined, subject);
    const { outcome } = await signWithIdCard(app, call, application, personalId);
    expect(outcome?.state).toBe('SIGNED');
    const container = await call('GET', `/onboarding/applications/${application.processId}/contract/signed`);
    expect(container.statusCode).toBe(200);
    expect(container.headers['content-type']).toContain('application/vnd.etsi.asic-e+zip');
  });

  it('end with one line when their port is taken', async () => {
    const second = startServe(Number(new URL(simulatorsUrl).port));
    expect(await second.exited).toBe(1);
    const lines = second.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^identity simulators could not start on 127\.0\.0\.1:\d+: .*EADDRINUSE/);
  });
});

describe('an instance pointed at no simulators', () => {
  it('gives up with the address and the command that starts them', async () => {
    const nowhere = `http://127.0.0.1:${String(await freePort())}`;
    await expect(connectSimulators(nowhere, { waitMs: 300, retryMs: 50 })).rejects.toThrow(
      new RegExp(`SIMULATORS_URL: no identity simulators answered at ${nowhere}/simulators.json within 300 ms .*npm run simulators`),
    );
  });

  it('refuses at once an answer that does not describe simulators', async () => {
    const other = await startFakeJsonServer(() => ({ status: 200, body: { status: 'ok' } }));
    try {
      await expect(connectSimulators(other.url, { waitMs: 10_000 })).rejects.toThrow(
        `SIMULATORS_URL: ${other.url}/simulators.json does not describe identity simulators`,
      );
      expect(other.requests).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
