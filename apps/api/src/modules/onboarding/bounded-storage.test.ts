import { JAAK_KRISTJAN } from '@onboarding/domain/test-support';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { applicationFor } from '../../test/application-steps.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';

/**
 * Bounded storage: a step's data and a whole application have a size limit
 * (MAX_STEP_BYTES, MAX_APPLICATION_BYTES), checked before anything is
 * written. Small limits here, so the test sends kilobytes, not megabytes.
 */
let app: FastifyInstance;
let call: Call;
let processId: string;

const STEP_BYTES = 4096;
const APPLICATION_BYTES = 16_384;
const DRAFT_STEPS = ['AccountOpeningReason', 'CompanyData', 'Incomes', 'RelatedPersons', 'AdditionalData', 'ApplicationOverview'];

beforeAll(async () => {
  app = await buildTestApp({ MAX_STEP_BYTES: String(STEP_BYTES), MAX_APPLICATION_BYTES: String(APPLICATION_BYTES) });
  call = await signInAsRepresentative(app, JAAK_KRISTJAN.person.personalId);
  processId = (await applicationFor(call, JAAK_KRISTJAN.company.registryCode)).processId;
});

afterAll(async () => {
  await app.close();
});

const versionNow = async () => (await call('GET', `/onboarding/applications/${processId}`)).json().version as number;
const saveDraft = async (step: string, data: unknown) =>
  call('PUT', `/onboarding/applications/${processId}/drafts/${step}`, { version: await versionNow(), data });
/** A draft whose JSON takes about `bytes` bytes. */
const draftOf = (bytes: number) => ({ note: 'x'.repeat(bytes - 12) });

describe('bounded storage', () => {
  it('refuses a draft body far over the limit with 413 before reading it, and stores nothing', async () => {
    const before = await versionNow();
    const response = await saveDraft('Incomes', draftOf(1_000_000));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await versionNow()).toBe(before);
  });

  it("refuses a step's data just over the limit (the body itself fits), and stores nothing", async () => {
    const before = await versionNow();
    const response = await saveDraft('Incomes', draftOf(STEP_BYTES + 100));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining(String(STEP_BYTES)) });
    expect(await versionNow()).toBe(before);
    expect((await saveDraft('Incomes', draftOf(STEP_BYTES - 100))).statusCode).toBe(200);
  });

  it('refuses the draft that would take the whole application over its limit; the application stays readable and bounded', async () => {
    const answers: number[] = [];
    for (const step of DRAFT_STEPS) answers.push((await saveDraft(step, draftOf(STEP_BYTES - 100))).statusCode);
    // Four drafts of about 4 KB fit in 16 KB (with the company the application was created with); more do not.
    expect(answers.slice(0, 3)).toEqual([200, 200, 200]);
    expect(answers).toContain(413);
    const refused = await saveDraft('ApplicationOverview', draftOf(STEP_BYTES - 100));
    expect(refused.json()).toMatchObject({ code: 'APPLICATION_TOO_LARGE' });
    const read = await call('GET', `/onboarding/applications/${processId}`);
    expect(read.statusCode).toBe(200);
    expect(read.body.length).toBeLessThan(APPLICATION_BYTES + 8192);
  });

  it('refuses a step body far over the limit the same way (a valid step is bounded by its schema)', async () => {
    const response = await call('PUT', `/onboarding/applications/${processId}/steps/AccountOpeningReason`, {
      version: await versionNow(),
      data: draftOf(1_000_000),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
