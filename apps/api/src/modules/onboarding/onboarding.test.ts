import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, applications } from '../../db/schema.js';
import { buildTestApp } from '../../test/app.js';
import { confirmEmail } from '../../test/representative.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { REGISTRY_CODES } from '../registry/fixture/companies.js';

let app: FastifyInstance;
let smtp: TestSmtpServer;
const tokens: Record<string, string> = {};

/** Someone who has signed in and not yet consented to registry queries (docs/requirements.md section 1). */
const NOT_CONSENTED = '30303039903';

/**
 * Magic sign-in stands in for Smart-ID here; the sign-in itself is tested in modules/auth. Everyone but
 * NOT_CONSENTED then gives the consent the register queries need.
 */
async function tokenFor(personalId: string): Promise<string> {
  if (tokens[personalId]) return tokens[personalId];
  const token = (await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/magic', payload: { personalId } })).json().accessToken as string;
  tokens[personalId] = token;
  if (personalId !== NOT_CONSENTED) {
    const consent = await app.inject({
      method: 'PUT',
      url: '/onboarding/representative/personal-information',
      headers: { authorization: `Bearer ${token}` },
      payload: { email: 'representative@example.ee', phone: '+372 5123 4567', hasConsentedToRegistryQueries: true, language: 'en' },
    });
    expect(consent.statusCode).toBe(200);
    // The address is confirmed as the screen confirms it: the mails below go only to a confirmed one.
    await confirmEmail(app, (method, url, payload) =>
      app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload }) }),
    );
  }
  return token;
}

async function call(personalId: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const options: InjectOptions = { method, url, headers: { authorization: `Bearer ${await tokenFor(personalId)}` } };
  return app.inject(payload === undefined ? options : { ...options, payload });
}

const fromRegister = (registryCode: string) => ({ source: 'REGISTER', registryCode, registryCountryCode: 'EE' });

async function createApplication(personalId: string, registryCode: string) {
  const response = await call(personalId, 'POST', '/onboarding/applications', fromRegister(registryCode));
  expect(response.statusCode).toBe(200);
  return response.json();
}

// SK's demo identities and the test person, as the register fixture names them (modules/registry/README.md).
const TEST_PERSON = '38001085718';
const OK_PERSON = '40504040001';
const PENDING_PERSON = '50001029996';
const SUBMITTED_PERSON = '39901012239';
const MINOR = '61101012257';
const INVALID_DOCUMENT = '30303039914';
/** Board of the register's own cases: joint representation, a discrepancy notice, a hidden owner, a bankruptcy. */
const REGISTER_CASES_PERSON = '60001017869';

beforeAll(async () => {
  // A real SMTP server on loopback: save-and-continue-later mail arrives here.
  smtp = await startSmtpServer();
  app = await buildTestApp({ SMTP_URL: smtp.url, MAIL_SEND_INTERVAL_MS: '100' });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await smtp.close();
});

describe('personal information', () => {
  it('starts empty, then keeps e-mail, phone, language and consent', async () => {
    const before = await call(NOT_CONSENTED, 'GET', '/onboarding/representative');
    expect(before.json()).toMatchObject({ personalId: NOT_CONSENTED, email: null, hasConsentedToRegistryQueries: false });
    // docs/requirements.md section 1: without consent the bank asks no register: no company list, no register look-up, no
    // application.
    for (const [method, url, payload] of [
      ['GET', '/onboarding/representative/companies', undefined],
      ['POST', '/onboarding/applications', fromRegister(REGISTRY_CODES.onePersonOu)],
      ['POST', '/onboarding/applications', { source: 'MANUAL', company: { businessName: 'Uus Ettevõte OÜ', registryCountryCode: 'EE' } }],
      ['GET', `/onboarding/register/companies/EE/${REGISTRY_CODES.onePersonOu}`, undefined],
      ['GET', '/onboarding/register/persons/38001085718', undefined],
    ] as const) {
      const refused = await call(NOT_CONSENTED, method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(409);
      expect(refused.json().code).toBe('CONSENT_REQUIRED');
    }
    const saved = await call(NOT_CONSENTED, 'PUT', '/onboarding/representative/personal-information', {
      email: 'jaak@example.ee',
      phone: '+372 5123 4567',
      hasConsentedToRegistryQueries: true,
      language: 'en',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ email: 'jaak@example.ee', phone: '+372 5123 4567', language: 'en', hasConsentedToRegistryQueries: true });
    // The consent's date: a returning person sees it as given, when.
    expect(Number.isNaN(Date.parse(saved.json<{ consentedAt: string }>().consentedAt))).toBe(false);
    expect((await call(NOT_CONSENTED, 'GET', '/onboarding/representative/companies')).statusCode).toBe(200);
  });

  it('refuses a bad e-mail and a missing consent with the validation codes', async () => {
    const response = await call(TEST_PERSON, 'PUT', '/onboarding/representative/personal-information', {
      email: 'jaak@x',
      phone: '12',
      hasConsentedToRegistryQueries: false,
      language: 'et',
    });
    expect(response.statusCode).toBe(400);
    const codes = Object.fromEntries(response.json().fields.map((field: { path: string; code: string }) => [field.path, field.code]));
    expect(codes).toEqual({ email: 'invalidEmail', phone: 'invalidPhone', hasConsentedToRegistryQueries: 'required' });
  });
});

describe('companies the representative may choose', () => {
  it('lists every entry kind of the fixture for the person who represents them', async () => {
    const response = await call(OK_PERSON, 'GET', '/onboarding/representative/companies');
    expect(response.statusCode).toBe(200);
    const byCode = Object.fromEntries(response.json().companies.map((company: { registryCode: string }) => [company.registryCode, company]));
    expect(byCode[REGISTRY_CODES.onePersonOu]).toMatchObject({ entry: 'NEW', businessName: 'Näidis Tehnoloogia OÜ' });
    expect(byCode[REGISTRY_CODES.existingAccount]).toMatchObject({ entry: 'EXISTING_ACCOUNT' });
    expect(byCode[REGISTRY_CODES.inLiquidation]).toMatchObject({ entry: 'BLOCKED', outcome: 'CANNOT_OPEN' });
  });

  it('blocks a bankrupt company as one in liquidation, and offers the others of the register’s cases', async () => {
    const response = await call(REGISTER_CASES_PERSON, 'GET', '/onboarding/representative/companies');
    expect(response.statusCode).toBe(200);
    const byCode = Object.fromEntries(response.json().companies.map((company: { registryCode: string }) => [company.registryCode, company]));
    expect(byCode[REGISTRY_CODES.bankrupt]).toMatchObject({ entry: 'BLOCKED', outcome: 'CANNOT_OPEN' });
    for (const code of [REGISTRY_CODES.jointRepresentation, REGISTRY_CODES.discrepancyNotice, REGISTRY_CODES.hiddenBeneficialOwners]) {
      expect(byCode[code], code).toMatchObject({ entry: 'NEW' });
    }
  });

  it('shows the pending application, the submitted one and one started by another representative', async () => {
    const pending = (await call(PENDING_PERSON, 'GET', '/onboarding/representative/companies')).json();
    expect(pending.companies.find((company: { registryCode: string }) => company.registryCode === REGISTRY_CODES.pendingApplication)).toMatchObject({
      entry: 'PENDING_APPLICATION',
      processId: expect.any(String),
    });
    const other = (await call(SUBMITTED_PERSON, 'GET', '/onboarding/representative/companies')).json();
    const byCode = Object.fromEntries(other.companies.map((company: { registryCode: string }) => [company.registryCode, company]));
    // The person's own, submitted without a contract signed here (the fixture's): named, with its status, for its
    // status page; nothing to download.
    expect(byCode[REGISTRY_CODES.submittedApplication]).toMatchObject({
      entry: 'BLOCKED',
      outcome: 'ALREADY_SUBMITTED',
      processId: expect.any(String),
      applicationStatus: 'SUBMITTED',
      hasSignedContract: false,
    });
    expect(byCode[REGISTRY_CODES.otherRepresentative].processId).toBeUndefined();
    expect(byCode[REGISTRY_CODES.otherRepresentative]).toMatchObject({ entry: 'BLOCKED', outcome: 'STARTED_WITH_OTHER_REPRESENTATIVE' });
  });
});

describe('what stops the person whatever the company, right after sign-in', () => {
  it.each([
    [INVALID_DOCUMENT, 'DOCUMENT_INVALID'],
    [MINOR, 'MINOR'],
    [OK_PERSON, null],
  ])('%s: the representative answers %s before anything is typed', async (personalId, outcome) => {
    // A sign-in of its own, without the consent tokenFor gives: the screen after sign-in asks first.
    const token = (await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/magic', payload: { personalId } })).json().accessToken as string;
    const response = await app.inject({ method: 'GET', url: '/onboarding/representative', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ personalId, personOutcome: outcome });
  });
});

describe('creating an application: the outcomes the server decides', () => {
  it('creates one at the first step, and resumes it when chosen again', async () => {
    const first = await createApplication(OK_PERSON, REGISTRY_CODES.onePersonOu);
    expect(first).toMatchObject({ kind: 'APPLICATION', application: { currentStep: 'AccountOpeningReason', status: 'IN_PROGRESS', version: 1 } });
    const again = await createApplication(OK_PERSON, REGISTRY_CODES.onePersonOu);
    expect(again.application.processId).toBe(first.application.processId);
  });

  it.each([
    [MINOR, REGISTRY_CODES.minorRepresentative, 'MINOR'],
    [INVALID_DOCUMENT, REGISTRY_CODES.invalidDocument, 'DOCUMENT_INVALID'],
    [OK_PERSON, REGISTRY_CODES.inLiquidation, 'CANNOT_OPEN'],
    [REGISTER_CASES_PERSON, REGISTRY_CODES.bankrupt, 'CANNOT_OPEN'],
    [SUBMITTED_PERSON, REGISTRY_CODES.submittedApplication, 'ALREADY_SUBMITTED'],
    [SUBMITTED_PERSON, REGISTRY_CODES.otherRepresentative, 'STARTED_WITH_OTHER_REPRESENTATIVE'],
    [TEST_PERSON, REGISTRY_CODES.onePersonOu, 'MUST_VISIT_BRANCH'],
  ])('%s choosing %s gets %s', async (personalId, registryCode, outcome) => {
    const response = await call(personalId, 'POST', '/onboarding/applications', fromRegister(registryCode));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'OUTCOME', outcome });
  });

  it('answers a company with an account with 409: the screen sends the user to the online bank instead', async () => {
    const response = await call(OK_PERSON, 'POST', '/onboarding/applications', fromRegister(REGISTRY_CODES.existingAccount));
    expect(response.statusCode).toBe(409);
  });

  it('allows one application without a registry code per 30 days; a repeat leads to the pending one', async () => {
    const manual = (name: string) => ({ source: 'MANUAL', company: { businessName: name, registryCountryCode: 'EE' } });
    const first = (await call(PENDING_PERSON, 'POST', '/onboarding/applications', manual('Uus Idee OÜ'))).json();
    expect(first).toMatchObject({ kind: 'APPLICATION', application: { company: { businessName: 'Uus Idee OÜ', registryCode: null } } });
    const repeat = (await call(PENDING_PERSON, 'POST', '/onboarding/applications', manual('Teine Idee OÜ'))).json();
    expect(repeat.application.processId).toBe(first.application.processId);

    // 31 days later a new one may be started.
    await app.database.db
      .update(applications)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(applications.processId, first.application.processId));
    const later = (await call(PENDING_PERSON, 'POST', '/onboarding/applications', manual('Kolmas Idee OÜ'))).json();
    expect(later.application.processId).not.toBe(first.application.processId);
  });

  it('refuses an invalid manual registry code with its validation code', async () => {
    const response = await call(OK_PERSON, 'POST', '/onboarding/applications', {
      source: 'MANUAL',
      company: { businessName: 'Vigane OÜ', registryCode: '12A45', registryCountryCode: 'EE' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0]).toMatchObject({ path: 'company.registryCode' });
  });
});

describe('saving steps', () => {
  const openingReasons = { openingReasons: ['DOMESTICSETTLEMENTS', 'DEPOSIT'] };

  it('validates with the domain schema and moves to the step the server decides, with an event in the same write', async () => {
    const { application } = await createApplication(TEST_PERSON, REGISTRY_CODES.testPersonOu);
    const url = `/onboarding/applications/${application.processId}/steps/AccountOpeningReason`;
    const invalid = await call(TEST_PERSON, 'PUT', url, { version: application.version, data: { openingReasons: [] } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields[0]).toMatchObject({ path: 'openingReasons', code: 'openingReasonRequired' });

    const saved = await call(TEST_PERSON, 'PUT', url, { version: application.version, data: openingReasons });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ currentStep: 'CompanyData', version: application.version + 1, steps: { AccountOpeningReason: openingReasons } });
    const events = await app.database.db.select().from(applicationEvents).where(eq(applicationEvents.processId, application.processId));
    expect(events.map((event) => event.type)).toEqual(['APPLICATION_CREATED', 'STEP_SAVED']);
  });

  it('answers a stale version with 409 and the current version, and overwrites nothing', async () => {
    const { application } = await createApplication(TEST_PERSON, REGISTRY_CODES.chainAs);
    const url = `/onboarding/applications/${application.processId}/steps/AccountOpeningReason`;
    expect((await call(TEST_PERSON, 'PUT', url, { version: application.version, data: openingReasons })).statusCode).toBe(200);
    const stale = await call(TEST_PERSON, 'PUT', url, { version: application.version, data: { openingReasons: ['CREDIT_PRODUCT'] } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', currentVersion: application.version + 1 });
    const current = (await call(TEST_PERSON, 'GET', `/onboarding/applications/${application.processId}`)).json();
    expect(current.steps.AccountOpeningReason).toEqual(openingReasons);
  });

  it('refuses a step the application has not reached', async () => {
    const { application } = await createApplication(OK_PERSON, REGISTRY_CODES.listedAs);
    const response = await call(OK_PERSON, 'PUT', `/onboarding/applications/${application.processId}/steps/Incomes`, { version: 1, data: {} });
    expect(response.statusCode).toBe(409);
  });

  it('keeps a draft as typed without advancing, and the saved step clears it', async () => {
    const { application } = await createApplication(PENDING_PERSON, REGISTRY_CODES.minorityShareholders);
    const draft = await call(PENDING_PERSON, 'PUT', `/onboarding/applications/${application.processId}/drafts/AccountOpeningReason`, {
      version: application.version,
      data: { openingReasons: ['DEPOSIT'], otherReason: 'pooleli' },
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().version).toBe(application.version + 1);
    const reread = (await call(PENDING_PERSON, 'GET', `/onboarding/applications/${application.processId}`)).json();
    expect(reread).toMatchObject({ currentStep: 'AccountOpeningReason', drafts: { AccountOpeningReason: { otherReason: 'pooleli' } } });

    const saved = await call(PENDING_PERSON, 'PUT', `/onboarding/applications/${application.processId}/steps/AccountOpeningReason`, {
      version: reread.version,
      data: openingReasons,
    });
    expect(saved.json().drafts).toEqual({});
  });
});

describe('save and continue later', () => {
  it('sends the representative a link in their language over SMTP, and records the event', async () => {
    const { application } = await createApplication(TEST_PERSON, REGISTRY_CODES.testPersonOu);
    const response = await call(TEST_PERSON, 'POST', `/onboarding/applications/${application.processId}/save-and-continue-later`, {
      version: application.version,
    });
    expect(response.statusCode).toBe(202);
    // The address the mail goes to, so the screen can name it.
    expect(response.json()).toEqual({ email: 'representative@example.ee' });
    await expect.poll(() => smtp.received.find((mail) => mail.text.includes(application.processId)), { timeout: 10_000 }).toBeDefined();
    const mail = smtp.received.find((message) => message.text.includes(application.processId));
    expect(mail?.envelopeTo).toEqual(['representative@example.ee']);
    // The application, in the language of the mail, which is the representative's (decision 45).
    expect(mail?.text).toContain(`/start/application?processId=${application.processId}&lang=en`);
    expect(mail?.text).toContain(`Application number: ${application.applicationNumber}`);
    // The default start offers the ID-card through the simulated card reader: the mail may name it.
    expect(mail?.text).toContain('with Smart-ID, Mobile-ID or ID-card.');

    // Nothing in the application changed: the version stays (a contract being signed still holds), and the event names it.
    const reread = (await call(TEST_PERSON, 'GET', `/onboarding/applications/${application.processId}`)).json();
    expect(reread.version).toBe(application.version);
    const events = await app.database.db.select().from(applicationEvents).where(eq(applicationEvents.processId, application.processId));
    expect(events.map((event) => [event.type, event.applicationVersion])).toContainEqual(['SAVE_AND_CONTINUE_LATER', application.version]);
    const stale = await call(TEST_PERSON, 'POST', `/onboarding/applications/${application.processId}/save-and-continue-later`, {
      version: application.version - 1,
    });
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', currentVersion: application.version });
  });

  it('needs an e-mail address first', async () => {
    const { application } = await createApplication(OK_PERSON, REGISTRY_CODES.onePersonOu);
    // Consent comes with an e-mail address today; a representative stored before that may have none.
    const withoutEmail = sql`update representatives set email = null where personal_id = ${OK_PERSON}`;
    await app.database.db.execute(withoutEmail);
    const response = await call(OK_PERSON, 'POST', `/onboarding/applications/${application.processId}/save-and-continue-later`, {
      version: application.version,
    });
    await app.database.db.execute(sql`update representatives set email = 'representative@example.ee' where personal_id = ${OK_PERSON}`);
    expect(response.statusCode).toBe(409);
  });
});

describe('access: an application answers only the representative who started it', () => {
  it('denies another representative on every route and tells them nothing', async () => {
    const { application } = await createApplication(OK_PERSON, REGISTRY_CODES.onePersonOu);
    const id = application.processId;
    const attempts = [
      ['GET', `/onboarding/applications/${id}`, undefined],
      ['PUT', `/onboarding/applications/${id}/steps/AccountOpeningReason`, { version: application.version, data: { openingReasons: ['DEPOSIT'] } }],
      ['PUT', `/onboarding/applications/${id}/drafts/AccountOpeningReason`, { version: application.version, data: {} }],
      ['POST', `/onboarding/applications/${id}/save-and-continue-later`, { version: application.version }],
      ['GET', `/onboarding/applications/${id}/history`, undefined],
    ] as const;
    for (const [method, url, payload] of attempts) {
      const response = await call(TEST_PERSON, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toEqual({ code: 'NOT_FOUND', message: 'No such application.' });
    }
    const unknown = await call(TEST_PERSON, 'GET', '/onboarding/applications/00000000-0000-4000-8000-000000000000');
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'No such application.' });
    const untouched = (await call(OK_PERSON, 'GET', `/onboarding/applications/${id}`)).json();
    expect(untouched.version).toBe(application.version);
  });

  it('answers 401 without a token on every onboarding route', async () => {
    const routes = [
      ['GET', '/onboarding/representative'],
      ['PUT', '/onboarding/representative/personal-information'],
      ['GET', '/onboarding/representative/companies'],
      ['POST', '/onboarding/applications'],
      ['GET', '/onboarding/applications/00000000-0000-4000-8000-000000000000'],
      ['GET', `/onboarding/register/companies/EE/${REGISTRY_CODES.onePersonOu}`],
    ] as const;
    for (const [method, url] of routes) {
      const response = await app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('reference data and register look-ups', () => {
  it('serves reference data to anyone, with an ETag', async () => {
    const response = await app.inject({ method: 'GET', url: '/onboarding/reference/countries' });
    expect(response.statusCode).toBe(200);
    const again = await app.inject({ method: 'GET', url: '/onboarding/reference/countries', headers: { 'if-none-match': String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('offers a company from the register for auto-fill', async () => {
    const response = await call(OK_PERSON, 'GET', `/onboarding/register/companies/EE/${REGISTRY_CODES.onePersonOu}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ businessName: 'Näidis Tehnoloogia OÜ' });
  });
});
