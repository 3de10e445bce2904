import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createWebDist } from '../../apps/api/src/test/app.js';
import { builtServerEntry, freePort } from '../../apps/api/src/test/built-server.js';

/** Runs the built server entry point as its own process, as `npm start` does (the run builds it first). */
function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, [builtServerEntry], {
    // No drain on SIGTERM unless a test asks for one: nothing balances load in front of these.
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', WEB_DIST_DIR: createWebDist(), SHUTDOWN_DRAIN_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(baseUrl: string, exited: Promise<unknown>): Promise<void> {
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  // Up to a minute: a start takes a few seconds alone, but much longer on two cores shared with other test runs.
  for (let attempt = 0; attempt < 600 && !hasExited; attempt += 1) {
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy');
}

/** The server process on a free port of 127.0.0.1 with a data folder of its own, once /healthz answers. */
async function startHealthyProcess() {
  const port = await freePort();
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'onboarding-srv-')), 'data');
  const server = startProcess({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server.exited);
  return { server, baseUrl, port };
}

describe('the server process', () => {
  it('serves over HTTP on PORT and HOST, then shuts down cleanly on SIGTERM', async () => {
    const { server, baseUrl, port } = await startHealthyProcess();
    // No PUBLIC_URL: the web app is announced on the port the server listens on.
    await expect.poll(server.output).toContain(`the web app is at http://localhost:${String(port)}/start/`);

    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    const page = await fetch(`${baseUrl}/start/choose-company`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  });

  it('keeps personal codes and typed values out of its request logs: routes by their pattern', async () => {
    const { server, baseUrl } = await startHealthyProcess();

    const signIn = await fetch(`${baseUrl}/oauth2/v2/authorize/magic`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ personalId: '38001085718' }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const consent = { email: 'jaak@example.ee', phone: '+372 5123 4567', hasConsentedToRegistryQueries: true, language: 'et' };
    await fetch(`${baseUrl}/onboarding/representative/personal-information`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(consent),
    });
    // An application for Põhjala Puit AS, on whose board 40504040001 sits: the look-up answers only about its persons.
    const application = await fetch(`${baseUrl}/onboarding/applications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'REGISTER', registryCode: '19001278', registryCountryCode: 'EE' }),
    });
    expect(application.status).toBe(200);
    const lookUp = await fetch(`${baseUrl}/onboarding/register/persons/40504040001`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(lookUp.status).toBe(200);
    await fetch(`${baseUrl}/start/application/incomes?processId=7c1f0d2e-secret`);
    await fetch(`${baseUrl}/onboarding/no-such-route/49403136526`);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const output = server.output();
    expect(output).toContain('"url":"/onboarding/register/persons/:personalId"');
    expect(output).toContain('"url":"(no route)"');
    for (const secret of ['38001085718', '40504040001', '49403136526', '7c1f0d2e-secret', accessToken]) expect(output).not.toContain(secret);
  });

  it('refuses to start in production with simulated identities, however PUBLIC_URL is spelt', async () => {
    for (const PUBLIC_URL of ['HTTPS://bank.example', 'Https://bank.example']) {
      const server = startProcess({ NODE_ENV: 'production', PUBLIC_URL, PORT: String(await freePort()), HOST: '127.0.0.1' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('IDENTITY_MODE: must be "live" when NODE_ENV is production');
    }
  });

  it('starts a production demo only when DEMO_DEPLOYMENT asks for it, and says so in its log', async () => {
    const port = await freePort();
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'onboarding-srv-')), 'data');
    const server = startProcess({
      NODE_ENV: 'production',
      DEMO_DEPLOYMENT: 'true',
      PUBLIC_URL: 'HTTPS://bank.example',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    });
    await waitForHealth(`http://127.0.0.1:${port}`, server.exited);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/"level":40,.*"msg":"DEMO DEPLOYMENT: simulated identities, magic sign-in and the dev mailbox are on/);
  });

  it('stops at start with a message naming each bad configuration key', async () => {
    const server = startProcess({ PORT: 'eighty', DATABASE_URL: 'mysql://db/onboarding', IDENTITY_MODE: 'pretend' });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).toContain('Invalid configuration');
    for (const key of ['PORT', 'DATABASE_URL', 'IDENTITY_MODE']) expect(output).toContain(`${key}:`);
  });

  it('will not go live without the e-Business Register: it names each register setting it lacks', async () => {
    // Everything a live instance needs but the register's settings: there is no fixture to fall back on.
    const server = startProcess({
      IDENTITY_MODE: 'live',
      PUBLIC_URL: 'https://konto.pank.ee',
      SMART_ID_BASE_URL: 'https://sid.demo.sk.ee/smart-id-rp/v3/',
      SMART_ID_RELYING_PARTY_UUID: '00000000-0000-4000-8000-000000000000',
      SMART_ID_RELYING_PARTY_NAME: 'DEMO',
      SMART_ID_TRUST_ANCHORS: '/etc/onboarding/sid-ca.pem',
      MOBILE_ID_BASE_URL: 'https://tsp.demo.sk.ee/mid-api',
      MOBILE_ID_RELYING_PARTY_UUID: '00000000-0000-4000-8000-000000000000',
      MOBILE_ID_RELYING_PARTY_NAME: 'DEMO',
      MOBILE_ID_TRUST_ANCHORS: '/etc/onboarding/mid-ca.pem',
      ID_CARD_TRUST_ANCHORS: '/etc/onboarding/esteid2018.pem',
      TIMESTAMP_URL: 'http://demo.sk.ee/tsa',
      TIMESTAMP_TRUST_ANCHORS: '/etc/onboarding/tsa-ca.pem',
    });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).toContain('Invalid configuration');
    // The register's settings and nothing else: the rest of the live configuration is whole.
    expect([...output.matchAll(/^\s+- (\w+):/gm)].map((match) => match[1])).toEqual(['REGISTER_URL', 'REGISTER_USERNAME', 'REGISTER_PASSWORD']);
  });
});

describe('a start that fails', () => {
  it('ends with one line naming the stage and the reason: a database that does not answer', async () => {
    const closedPort = await freePort();
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'onboarding-srv-')), 'data');
    const server = startProcess({
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${String(closedPort)}/onboarding`,
    });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^the server could not start \\(building the app\\): .*ECONNREFUSED 127\\.0\\.0\\.1:${String(closedPort)}`));
  });

  it('ends with one line when its port is taken', async () => {
    const { server: first, port } = await startHealthyProcess();
    try {
      const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'onboarding-srv-')), 'data');
      const second = startProcess({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' });
      expect(await second.exited).toBe(1);
      const lines = second.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^the server could not start \\(listening on 127\\.0\\.0\\.1:${String(port)}\\): .*EADDRINUSE`));
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });
});

describe('graceful shutdown', () => {
  it('on SIGTERM, fails /readyz first and goes on serving for SHUTDOWN_DRAIN_MS, then exits', async () => {
    const port = await freePort();
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'onboarding-srv-')), 'data');
    const server = startProcess({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: '1500' });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHealth(baseUrl, server.exited);
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);

    const sentAt = Date.now();
    server.child.kill('SIGTERM');
    await expect.poll(async () => (await fetch(`${baseUrl}/readyz`)).status).toBe(503);
    // Still serving during the drain, on new connections too: the load balancer has not taken it out yet.
    const during = await fetch(`${baseUrl}/start/`, { headers: { connection: 'close' } });
    expect(during.status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1500);
    expect(server.output()).toContain('stopping: /readyz answers 503');
  });

  it('on SIGINT, does not wait', async () => {
    const port = await freePort();
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'onboarding-srv-')), 'data');
    const server = startProcess({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: '60000' });
    await waitForHealth(`http://127.0.0.1:${port}`, server.exited);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('stopping: /readyz answers 503');
  });

  it('finishes a request in flight, refuses new ones, then closes', async () => {
    const app = await buildTestApp();
    let releaseSlowRequest: () => void = () => undefined;
    // A route that waits, standing in for a slow database write.
    app.get('/test/slow', async () => {
      await new Promise<void>((resolve) => (releaseSlowRequest = resolve));
      return { done: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    const inFlight = fetch(`http://127.0.0.1:${port}/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = app.close();

    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    releaseSlowRequest();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
  });
});
