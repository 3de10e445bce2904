import { mkdtempSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_STATE_LENGTH, CODE_VERIFIER_LENGTH, codeChallengeS256 } from '@onboarding/domain';
import { JAAK_KRISTJAN, OK_TESTNUMBER, type ApplicationSubject } from '@onboarding/domain/test-support';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyContainer } from '../../apps/api/src/modules/signing/container/verify-container.js';
import { buildApi } from '../../apps/api/src/test/built-server.js';
import { ADMIN_URL, createServerDatabase, withAdmin } from '../../apps/api/src/test/database.js';
import { isPostgresAvailable } from '../../apps/api/src/test/postgres.js';
import { startSmtpServer, type TestSmtpServer } from '../../apps/api/src/test/smtp-server.js';
import { freePort, startCluster, type Cluster, type Instance } from '../../scripts/cluster/cluster.js';
import { fillStepsThroughApi } from '../e2e/support/api.js';
import { launchBrowser } from '../e2e/support/browser.js';
import { answerOverview, givePersonalInformation, signInWithSmartId } from '../e2e/support/journey.js';
import { newPage } from '../e2e/support/pages.js';
import { startJourneys, type JourneyResults } from '../../scripts/bench/journey-runner.js';

/**
 * Three instances of the built server on one PostgreSQL behind Debian's nginx (deploy/nginx.conf),
 * round robin with no sticky sessions: every request lands on whichever instance nginx picks, and
 * the product behaves as one system while instances are replaced or killed. With CLUSTER_IMAGE set,
 * every instance is a container of that image (deploy/Dockerfile) instead of a node process.
 */

const INSTANCES = 3;
const SESSION_CHECK_CACHE_MS = 1000;
const REQUESTS_PER_USER = 150;
const STARTS_PER_PERSON = 5;

const isReachable = await isPostgresAvailable('the cluster tests');

let cluster: Cluster;
let smtp: TestSmtpServer;
let browser: Browser;
let databaseUrl: string;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  if (!isReachable) return;
  await buildApi();
  const database = await createServerDatabase(ADMIN_URL, 'onboarding_cluster');
  cleanups.push(() => database.drop());
  databaseUrl = database.url;
  smtp = await startSmtpServer();
  cleanups.push(() => smtp.close());
  cluster = await startCluster({
    port: await freePort(),
    instances: INSTANCES,
    databaseUrl,
    dir: mkdtempSync(path.join(tmpdir(), 'onboarding-cluster-test-')),
    // CLUSTER_IMAGE: the same tests with each instance a container of the image (scripts/container/test-image.sh).
    ...(process.env.CLUSTER_IMAGE ? { image: process.env.CLUSTER_IMAGE } : {}),
    env: {
      SMTP_URL: smtp.url,
      MAIL_SEND_INTERVAL_MS: '200',
      SIMULATOR_COMPLETION_DELAY_MS: '300',
      SESSION_CHECK_CACHE_MS: String(SESSION_CHECK_CACHE_MS),
      SHUTDOWN_DRAIN_MS: '2000',
      // Every test client comes from 127.0.0.1: the limits per address would stop the load, not an attacker.
      RATE_LIMIT_STARTS_PER_ADDRESS: '1000000',
      RATE_LIMIT_REQUESTS_PER_ADDRESS: '1000000',
      RATE_LIMIT_STARTS_PER_PERSON: String(STARTS_PER_PERSON),
      RATE_LIMIT_REQUESTS_PER_USER: String(REQUESTS_PER_USER),
    },
  });
  cleanups.push(() => cluster.stop());
  browser = await launchBrowser();
  cleanups.push(() => browser.close());
}, 240_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 120_000);

/** The instances that answered the access log's lines from `fromLine` on, by address. */
function answeringInstances(fromLine: number): Set<string> {
  const lines = readFileSync(cluster.accessLog, 'utf8').split('\n').slice(fromLine);
  return new Set(lines.flatMap((line) => /" \d{3} (\S+)/.exec(line)?.[1]?.split(/, | : /) ?? []).filter((address) => address !== '-'));
}
const accessLogLines = () => readFileSync(cluster.accessLog, 'utf8').split('\n').length - 1;

async function trustAnchors(): Promise<{ smartId: string[]; idCard: string[]; tsa: string[] }> {
  const description = (await (await fetch(`${cluster.simulatorsUrl}/simulators.json`)).json()) as {
    smartIdTrustAnchors: string[];
    idCardTrustAnchors: string[];
    tsaTrustAnchors: string[];
  };
  return { smartId: description.smartIdTrustAnchors, idCard: description.idCardTrustAnchors, tsa: description.tsaTrustAnchors };
}

const signingMethods = (page: Page) => page.getByRole('group', { name: 'Signing method' }).or(page.getByRole('radiogroup', { name: 'Signing method' }));

/** After sign-in: personal information, the company chosen on screen, its steps saved through the API, the overview answered. */
async function fillApplication(page: Page, email: string, company: RegExp, subject: ApplicationSubject): Promise<void> {
  await givePersonalInformation(page, email);
  await page.locator('label', { hasText: company }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${cluster.url}/start/application/opening-reasons`);
  await fillStepsThroughApi(page, cluster.url, subject, 'AdditionalData', 'overview');
  await answerOverview(page);
}

/** From the overview's signing choice to the success page, then the container the page gives, checked. */
async function signAndCheckContainer(page: Page, method: 'Smart-ID' | 'ID-card', anchors: string[], personalId: string): Promise<void> {
  await signingMethods(page).getByRole('radio', { name: method }).check({ force: true });
  await page.getByRole('button', { name: 'Sign the contract' }).click();
  await page.waitForURL(`${cluster.url}/start/success`, { timeout: 30_000 });
  await page.getByText('Contract signed').waitFor();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the signed container (ASiC-E)' }).click();
  const container = await download;
  const report = await verifyContainer(await readFile((await container.path()) ?? ''), {
    trustAnchors: anchors,
    timestampTrustAnchors: (await trustAnchors()).tsa,
  });
  expect(report.checks.filter((check) => !check.ok)).toEqual([]);
  expect(report.signer?.personalId).toBe(personalId);
}

async function post(baseUrl: string, pathname: string, body: unknown, accessToken?: string): Promise<Response> {
  return fetch(`${baseUrl}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function magicSignIn(baseUrl: string, personalId: string): Promise<{ accessToken: string; refreshToken: string }> {
  const answer = await post(baseUrl, '/oauth2/v2/authorize/magic', { personalId });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { accessToken: string; refreshToken: string };
}

const readRepresentative = (baseUrl: string, accessToken: string) =>
  fetch(`${baseUrl}/onboarding/representative`, { headers: { authorization: `Bearer ${accessToken}` } });

function smartIdStart(personalId: string, seed: number) {
  const codeVerifier = `${String(seed)}-${'v'.repeat(CODE_VERIFIER_LENGTH)}`.slice(0, CODE_VERIFIER_LENGTH);
  return {
    codeVerifier,
    body: {
      responseType: 'code',
      clientId: 'onboarding',
      channel: 'PUBLIC_WEB',
      clientState: `${String(seed)}-${'s'.repeat(CLIENT_STATE_LENGTH)}`.slice(0, CLIENT_STATE_LENGTH),
      codeChallenge: codeChallengeS256(codeVerifier),
      codeChallengeMethod: 'S256',
      personalId,
      personalIdCountryCode: 'EE',
    },
  };
}

const instanceAt = (index: number): Instance => {
  const instances = cluster.instances();
  const instance = instances[index % instances.length];
  if (!instance) throw new Error('no instance running');
  return instance;
};

describe.skipIf(!isReachable)('three instances behind nginx, one PostgreSQL', () => {
  it(
    'the Smart-ID journey in Chromium, to the success page and a container that proves itself, with requests on every instance',
    { timeout: 120_000 },
    async () => {
      // Each instance is what CLUSTER_IMAGE asks for: a container of the image, or a node process.
      expect(cluster.instances().map((instance) => instance.container !== undefined)).toEqual(
        Array<boolean>(INSTANCES).fill(process.env.CLUSTER_IMAGE !== undefined),
      );
      const fromLine = accessLogLines();
      const page = await newPage(browser);
      await signInWithSmartId(page, cluster.url, OK_TESTNUMBER.person.personalId);
      await fillApplication(page, 'ok.testnumber@example.ee', /Näidis Tehnoloogia OÜ/, OK_TESTNUMBER);
      await signAndCheckContainer(page, 'Smart-ID', (await trustAnchors()).smartId, OK_TESTNUMBER.person.personalId);
      await page.context().close();
      expect([...answeringInstances(fromLine)].sort()).toEqual(
        cluster
          .instances()
          .map((instance) => `127.0.0.1:${String(instance.port)}`)
          .sort(),
      );
    },
  );

  it('the ID-card journey in Chromium: the card reader’s challenge from one instance is answered on another', { timeout: 120_000 }, async () => {
    const fromLine = accessLogLines();
    const page = await newPage(browser);
    await page.goto(`${cluster.url}/start/authentication?lang=en`);
    await page.getByRole('radio', { name: 'ID-card' }).check();
    await page.getByRole('textbox', { name: 'Personal ID code of the card' }).fill(JAAK_KRISTJAN.person.personalId);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${cluster.url}/start/personal-information`);
    await fillApplication(page, 'jaak@example.ee', /Jõeorg Konsultatsioonid OÜ/, JAAK_KRISTJAN);
    await signAndCheckContainer(page, 'ID-card', (await trustAnchors()).idCard, JAAK_KRISTJAN.person.personalId);
    await page.context().close();
    expect(answeringInstances(fromLine).size).toBe(INSTANCES);
  });

  it('an ID-card challenge issued by one instance is answered on another, once', async () => {
    const { body } = smartIdStart(JAAK_KRISTJAN.person.personalId, 2);
    const { personalId, personalIdCountryCode: _country, ...common } = body;
    const challenged = await post(instanceAt(0).baseUrl, '/oauth2/v2/authorize/eid/challenge', { codeChallenge: common.codeChallenge });
    expect(challenged.status).toBe(200);
    const { nonce } = (await challenged.json()) as { nonce: string };
    const card = await post(instanceAt(1).baseUrl, '/dev/id-card/authenticate', { personalId, nonce, origin: cluster.url });
    expect(card.status).toBe(200);
    const answer = { ...common, nonce, authToken: await card.json() };
    const answered = await post(instanceAt(2).baseUrl, '/oauth2/v2/authorize/eid/simulated', answer);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ code: expect.any(String) });
    // Spent: the same answer again, on the instance that issued the challenge, is refused.
    expect((await post(instanceAt(0).baseUrl, '/oauth2/v2/authorize/eid/simulated', answer)).status).toBeGreaterThanOrEqual(400);
  });

  it('a logout on one instance is refused on the others within SESSION_CHECK_CACHE_MS', async () => {
    const [first, second, third] = [instanceAt(0), instanceAt(1), instanceAt(2)];
    const { accessToken, refreshToken } = await magicSignIn(first.baseUrl, '38001085718');
    // The others have checked the session and keep the answer for SESSION_CHECK_CACHE_MS.
    for (const other of [second, third]) expect((await readRepresentative(other.baseUrl, accessToken)).status).toBe(200);
    expect((await post(first.baseUrl, '/oauth2/v2/authorize/logout', { refreshToken })).status).toBeLessThan(300);
    const loggedOutAt = Date.now();
    expect((await readRepresentative(first.baseUrl, accessToken)).status).toBe(401);
    const refusedAfter = await Promise.all(
      [second, third].map(async (other) => {
        while ((await readRepresentative(other.baseUrl, accessToken)).status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
        return Date.now() - loggedOutAt;
      }),
    );
    // The cache's time plus the requests' own.
    for (const ms of refusedAfter) expect(ms).toBeLessThanOrEqual(SESSION_CHECK_CACHE_MS + 500);
  });

  it('an authorization code is exchanged once, however many instances are asked at the same moment', async () => {
    const { body, codeVerifier } = smartIdStart('30303039914', 1);
    const started = await post(cluster.url, '/oauth2/v2/authorize/sid/start', body);
    expect(started.status).toBe(200);
    const { authenticationSessionId } = (await started.json()) as { authenticationSessionId: string };
    let code: string | undefined;
    for (let poll = 0; poll < 30 && !code; poll += 1) {
      const status = (await (await fetch(`${cluster.url}/oauth2/v2/authorize/sid/${authenticationSessionId}/status`)).json()) as {
        status: string;
        code?: string;
      };
      code = status.code;
    }
    expect(code).toBeDefined();
    const exchanges = await Promise.all(
      cluster
        .instances()
        .map((instance) => post(instance.baseUrl, '/oauth2/v2/authorize/token', { authorizationCode: code, codeVerifier, grantType: 'AUTHORIZATION_CODE' })),
    );
    // A spent code is refused as any unknown one is (401 UNAUTHORIZED).
    expect(exchanges.map((answer) => answer.status).sort()).toEqual([200, 401, 401]);
  });

  it('the rate limits hold across instances: sign-in starts per person, requests per user', { timeout: 60_000 }, async () => {
    const starts: number[] = [];
    for (let n = 0; n <= STARTS_PER_PERSON; n += 1)
      starts.push((await post(instanceAt(n).baseUrl, '/oauth2/v2/authorize/sid/start', smartIdStart('40404049996', n).body)).status);
    expect(starts).toEqual([...Array<number>(STARTS_PER_PERSON).fill(200), 429]);

    // Register look-ups are counted per user: sent to each instance in turn, they stop at the limit all together.
    const { accessToken } = await magicSignIn(cluster.url, JAAK_KRISTJAN.person.personalId);
    const consent = { email: 'jaak@example.ee', phone: '+372 5123 4567', hasConsentedToRegistryQueries: true, language: 'et' };
    expect(
      (
        await fetch(`${cluster.url}/onboarding/representative/personal-information`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(consent),
        })
      ).status,
    ).toBe(200);
    // Põhjala Puit AS, on whose board 40504040001 sits: the look-up answers only about its persons.
    expect(
      (await post(cluster.url, '/onboarding/applications', { source: 'REGISTER', registryCode: '19001278', registryCountryCode: 'EE' }, accessToken)).status,
    ).toBe(200);
    const lookUps: number[] = [];
    for (let n = 0; n < REQUESTS_PER_USER + INSTANCES; n += 1) {
      const answer = await fetch(`${instanceAt(n).baseUrl}/onboarding/register/persons/40504040001`, { headers: { authorization: `Bearer ${accessToken}` } });
      lookUps.push(answer.status);
    }
    const firstRefusal = lookUps.indexOf(429);
    expect(firstRefusal).toBeGreaterThan(0);
    expect(firstRefusal).toBeLessThanOrEqual(REQUESTS_PER_USER);
    expect(lookUps.slice(0, firstRefusal).every((status) => status === 200)).toBe(true);
    // Once refused, refused on every instance.
    expect(lookUps.slice(firstRefusal).every((status) => status === 429)).toBe(true);
  });

  it('a rolling restart of every instance during 64 journeys: no request a person sends fails', { timeout: 420_000 }, async () => {
    const before = cluster.instances().map((instance) => instance.number);
    const load = startJourneys(cluster.url, 64, 0);
    await waitFor(
      () => load.results.completed >= 10,
      120_000,
      () => summary(load.results),
    );
    await cluster.rollingRestart();
    const completedAtEnd = load.results.completed;
    await waitFor(
      () => load.results.completed >= completedAtEnd + 10,
      120_000,
      () => summary(load.results),
    );
    load.stop();
    const results = await load.finished;
    console.log(`rolling restart: ${summary(results)}`);
    expect(results.failures).toEqual([]);
    expect(
      cluster
        .instances()
        .map((instance) => instance.number)
        .filter((number) => before.includes(number)),
    ).toEqual([]);
    expect(cluster.inRotation()).toHaveLength(INSTANCES);
  });

  it('every mail of the outbox is sent exactly once while all instances poll it', { timeout: 120_000 }, async () => {
    // Mail goes only to a confirmed address (decision 25) and the journeys confirm none, so they queue little mail of
    // their own: a hundred more wait in the outbox at once, as many requests on many instances would leave them.
    await withAdmin(databaseUrl, (client) =>
      client.query(
        `insert into mail_outbox (recipient, recipient_key, subject, text, html, template, language)
         select 'outbox' || n || '@example.ee', 'outbox' || n || '@example.ee', 'Mail ' || n, 'Mail ' || n, '<p>Mail ' || n || '</p>',
                'SAVE_AND_CONTINUE_LATER', 'et'
         from generate_series(1, 100) as n`,
      ),
    );
    await waitFor(
      async () => (await countOf('select count(*) from mail_outbox where sent_at is null')) === 0,
      90_000,
      () => 'mail still unsent',
    );
    const sent = await countOf('select count(*) from mail_outbox');
    expect(sent).toBeGreaterThanOrEqual(100);
    const messageIds = smtp.received.map((mail) => mail.headers.get('message-id'));
    expect(new Set(messageIds).size).toBe(messageIds.length);
    expect(messageIds).toHaveLength(sent);
  });

  it('kill -9 of one instance under load: no acknowledged save lost, no half-written application, the journeys go on', { timeout: 300_000 }, async () => {
    const load = startJourneys(cluster.url, 32, 1_000_000);
    await waitFor(
      () => load.results.completed >= 10,
      120_000,
      () => summary(load.results),
    );
    const victim = instanceAt(0);
    await cluster.stopInstance(victim, 'SIGKILL');
    const completedAtKill = load.results.completed;
    await waitFor(
      () => load.results.completed >= completedAtKill + 32,
      180_000,
      () => summary(load.results),
    );
    load.stop();
    const results = await load.finished;
    console.log(`kill -9: ${summary(results)}`);
    // At most the requests in flight on the killed instance, one per representative, end in an error a person sees.
    expect(results.failures.length).toBeLessThanOrEqual(32);

    await withAdmin(databaseUrl, async (client) => {
      const processIds = [...new Set(results.acknowledgedSaves.map((save) => save.processId))];
      const { rows } = await client.query<{ process_id: string; version: number; step_data: Record<string, unknown>; last_event_version: number | null }>(
        `select a.process_id, a.version, a.step_data,
                (select max(e.application_version) from application_events e where e.process_id = a.process_id) as last_event_version
           from applications a where a.process_id = any($1)`,
        [processIds],
      );
      const byId = new Map(rows.map((row) => [row.process_id, row]));
      for (const save of results.acknowledgedSaves) {
        const row = byId.get(save.processId);
        expect(row, save.processId).toBeDefined();
        expect(row?.version).toBeGreaterThanOrEqual(save.version);
        expect(row?.step_data[save.step]).toEqual(save.data);
      }
      // Every change is written with its event in one transaction: the newest event names the row's version.
      expect(rows.filter((row) => row.last_event_version !== row.version).map((row) => row.process_id)).toEqual([]);
      const unsigned = await client.query(
        `select a.process_id from applications a where a.process_id = any($1) and a.status <> 'IN_PROGRESS'
            and not exists (select 1 from signing_sessions s where s.process_id = a.process_id and s.status = 'SIGNED')`,
        [results.signedProcessIds],
      );
      expect(unsigned.rows).toEqual([]);
    });
    // The killed instance is out of rotation; a new one takes its place.
    expect(cluster.inRotation().map((instance) => instance.number)).not.toContain(victim.number);
    await cluster.addInstance();
    expect(cluster.inRotation()).toHaveLength(INSTANCES);
  });
});

async function countOf(sql: string): Promise<number> {
  return withAdmin(databaseUrl, async (client) => Number((await client.query<{ count: string }>(sql)).rows[0]?.count));
}

function summary(results: JourneyResults): string {
  return `${String(results.completed)} journeys signed, ${String(results.requests)} requests, ${String(results.retries)} retried ${JSON.stringify(results.retryReasons)}, ${String(results.failures.length)} failed${results.failures.length > 0 ? `: ${results.failures.slice(0, 5).join(' | ')}` : ''}`;
}

async function waitFor(isDone: () => boolean | Promise<boolean>, timeoutMs: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await isDone())) {
    if (Date.now() > deadline) throw new Error(`not within ${String(timeoutMs)} ms: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
