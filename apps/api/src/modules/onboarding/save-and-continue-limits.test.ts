import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, mailOutbox } from '../../db/schema.js';
import { buildTestApp } from '../../test/app.js';
import { confirmEmail, signInAsRepresentative, type Call } from '../../test/representative.js';
import { REGISTRY_CODES } from '../registry/fixture/companies.js';

/**
 * Save and continue later mails only the address the representative confirmed with a code: at most
 * SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR (3) per application, SAVE_AND_CONTINUE_MAILS_PER_ADDRESS_PER_DAY (5)
 * per address and SAVE_AND_CONTINUE_MAILS_PER_PERSON_PER_DAY (5) per person across applications; the business name
 * only quoted, on one line and never as a link, and none at all for a company the register does not know.
 */
const PER_APPLICATION = 3;
const PER_ADDRESS = 5;
const PER_PERSON = 5;

// Register fixture persons with their own companies (modules/registry/README.md), and valid personal codes the register does not know.
const TEST_PERSON = '38001085718';
const OK_PERSON = '40504040001';
const UNKNOWN_PERSONS = ['30303030309', '30303030314', '30303030320', '30303030331', '30303030342'] as const;

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

type Company = { registryCode: string } | { businessName: string; typedRegistryCode?: string };

/** A new application of the signed-in representative: for a register company, or one typed by hand. */
async function applicationOf(call: Call, company: Company) {
  const body =
    'registryCode' in company
      ? { source: 'REGISTER', registryCode: company.registryCode, registryCountryCode: 'EE' }
      : // A typed code is a Finnish one: an Estonian code the register does not know belongs to no company.
        {
          source: 'MANUAL',
          company: {
            businessName: company.businessName,
            ...(company.typedRegistryCode ? { registryCode: company.typedRegistryCode, registryCountryCode: 'FI' } : { registryCountryCode: 'EE' }),
          },
        };
  const created = await call('POST', '/onboarding/applications', body);
  expect(created.statusCode, created.body).toBe(200);
  const { processId, version } = created.json().application as { processId: string; version: number };
  const saveAndContinueLater = () => call('POST', `/onboarding/applications/${processId}/save-and-continue-later`, { version });
  return { processId, saveAndContinueLater };
}

/** A representative who gave and confirmed `email`, and an application of theirs. */
async function representativeWithApplication(personalId: string, email: string, company: Company) {
  const call = await signInAsRepresentative(app, personalId);
  const personal = await call('PUT', '/onboarding/representative/personal-information', {
    email,
    phone: '+372 5123 4567',
    hasConsentedToRegistryQueries: true,
    language: 'en',
  });
  expect(personal.statusCode).toBe(200);
  await confirmEmail(app, call);
  return { call, ...(await applicationOf(call, company)) };
}

const mailsOf = (processId: string) =>
  app.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.processId, processId), eq(mailOutbox.template, 'SAVE_AND_CONTINUE_LATER')));

function expectRateLimited(response: Awaited<ReturnType<Call>>, window: { min: number; max: number }): void {
  expect(response.statusCode).toBe(429);
  const body = response.json() as { code: string; retryAfterSeconds: number };
  expect(body.code).toBe('RATE_LIMITED');
  expect(body.retryAfterSeconds).toBeGreaterThan(window.min);
  expect(body.retryAfterSeconds).toBeLessThanOrEqual(window.max);
  expect(response.headers['retry-after']).toBe(String(body.retryAfterSeconds));
}

describe('save-and-continue-later limits', () => {
  it(`answers the ${PER_APPLICATION + 1}th request of one application within the hour with 429 RATE_LIMITED and Retry-After, and mails ${PER_APPLICATION} times only`, async () => {
    const { processId, saveAndContinueLater } = await representativeWithApplication(TEST_PERSON, 'mari.hour@example.ee', {
      registryCode: REGISTRY_CODES.testPersonOu,
    });
    for (let sent = 0; sent < PER_APPLICATION; sent += 1) expect((await saveAndContinueLater()).statusCode).toBe(202);

    expectRateLimited(await saveAndContinueLater(), { min: 3500, max: 3600 });
    expectRateLimited(await saveAndContinueLater(), { min: 3500, max: 3600 });
    expect(await mailsOf(processId)).toHaveLength(PER_APPLICATION);
    // Neither the mail nor its event: a refused request leaves no trace in the application's history.
    const events = await app.database.db
      .select()
      .from(applicationEvents)
      .where(and(eq(applicationEvents.processId, processId), eq(applicationEvents.type, 'SAVE_AND_CONTINUE_LATER')));
    expect(events).toHaveLength(PER_APPLICATION);
  });

  it(`answers the ${PER_ADDRESS + 1}th request to one address within the day across two applications with 429, and mails it ${PER_ADDRESS} times only`, async () => {
    // Two representatives give the same address, spelled differently.
    const first = await representativeWithApplication(OK_PERSON, 'victim@example.ee', { registryCode: REGISTRY_CODES.onePersonOu });
    const second = await representativeWithApplication(UNKNOWN_PERSONS[0], 'Victim+second@Example.ee', { businessName: 'Teine Ettevõte OÜ' });
    for (let sent = 0; sent < PER_APPLICATION; sent += 1) expect((await first.saveAndContinueLater()).statusCode).toBe(202);
    for (let sent = PER_APPLICATION; sent < PER_ADDRESS; sent += 1) expect((await second.saveAndContinueLater()).statusCode).toBe(202);

    // The second application is under its own limit per hour: the address's limit refuses it.
    expectRateLimited(await second.saveAndContinueLater(), { min: 86_300, max: 86_400 });
    expect(await mailsOf(first.processId)).toHaveLength(PER_APPLICATION);
    expect(await mailsOf(second.processId)).toHaveLength(PER_ADDRESS - PER_APPLICATION);
  });

  it('lets exactly the limit through when many requests for one application arrive at once', async () => {
    const { processId, saveAndContinueLater } = await representativeWithApplication(UNKNOWN_PERSONS[1], 'burst@example.ee', { businessName: 'Kiirustav OÜ' });
    const responses = await Promise.all(Array.from({ length: 10 }, () => saveAndContinueLater()));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(PER_APPLICATION).fill(202), ...Array<number>(10 - PER_APPLICATION).fill(429)]);
    expect(await mailsOf(processId)).toHaveLength(PER_APPLICATION);
  });
});

describe('limits per person', () => {
  it(`answers the ${PER_PERSON + 1}th request of one person within the day, across applications, with 429, and mails ${PER_PERSON} times only`, async () => {
    // The attack test: one person, mails from several applications, each under its own limit (3 an hour).
    const { call, saveAndContinueLater } = await representativeWithApplication(UNKNOWN_PERSONS[3], 'many@example.ee', {
      businessName: 'Esimene OÜ',
      typedRegistryCode: '90000001',
    });
    const second = await applicationOf(call, { businessName: 'Ettevõte 2 OÜ', typedRegistryCode: '90000002' });
    const requests = [saveAndContinueLater, saveAndContinueLater, saveAndContinueLater, second.saveAndContinueLater, second.saveAndContinueLater];
    expect(requests).toHaveLength(PER_PERSON);
    for (const request of requests) expect((await request()).statusCode).toBe(202);

    // The second application's third mail is within its own limit: the person's day is what refuses it.
    expectRateLimited(await second.saveAndContinueLater(), { min: 86_300, max: 86_400 });
    const mails = await app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.personKey, `EE:${UNKNOWN_PERSONS[3]}`), eq(mailOutbox.template, 'SAVE_AND_CONTINUE_LATER')));
    expect(mails).toHaveLength(PER_PERSON);
  });
});

describe('the address the save-and-continue-later mail goes to', () => {
  it('is the confirmed one only: none before the code is typed back, none after another address is saved', async () => {
    const call = await signInAsRepresentative(app, UNKNOWN_PERSONS[4]);
    await call('PUT', '/onboarding/representative/personal-information', {
      email: 'unconfirmed@example.ee',
      phone: '+372 5123 4567',
      hasConsentedToRegistryQueries: true,
      language: 'en',
    });
    const { processId, saveAndContinueLater } = await applicationOf(call, { businessName: 'Kinnitamata OÜ', typedRegistryCode: '90000101' });
    const refused = await saveAndContinueLater();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: 'Confirm your e-mail address first.' });

    await confirmEmail(app, call);
    expect((await saveAndContinueLater()).statusCode).toBe(202);
    await call('PUT', '/onboarding/representative/personal-information', {
      email: 'someone.else@example.org',
      phone: '+372 5123 4567',
      hasConsentedToRegistryQueries: true,
      language: 'en',
    });
    expect((await saveAndContinueLater()).statusCode).toBe(409);
    expect((await mailsOf(processId)).map((mail) => mail.recipient)).toEqual(['unconfirmed@example.ee']);
  });
});

describe('the business name in the save-and-continue-later mail', () => {
  it('is never one the applicant typed for a company the register does not know: no phone number, no instruction, no link', async () => {
    const businessName = 'Your account is blocked, call +372 5555 0006 now\r\nor log in at https://evil.example/login \u202Ekcolbnu\u202C';
    const { processId, saveAndContinueLater } = await representativeWithApplication(UNKNOWN_PERSONS[2], 'phished@example.ee', { businessName });
    expect((await saveAndContinueLater()).statusCode).toBe(202);

    const [mail] = await mailsOf(processId);
    expect(mail).toBeDefined();
    for (const part of [mail?.subject ?? '', mail?.text ?? '', mail?.html ?? '']) {
      expect(part).not.toMatch(/blocked|5555|0006|evil|kcolbnu|[\u202A-\u202E\r]/);
    }
    expect(mail?.text).toContain('The account opening application for your company has been saved.');
    // The one link in the mail is the bank's own.
    expect([...(mail?.html ?? '').matchAll(/<a\s+href="([^"]*)"/g)].map((match) => match[1])).toEqual([
      `http://localhost:3000/start/application?processId=${processId}&amp;lang=en`,
    ]);
  });
});
