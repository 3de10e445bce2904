import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { integrationApplicationSchema, recordedDecisionSchema, type RecordDecisionRequest } from '@onboarding/domain';
import { JAAK_KRISTJAN, MARY_ANN, OK_TESTNUMBER } from '@onboarding/domain/test-support';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOutbox } from '../../db/schema.js';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, fillSteps } from '../../test/application-steps.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { integrationClients, integrationToken, type TestClient } from '../../test/integration-clients.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';

/**
 * POST /integration/v1/applications/:processId/decisions: the bank's systems record what happened, once per
 * Idempotency-Key, on the version they read; each decision reaches the application's record, its status and the
 * webhook outbox together. Only a token with applications:decide passes; an applicant's never does.
 */

let app: FastifyInstance;
let decideToken: string;
let readOnlyToken: string;
let applicantToken: string;
let processId: string;
let otherProcessId: string;

const post = (id: string, body: unknown, options: { token?: string | null; key?: string | null } = {}): Promise<LightMyRequestResponse> => {
  const { token = decideToken, key = crypto.randomUUID() } = options;
  return app.inject({
    method: 'POST',
    url: `/integration/v1/applications/${id}/decisions`,
    headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body as Record<string, unknown>,
  });
};

const versionOf = async (id: string): Promise<number> => {
  const response = await app.inject({ method: 'GET', url: `/integration/v1/applications/${id}`, headers: { authorization: `Bearer ${decideToken}` } });
  return integrationApplicationSchema.parse(response.json()).version;
};

const eventsOf = async (id: string) => app.database.db.select().from(eventOutbox).where(eq(eventOutbox.processId, id)).orderBy(eventOutbox.id);

async function submit(subject: typeof JAAK_KRISTJAN): Promise<{ call: Call; processId: string }> {
  const call = await signInAsRepresentative(app, subject.person.personalId);
  const application = await fillSteps(call, await applicationFor(call, subject.company.registryCode), undefined, subject);
  const { outcome } = await signWithIdCard(app, call, application, subject.person.personalId);
  expect(outcome?.application?.status).toBe('SUBMITTED');
  return { call, processId: application.processId };
}

beforeAll(async () => {
  const registered = await integrationClients([
    { clientId: 'core-banking', scopes: ['applications:read', 'applications:decide'] },
    { clientId: 'reporting', scopes: ['applications:read'] },
  ]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'onboarding-decisions-route-'));
  app = await buildTestApp({ INTEGRATION_CLIENTS_FILE: registered.file, DATA_DIR: dataDir, MAIL_SEND_INTERVAL_MS: '600000' });
  await app.ready();
  decideToken = await integrationToken(app, registered.clients['core-banking'] as TestClient);
  readOnlyToken = await integrationToken(app, registered.clients.reporting as TestClient);
  processId = (await submit(JAAK_KRISTJAN)).processId;
  applicantToken = (await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/magic', payload: { personalId: JAAK_KRISTJAN.person.personalId } })).json<{
    accessToken: string;
  }>().accessToken;
  otherProcessId = (await submit(OK_TESTNUMBER)).processId;
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('recording a decision over HTTP', () => {
  it('records it with its event in the outbox, and a repeat of the key answers the same without a second one', async () => {
    const version = await versionOf(processId);
    const body: RecordDecisionRequest = { applicationVersion: version, decision: { type: 'FEE_PAID' } };
    const key = crypto.randomUUID();
    const first = await post(processId, body, { key });
    expect(first.statusCode).toBe(201);
    const recorded = recordedDecisionSchema.parse(first.json());
    expect(recorded).toMatchObject({ processId, status: 'SUBMITTED', version: version + 1, decision: { type: 'FEE_PAID' } });

    const repeat = await post(processId, body, { key });
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    expect(await versionOf(processId)).toBe(version + 1);

    const decided = (await eventsOf(processId)).filter((row) => row.type === 'ee.onboarding.application.decision-recorded.v1');
    expect(decided).toHaveLength(1);
    expect(decided[0]?.event).toMatchObject({ subject: processId, data: { decision: { type: 'FEE_PAID' }, version: version + 1, recordedBy: 'core-banking' } });
  });

  it('refuses the same key with another body (422), and a missing key (400)', async () => {
    const version = await versionOf(processId);
    const key = crypto.randomUUID();
    expect((await post(processId, { applicationVersion: version, decision: { type: 'IDENTIFIED' } }, { key })).statusCode).toBe(201);
    const reused = await post(processId, { applicationVersion: version + 1, decision: { type: 'BOARD_SIGNATURE_RECEIVED' } }, { key });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const keyless = await post(processId, { applicationVersion: version + 1, decision: { type: 'BOARD_SIGNATURE_RECEIVED' } }, { key: null });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
  });

  it('answers 409 STALE_VERSION with the current version for a decision on an old one, and repeats that answer', async () => {
    const version = await versionOf(processId);
    const key = crypto.randomUUID();
    const stale = await post(processId, { applicationVersion: version - 1, decision: { type: 'FEE_PAID' } }, { key });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', currentVersion: version });
    const again = await post(processId, { applicationVersion: version - 1, decision: { type: 'FEE_PAID' } }, { key });
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await versionOf(processId)).toBe(version);
  });

  it('refuses a decision the schema does not know, an unknown office and an invalid IBAN with 400', async () => {
    const version = await versionOf(processId);
    for (const decision of [
      { type: 'MAYBE' },
      { type: 'IDENTIFICATION_BOOKED', officeId: 'no-such-office', at: '2030-01-02T10:00:00+02:00' },
      { type: 'APPROVED', accountNumber: 'EE000000000000000000' },
      { type: 'MORE_INFORMATION_NEEDED', steps: [], message: 'What is missing' },
    ]) {
      const response = await post(processId, { applicationVersion: version, decision });
      expect(response.statusCode, JSON.stringify(decision)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(await versionOf(processId)).toBe(version);
  });

  it('lets only a token with applications:decide record, and never an applicant token', async () => {
    const version = await versionOf(otherProcessId);
    const body = { applicationVersion: version, decision: { type: 'FEE_PAID' } };
    const readOnly = await post(otherProcessId, body, { token: readOnlyToken });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.headers['www-authenticate']).toContain('insufficient_scope');
    expect((await post(otherProcessId, body, { token: null })).statusCode).toBe(401);
    expect((await post(otherProcessId, body, { token: applicantToken })).statusCode).toBe(401);
    // And the bank's token does not reach the applicant's API.
    const onboarding = await app.inject({ method: 'GET', url: `/onboarding/applications/${processId}`, headers: { authorization: `Bearer ${decideToken}` } });
    expect(onboarding.statusCode).toBe(401);
    expect(await versionOf(otherProcessId)).toBe(version);
  });

  it('answers 404 for an application that does not exist or was never submitted', async () => {
    const mary = await signInAsRepresentative(app, MARY_ANN.person.personalId);
    const draft = await applicationFor(mary, MARY_ANN.company.registryCode);
    for (const id of [crypto.randomUUID(), draft.processId]) {
      const response = await post(id, { applicationVersion: 1, decision: { type: 'FEE_PAID' } });
      expect(response.statusCode).toBe(404);
    }
  });

  it('ends with a final answer, after which nothing more is decided (409 APPLICATION_DECIDED)', async () => {
    const version = await versionOf(otherProcessId);
    const approved = await post(otherProcessId, { applicationVersion: version, decision: { type: 'APPROVED', accountNumber: 'EE382200221020145685' } });
    expect(approved.statusCode).toBe(201);
    expect(approved.json()).toMatchObject({ status: 'APPROVED' });
    const after = await post(otherProcessId, { applicationVersion: version + 1, decision: { type: 'FEE_PAID' } });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ code: 'APPLICATION_DECIDED' });
  });
});
