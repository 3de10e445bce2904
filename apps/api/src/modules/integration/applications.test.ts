import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { integrationApplicationPageSchema, integrationApplicationSchema, type IntegrationApplicationSummary } from '@onboarding/domain';
import { JAAK_KRISTJAN, MARY_ANN, OK_TESTNUMBER } from '@onboarding/domain/test-support';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../db/schema.js';
import { newSigningKeyPem, signingKeyOf } from '../auth/signing-key.js';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, fillSteps } from '../../test/application-steps.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { integrationClients, integrationToken, type TestClient } from '../../test/integration-clients.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';

/**
 * The read side of /integration/v1: only applications submitted at least once, listed by keyset pagination that
 * neither skips nor repeats a row while others are added, each whole with its facts' sources and its record, and
 * the signed documents byte for byte the applicant's; an applicant's token never passes, nor this one theirs.
 */

let app: FastifyInstance;
let keyFile: string;
let integrationKeyFile: string;
let clientsFile: string;
let reader: TestClient;
let readToken: string;
let decideToken: string;
let jaak: Call;
let submittedId: string;
let otherSubmittedId: string;
let draftId: string;

/** A GET with the read token, another token, or (null) none. */
const get = (url: string, token: string | null = readToken): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'GET', url, headers: token === null ? {} : { authorization: `Bearer ${token}` } });

async function submit(subject: typeof JAAK_KRISTJAN): Promise<{ call: Call; processId: string }> {
  const call = await signInAsRepresentative(app, subject.person.personalId);
  const application = await fillSteps(call, await applicationFor(call, subject.company.registryCode), undefined, subject);
  const { outcome } = await signWithIdCard(app, call, application, subject.person.personalId);
  expect(outcome?.application?.status).toBe('SUBMITTED');
  return { call, processId: application.processId };
}

/** Applications as a bank's older records would be, written in one statement: the same updated_at for every row. */
async function insertSubmitted(count: number, prefix: string): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, index) => ({
    representativePersonalId: '38001085718',
    companyName: `${prefix} ${index} OÜ`,
    companyRegistryCode: null,
    companySource: 'MANUAL',
    status: 'SUBMITTED',
    submittedAt: new Date(),
  }));
  const inserted = await app.database.db.insert(applications).values(rows).returning({ processId: applications.processId });
  return inserted.map((row) => row.processId);
}

beforeAll(async () => {
  const registered = await integrationClients([
    { clientId: 'core-banking', scopes: ['applications:read', 'applications:decide'] },
    { clientId: 'decisions-only', scopes: ['applications:decide'] },
  ]);
  // The server's keys are the test's, so it can sign tokens as the server would have, or as a thief of a key would.
  const keysDir = mkdtempSync(path.join(tmpdir(), 'onboarding-integration-'));
  keyFile = path.join(keysDir, 'auth-signing-key.pem');
  writeFileSync(keyFile, await newSigningKeyPem());
  integrationKeyFile = path.join(keysDir, 'integration-signing-key.pem');
  writeFileSync(integrationKeyFile, await newSigningKeyPem());
  clientsFile = registered.file;
  app = await buildTestApp({
    INTEGRATION_CLIENTS_FILE: clientsFile,
    AUTH_SIGNING_KEY_FILE: keyFile,
    INTEGRATION_SIGNING_KEY_FILE: integrationKeyFile,
    MAIL_SEND_INTERVAL_MS: '600000',
  });
  await app.ready();
  reader = registered.clients['core-banking'] as TestClient;
  readToken = await integrationToken(app, reader);
  decideToken = await integrationToken(app, registered.clients['decisions-only'] as TestClient);

  const first = await submit(JAAK_KRISTJAN);
  jaak = first.call;
  submittedId = first.processId;
  otherSubmittedId = (await submit(OK_TESTNUMBER)).processId;
  const mary = await signInAsRepresentative(app, MARY_ANN.person.personalId);
  draftId = (await applicationFor(mary, MARY_ANN.company.registryCode)).processId;
}, 180_000);

afterAll(async () => {
  await app?.close();
});

async function allPages(query: string, between?: () => Promise<void>): Promise<{ items: IntegrationApplicationSummary[]; pages: number }> {
  const items: IntegrationApplicationSummary[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response = await get(`/integration/v1/applications?${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = integrationApplicationPageSchema.parse(response.json());
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
    if (between) await between();
  } while (cursor && pages < 100);
  return { items, pages };
}

describe('GET /integration/v1/applications', () => {
  it('lists submitted applications with their summary, and never a draft', async () => {
    const { items } = await allPages('limit=200');
    const ids = items.map((item) => item.processId);
    expect(ids).toContain(submittedId);
    expect(ids).toContain(otherSubmittedId);
    expect(ids).not.toContain(draftId);
    const jaakItem = items.find((item) => item.processId === submittedId);
    expect(jaakItem).toMatchObject({
      status: 'SUBMITTED',
      company: { name: JAAK_KRISTJAN.company.businessName, registryCode: JAAK_KRISTJAN.company.registryCode, registryCountryCode: 'EE' },
      applicationNumber: expect.any(Number) as number,
      version: expect.any(Number) as number,
    });
    expect(jaakItem?.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect(jaakItem?.submittedAt).toMatch(/Z$/);
  });

  it('lists an application reopened for more information, and filters by status and by updatedSince', async () => {
    const [reopened = ''] = await insertSubmitted(1, 'Reopened');
    await app.database.db
      .update(applications)
      .set({ status: 'IN_PROGRESS', reopenedSteps: ['Incomes'] })
      .where(eq(applications.processId, reopened));
    const inProgress = (await allPages('status=IN_PROGRESS')).items.map((item) => item.processId);
    expect(inProgress).toEqual([reopened]);
    const submitted = (await allPages('status=SUBMITTED')).items;
    expect(submitted.every((item) => item.status === 'SUBMITTED')).toBe(true);

    const [row] = await app.database.db.select({ updatedAt: applications.updatedAt }).from(applications).where(eq(applications.processId, reopened));
    const since = (await allPages(`updatedSince=${encodeURIComponent(row?.updatedAt.toISOString() ?? '')}`)).items.map((item) => item.processId);
    expect(since).toContain(reopened);
    expect(since).not.toContain(submittedId);
  });

  it('pages in (updated_at, process_id) order without skipping or repeating a row, while others are submitted meanwhile', async () => {
    // Thirty rows of one statement share their updated_at to the microsecond: only the process id tells them apart.
    await insertSubmitted(30, 'Existing');
    const before = (await allPages('limit=200')).items.map((item) => item.processId);
    expect(before.length).toBeGreaterThanOrEqual(33);

    let added: string[] = [];
    const { items, pages } = await allPages('limit=7', async () => {
      added = [...added, ...(await insertSubmitted(3, 'Meanwhile'))];
    });
    const seen = items.map((item) => item.processId);
    expect(pages).toBeGreaterThan(5);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, before.length)).toEqual(before);
    // What was added while paging comes after every row that was there before, never among them.
    expect(seen.slice(before.length).every((id) => added.includes(id))).toBe(true);
    const order = items.map((item) => `${item.updatedAt}|${item.processId}`);
    expect([...order].sort()).toEqual(order);
  });

  it('refuses a limit over 200, a cursor it did not give, and a status that is not listed', async () => {
    expect((await get('/integration/v1/applications?limit=201')).statusCode).toBe(400);
    expect((await get('/integration/v1/applications?limit=0')).statusCode).toBe(400);
    const cursor = await get(`/integration/v1/applications?cursor=${Buffer.from('yesterday|me').toString('base64url')}`);
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'cursor' }] });
    expect((await get('/integration/v1/applications?status=VISIT_BANK')).statusCode).toBe(400);
  });

  it('refuses a cursor whose time does not exist with 400, as one it did not give, not 500', async () => {
    const impossible = Buffer.from('2026-13-45T99:99:99.000000Z|6712afb0-7428-4746-a39c-f1eaf8e2b22e').toString('base64url');
    const response = await get(`/integration/v1/applications?cursor=${impossible}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'cursor', code: 'incorrectValue' }] });
  });

  it('gives 50 by default', async () => {
    await insertSubmitted(60, 'Many');
    const page = (await get('/integration/v1/applications')).json() as { items: unknown[]; nextCursor: string | null };
    expect(page.items).toHaveLength(50);
    expect(page.nextCursor).toEqual(expect.any(String));
  });
});

describe('GET /integration/v1/applications/:processId', () => {
  it('is the whole application: steps, facts with their sources, discrepancies, follow-up, history and links', async () => {
    const response = await get(`/integration/v1/applications/${submittedId}`);
    expect(response.statusCode, response.body).toBe(200);
    const application = integrationApplicationSchema.parse(response.json());
    expect(application).toMatchObject({
      processId: submittedId,
      status: 'SUBMITTED',
      reopenedSteps: null,
      discrepancies: [],
      followUp: expect.any(String) as string,
      links: { contract: `/integration/v1/applications/${submittedId}/contract`, signedContract: `/integration/v1/applications/${submittedId}/signed` },
    });
    expect(Object.keys(application.steps)).toEqual(expect.arrayContaining(['AccountOpeningReason', 'CompanyData', 'Incomes', 'RelatedPersons']));
    expect(application.facts.businessName).toMatchObject({
      value: JAAK_KRISTJAN.company.businessName,
      source: 'REGISTER',
      queriedAt: expect.any(String) as string,
    });
    expect(application.facts.representative).toEqual({
      value: { personalId: JAAK_KRISTJAN.person.personalId, personalIdCountryCode: 'EE', name: expect.stringMatching(/\S/) as string },
      source: 'EID',
    });
    expect(application.facts.managementBoard.source).toBe('REGISTER');
    // The name the eID gave at signing, as the submission's record keeps it.
    const submission = application.history.findLast((event) => event.type === 'APPLICATION_SUBMITTED');
    expect(application.facts.representative.value.name).toBe(
      (submission?.payload.facts as { representative: { value: { name: string } } }).representative.value.name,
    );

    // The same events as the applicant downloads, patches and all; the applicant's copy withholds the submission's record.
    const own = (await jaak('GET', `/onboarding/applications/${submittedId}/history`)).json() as { events: typeof application.history };
    const outline = (events: typeof application.history) => events.map(({ id, type, at, source, patch }) => ({ id, type, at, source, patch }));
    expect(outline(own.events)).toEqual(outline(application.history));
    expect(submission?.payload).toMatchObject({ facts: expect.any(Object) as object, contractSha256: expect.any(String) as string });
    expect(own.events.findLast((event) => event.type === 'APPLICATION_SUBMITTED')?.payload).toEqual({ source: 'EID', method: 'ID_CARD' });
    expect(application.history.some((event) => event.type === 'APPLICATION_SUBMITTED' && event.source === 'EID')).toBe(true);
    expect(application.history.some((event) => (event.patch?.length ?? 0) > 0)).toBe(true);
  });

  it('answers 404 for an unknown application and for a draft never submitted, 400 for a malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', draftId]) {
      const response = await get(`/integration/v1/applications/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect((await get(`/integration/v1/applications/${id}/contract`)).statusCode).toBe(404);
      expect((await get(`/integration/v1/applications/${id}/signed`)).statusCode).toBe(404);
    }
    expect((await get('/integration/v1/applications/not-an-id')).statusCode).toBe(400);
  });
});

describe('the signed documents', () => {
  it('are the PDF and the ASiC-E of the signature, byte for byte what the applicant downloads', async () => {
    const pdf = await get(`/integration/v1/applications/${submittedId}/contract`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.equals((await jaak('GET', `/onboarding/applications/${submittedId}/contract`)).rawPayload)).toBe(true);

    const container = await get(`/integration/v1/applications/${submittedId}/signed`);
    expect(container.statusCode).toBe(200);
    expect(container.headers['content-type']).toBe('application/vnd.etsi.asic-e+zip');
    expect(container.headers['content-disposition']).toBe(`attachment; filename="contract-${submittedId}.asice"`);
    expect(container.headers['cache-control']).toBe('no-store');
    expect(container.rawPayload.equals((await jaak('GET', `/onboarding/applications/${submittedId}/contract/signed`)).rawPayload)).toBe(true);
  });

  it('are 404 for a submitted application without a signature', async () => {
    const [unsigned = ''] = await insertSubmitted(1, 'Unsigned');
    expect((await get(`/integration/v1/applications/${unsigned}`)).statusCode).toBe(200);
    expect((await get(`/integration/v1/applications/${unsigned}/signed`)).statusCode).toBe(404);
  });
});

describe('who may read', () => {
  const routes = () => [
    '/integration/v1/applications',
    `/integration/v1/applications/${submittedId}`,
    `/integration/v1/applications/${submittedId}/contract`,
    `/integration/v1/applications/${submittedId}/signed`,
  ];

  async function expectInvalidToken(response: LightMyRequestResponse) {
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="integration", error="invalid_token"');
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  }

  /** An integration token as the server makes them, signed with the key in `file`, for any client and scopes. */
  async function tokenSignedWith(
    file: string,
    clientId: string,
    scope: string,
    lifetime: { iat: number; exp: number } = { iat: 0, exp: 300 },
  ): Promise<string> {
    const { privateKey: key, keyId } = await signingKeyOf(readFileSync(file, 'utf8'));
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ client_id: clientId, scope })
      .setProtectedHeader({ alg: 'ES256', kid: keyId, typ: 'at+jwt' })
      .setIssuer('http://localhost:3000/oauth2/v2')
      .setAudience('integration')
      .setSubject(clientId)
      .setIssuedAt(now + lifetime.iat)
      .setExpirationTime(now + lifetime.exp)
      .sign(key);
  }

  it('nobody without a token, with a forged one, or with an expired one: 401 invalid_token', async () => {
    const expired = await tokenSignedWith(integrationKeyFile, 'core-banking', 'applications:read', { iat: -600, exp: -300 });
    const [header, claims] = readToken.split('.');
    const forged = `${header ?? ''}.${claims ?? ''}.${Buffer.alloc(64).toString('base64url')}`;
    for (const url of routes()) {
      await expectInvalidToken(await get(url, null));
      await expectInvalidToken(await get(url, expired));
      await expectInvalidToken(await get(url, forged));
    }
  });

  it('a token of our own key for a client nobody registered, or with a scope its client is not registered for: 401 invalid_token', async () => {
    // As a holder of the integration signing key would make them: the signature is good, the client is not.
    const nobody = await tokenSignedWith(integrationKeyFile, 'nobody-registered', 'applications:read applications:decide');
    const moreThanRegistered = await tokenSignedWith(integrationKeyFile, 'decisions-only', 'applications:read applications:decide');
    expect((await get('/integration/v1/applications', await tokenSignedWith(integrationKeyFile, 'core-banking', 'applications:read'))).statusCode).toBe(200);
    for (const url of routes()) {
      await expectInvalidToken(await get(url, nobody));
      await expectInvalidToken(await get(url, moreThanRegistered));
    }
    const decision = await app.inject({
      method: 'POST',
      url: `/integration/v1/applications/${submittedId}/decisions`,
      headers: { authorization: `Bearer ${nobody}`, 'idempotency-key': crypto.randomUUID() },
      payload: {
        applicationVersion: integrationApplicationSchema.parse((await get(`/integration/v1/applications/${submittedId}`)).json()).version,
        decision: { type: 'FEE_PAID' },
      },
    });
    await expectInvalidToken(decision);
  });

  it("a token signed with the applicants' key never passes here, whatever it claims", async () => {
    const applicantKeyToken = await tokenSignedWith(keyFile, 'core-banking', 'applications:read');
    for (const url of routes()) await expectInvalidToken(await get(url, applicantKeyToken));
  });

  it('a client removed from the clients file stops with the next request, without a restart; a file that no longer reads registers nobody', async () => {
    // The same keys, a clients file of this instance's own that the bank edits while it runs.
    const registeredClients = JSON.parse(readFileSync(clientsFile, 'utf8')) as { clientId: string }[];
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'integration-clients-')), 'clients.json');
    writeFileSync(file, JSON.stringify(registeredClients));
    const running = await buildTestApp({ INTEGRATION_CLIENTS_FILE: file, AUTH_SIGNING_KEY_FILE: keyFile, INTEGRATION_SIGNING_KEY_FILE: integrationKeyFile });
    try {
      const list = (token: string) => running.inject({ method: 'GET', url: '/integration/v1/applications', headers: { authorization: `Bearer ${token}` } });
      expect((await list(readToken)).statusCode).toBe(200);
      // Registered without applications:read: known, and refused for the scope.
      expect((await list(decideToken)).statusCode).toBe(403);

      writeFileSync(file, JSON.stringify(registeredClients.filter((client) => client.clientId !== 'decisions-only')));
      expect((await list(readToken)).statusCode).toBe(200);
      const removed = await list(decideToken);
      expect(removed.statusCode).toBe(401);
      expect(removed.headers['www-authenticate']).toBe('Bearer realm="integration", error="invalid_token"');

      // Half written: nobody passes until the file reads again.
      writeFileSync(file, '[{"clientId": "core-ban');
      expect((await list(readToken)).statusCode).toBe(401);
      writeFileSync(file, JSON.stringify(registeredClients));
      expect((await list(readToken)).statusCode).toBe(200);
    } finally {
      await running.close();
    }
  });

  it("an applicant's access token never passes here", async () => {
    const applicantToken = (
      await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/magic', payload: { personalId: JAAK_KRISTJAN.person.personalId } })
    ).json().accessToken as string;
    expect((await jaak('GET', `/onboarding/applications/${submittedId}`)).statusCode).toBe(200);
    for (const url of routes()) await expectInvalidToken(await get(url, applicantToken));
  });

  it('an integration token never passes the applicant routes', async () => {
    for (const url of [`/onboarding/applications/${submittedId}`, '/onboarding/representative', `/onboarding/applications/${submittedId}/contract/signed`]) {
      const response = await get(url, readToken);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    const logout = await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/refresh', payload: { refreshToken: readToken } });
    expect(logout.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('a token without applications:read: 403 insufficient_scope', async () => {
    for (const url of routes()) {
      const response = await get(url, decideToken);
      expect(response.statusCode).toBe(403);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="integration", error="insufficient_scope", scope="applications:read"');
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });
});
