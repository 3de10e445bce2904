import { completeSteps, OK_TESTNUMBER, type ApplicationSubject } from '@onboarding/domain/test-support';
import type { ApplicationFacts, ApplicationHistory, Discrepancy } from '@onboarding/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, mailOutbox } from '../../db/schema.js';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, fillSteps, saveStep, type TestApplication } from '../../test/application-steps.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import { REGISTRY_CODES } from '../registry/fixture/companies.js';

/**
 * The register and the eID decide, the applicant only declares: the
 * reproductions of a company swap, a false representation basis and a listed
 * company declared as not listed, each ending as the bank needs; and every
 * register fact keeping its source through edits, reload, submission and the
 * contract. On PGlite, and on PostgreSQL when DATABASE_URL is set (CI).
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

type Review = {
  isComplete: boolean;
  facts: ApplicationFacts;
  discrepancies: Discrepancy[];
  steps: { step: string; isComplete: boolean; issues: { code: string }[] }[];
};

const reviewOf = async (call: Call, application: Pick<TestApplication, 'processId'>): Promise<Review> =>
  (await call('GET', `/onboarding/applications/${application.processId}/review`)).json() as Review;

async function contractText(call: Call, application: Pick<TestApplication, 'processId'>): Promise<string> {
  const response = await call('GET', `/onboarding/applications/${application.processId}/contract`);
  expect(response.statusCode, response.body).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const stepsOf = (subject: ApplicationSubject) => Object.fromEntries(completeSteps(subject)) as Record<string, Record<string, unknown>>;

/** 60001018800 holds only a procura of Mereranna Disain OÜ; 60001019906 is its board member and 70 % owner. */
const PROCURA_HOLDER: ApplicationSubject = {
  company: {
    businessName: 'Mereranna Disain OÜ',
    registryCode: REGISTRY_CODES.maryAnnNew,
    legalAddress: { countryCode: 'EE', county: 'Harju maakond', district: 'Tallinn', city: 'Pirita linnaosa', street: 'Merivälja tee 20', postalCode: '11911' },
    mainFieldOfActivityCode: '74101',
  },
  person: { personalId: '60001018800', firstName: 'OK', lastName: 'TESTNUMBER', birthDate: '2000-01-01' },
};

/** 40504040001 on the board of Läänemere Energia AS, a listed company. */
const LISTED: ApplicationSubject = {
  company: {
    businessName: 'Läänemere Energia AS',
    registryCode: REGISTRY_CODES.listedAs,
    legalAddress: {
      countryCode: 'EE',
      county: 'Harju maakond',
      district: 'Tallinn',
      city: 'Põhja-Tallinna linnaosa',
      street: 'Kalasadama tn 4',
      postalCode: '10415',
    },
    mainFieldOfActivityCode: '35111',
  },
  person: OK_TESTNUMBER.person,
};

describe('the company is fixed when the application is created', () => {
  it('refuses a manual application that names a register company in its company step; the contract names the company typed at creation', async () => {
    // 30303039903 represents no company; the register knows Läänemere Energia AS.
    const subject: ApplicationSubject = {
      company: { businessName: 'Minu Idufirma OÜ', registryCode: '' },
      person: { personalId: '30303039903', firstName: 'OK', lastName: 'TESTNUMBER', birthDate: '1903-03-03' },
    };
    const call = await signInAsRepresentative(app, subject.person.personalId, 'en');
    const created = await call('POST', '/onboarding/applications', {
      source: 'MANUAL',
      company: { businessName: subject.company.businessName, registryCountryCode: 'EE' },
    });
    const application = (created.json() as { application: TestApplication }).application;
    const filled = await fillSteps(call, application, 'CompanyData', subject);

    const swapped = await saveStep(call, filled, 'CompanyData', {
      ...stepsOf(subject).CompanyData,
      businessName: 'Läänemere Energia AS',
      registryCode: REGISTRY_CODES.listedAs,
    });
    expect(swapped.statusCode).toBe(409);
    expect(swapped.json()).toMatchObject({ code: 'COMPANY_MISMATCH' });
    expect(
      swapped
        .json()
        .fields.map((field: { path: string }) => field.path)
        .sort(),
    ).toEqual(['businessName', 'registryCode']);

    let current = filled;
    for (const [step, data] of completeSteps(subject).slice(1)) {
      const response = await saveStep(call, current, step, data);
      expect(response.statusCode, response.body).toBe(200);
      current = response.json() as TestApplication;
    }
    const { outcome } = await signWithIdCard(app, call, current, subject.person.personalId);
    expect(outcome).toMatchObject({ state: 'SIGNED', application: { status: 'SUBMITTED' } });
    const text = await contractText(call, current);
    expect(text).toContain('Minu Idufirma OÜ');
    expect(text).not.toContain('Läänemere');
    expect(text).not.toContain(REGISTRY_CODES.listedAs);
  });

  it("refuses another representative's company in the company step of a register application; the contract names the application's", async () => {
    const call = await signInAsRepresentative(app, OK_TESTNUMBER.person.personalId, 'en');
    const application = await applicationFor(call, OK_TESTNUMBER.company.registryCode);
    const filled = await fillSteps(call, application, 'CompanyData', OK_TESTNUMBER);
    const swapped = await saveStep(call, filled, 'CompanyData', {
      ...stepsOf(OK_TESTNUMBER).CompanyData,
      businessName: 'Lõuna Logistika OÜ',
      registryCode: REGISTRY_CODES.minorityShareholders,
    });
    expect(swapped.statusCode).toBe(409);
    expect(swapped.json().code).toBe('COMPANY_MISMATCH');
    // A registry code with spaces is still the same company.
    const spaced = await saveStep(call, filled, 'CompanyData', { ...stepsOf(OK_TESTNUMBER).CompanyData, registryCode: '1900 0149' });
    expect(spaced.statusCode, spaced.body).toBe(200);

    let current = spaced.json() as TestApplication;
    for (const [step, data] of completeSteps(OK_TESTNUMBER).slice(2)) {
      const response = await saveStep(call, current, step, data);
      expect(response.statusCode, response.body).toBe(200);
      current = response.json() as TestApplication;
    }
    const { outcome } = await signWithIdCard(app, call, current, OK_TESTNUMBER.person.personalId);
    expect(outcome).toMatchObject({ state: 'SIGNED', application: { followUp: 'PAY_SERVICE_FEE' } });
    const text = await contractText(call, current);
    expect(text).toContain('Näidis Tehnoloogia OÜ');
    expect(text).toContain(REGISTRY_CODES.onePersonOu);
    expect(text).not.toContain('Lõuna');
    // Nothing contradicted the register: no differences section, and the submission holds the company.
    expect(text).not.toContain('Äriregister:');
  });
});

describe('the register decides the follow-up; the declaration stands beside it', () => {
  it('sends a procura holder who declared board membership and all the shares to the board by link, and told them why before signing', async () => {
    const call = await signInAsRepresentative(app, PROCURA_HOLDER.person.personalId, 'en');
    const application = await fillSteps(call, await applicationFor(call, PROCURA_HOLDER.company.registryCode), undefined, PROCURA_HOLDER);

    const review = await reviewOf(call, application);
    expect(review.isComplete).toBe(true);
    expect(review.facts.representationBasis).toMatchObject({
      value: 'AUTHORIZED_PERSON',
      source: 'REGISTER',
      declared: 'MANAGEMENT_BOARD_MEMBER',
      queriedAt: expect.any(String),
    });
    expect(review.discrepancies.map((discrepancy) => discrepancy.fact)).toEqual([
      'REPRESENTATION_BASIS',
      'MANAGEMENT_BOARD',
      'SHAREHOLDERS',
      'BENEFICIAL_OWNERS',
    ]);
    const shareholders = review.discrepancies.find((discrepancy) => discrepancy.fact === 'SHAREHOLDERS');
    expect(shareholders).toMatchObject({
      register: [
        { key: 'person:EE:60001019906', sharePercent: 70 },
        { key: 'person:EE:60001018800', sharePercent: 30 },
      ],
      declared: [{ key: 'person:EE:60001018800', sharePercent: 100 }],
    });

    const { outcome } = await signWithIdCard(app, call, application, PROCURA_HOLDER.person.personalId);
    expect(outcome).toMatchObject({ state: 'SIGNED', application: { status: 'SUBMITTED', followUp: 'SIGN_BY_LINK' } });

    // The contract and the mail show the register's facts and the declared ones apart (contact language ET).
    const text = await contractText(call, application);
    expect(text).toContain('isikukood 60001018800 (volitatud isik)');
    expect(text).toContain('Äriregister: volitatud isik');
    expect(text).toContain('Esindaja andmed: juhatuse liige');
    const [mail] = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.processId, application.processId));
    expect(mail?.text).toContain('Äriregister: volitatud isik');
    // Declared values are the applicant's word: the mail shows them quoted.
    expect(mail?.text).toContain('Esindaja andmed: „juhatuse liige“');

    // The record of the submission holds the facts it was decided on, with their sources: the bank's record, whole
    // (the applicant's download keeps only how it was signed).
    const [submission] = await app.database.db
      .select()
      .from(applicationEvents)
      .where(and(eq(applicationEvents.processId, application.processId), eq(applicationEvents.type, 'APPLICATION_SUBMITTED')));
    expect(submission).toMatchObject({
      payload: {
        source: 'EID',
        followUp: 'SIGN_BY_LINK',
        facts: { representationBasis: { value: 'AUTHORIZED_PERSON', source: 'REGISTER', declared: 'MANAGEMENT_BOARD_MEMBER' } },
      },
    });
    expect((submission?.payload.discrepancies as unknown[]).length).toBe(4);

    // The real board member is not locked out by the flagged submission.
    const boardMember = await signInAsRepresentative(app, '60001019906', 'et');
    const theirs = await boardMember('POST', '/onboarding/applications', {
      source: 'REGISTER',
      registryCode: PROCURA_HOLDER.company.registryCode,
      registryCountryCode: 'EE',
    });
    expect(theirs.json()).toMatchObject({ kind: 'APPLICATION', application: { status: 'IN_PROGRESS', company: { businessName: 'Mereranna Disain OÜ' } } });
  });

  it('sends a listed company declared as not listed to a manager', async () => {
    const call = await signInAsRepresentative(app, LISTED.person.personalId, 'en');
    const application = await applicationFor(call, LISTED.company.registryCode);
    const filled = await fillSteps(call, application, 'CompanyData', LISTED);
    const companyData = await saveStep(call, filled, 'CompanyData', { ...stepsOf(LISTED).CompanyData, isListedCompany: false });
    expect(companyData.statusCode, companyData.body).toBe(200);
    let current = companyData.json() as TestApplication;
    for (const [step, data] of completeSteps(LISTED).slice(2)) {
      const response = await saveStep(call, current, step, data);
      expect(response.statusCode, response.body).toBe(200);
      current = response.json() as TestApplication;
    }
    const review = await reviewOf(call, current);
    expect(review.facts.isListedCompany).toMatchObject({ value: true, source: 'REGISTER', declared: false });
    expect(review.discrepancies).toContainEqual({ fact: 'LISTED_COMPANY', register: true, declared: false });
    const { outcome } = await signWithIdCard(app, call, current, LISTED.person.personalId);
    expect(outcome).toMatchObject({ state: 'SIGNED', application: { followUp: 'MANAGER_CONTACT' } });
  });

  it('keeps every register fact with its source through an edit, a reload, the submission and the contract', async () => {
    // 40504040001 also sits on the board of Põhjala Puit AS, which is owned through a chain of companies.
    const ok = await signInAsRepresentative(app, OK_TESTNUMBER.person.personalId, 'en');
    const application = await applicationFor(ok, REGISTRY_CODES.chainAs);
    const chain: ApplicationSubject = {
      company: {
        businessName: 'Põhjala Puit AS',
        registryCode: REGISTRY_CODES.chainAs,
        legalAddress: {
          countryCode: 'EE',
          county: 'Lääne-Viru maakond',
          district: 'Rakvere linn',
          city: 'Rakvere',
          street: 'Tööstuse tn 12',
          postalCode: '44311',
        },
        mainFieldOfActivityCode: '16101',
      },
      person: OK_TESTNUMBER.person,
    };
    const filled = await fillSteps(ok, application, 'CompanyData', chain);
    // An edit that contradicts the register: another legal address.
    const declaredAddress = { countryCode: 'EE', county: 'Harju maakond', city: 'Tallinn', street: 'Pärnu mnt 10', postalCode: '10148' };
    const edited = await saveStep(ok, filled, 'CompanyData', { ...stepsOf(chain).CompanyData, legalAddress: declaredAddress });
    expect(edited.statusCode, edited.body).toBe(200);

    const expectRegisterFacts = (facts: ApplicationFacts) => {
      for (const name of [
        'businessName',
        'registryCode',
        'legalForm',
        'companyStatus',
        'isListedCompany',
        'legalAddress',
        'mainFieldOfActivityCode',
        'representationBasis',
      ] as const) {
        expect(facts[name], name).toMatchObject({ source: 'REGISTER', queriedAt: expect.any(String) });
      }
      expect(facts.representative).toMatchObject({ source: 'EID', value: { personalId: OK_TESTNUMBER.person.personalId } });
      expect(facts.legalAddress).toMatchObject({ value: { street: 'Tööstuse tn 12', city: 'Rakvere' }, declared: { street: 'Pärnu mnt 10' } });
    };
    const afterEdit = await reviewOf(ok, filled);
    expectRegisterFacts(afterEdit.facts);
    // Reload: a new read of the application and its review gives the same.
    expect((await ok('GET', `/onboarding/applications/${filled.processId}`)).json().company).toMatchObject({ legalForm: 'AS', isListedCompany: false });
    expectRegisterFacts((await reviewOf(ok, filled)).facts);
    expect(afterEdit.discrepancies).toContainEqual(expect.objectContaining({ fact: 'LEGAL_ADDRESS' }));

    // Submission: the register's facts decide and stay marked; the contract shows both values apart.
    let current = edited.json() as TestApplication;
    for (const [step, data] of completeSteps(chain).slice(2)) {
      const response = await saveStep(ok, current, step, data);
      expect(response.statusCode, response.body).toBe(200);
      current = response.json() as TestApplication;
    }
    const { outcome } = await signWithIdCard(app, ok, current, OK_TESTNUMBER.person.personalId);
    expect(outcome).toMatchObject({ state: 'SIGNED', application: { followUp: 'MANAGER_CONTACT' } });
    expectRegisterFacts((await reviewOf(ok, current)).facts);
    const text = await contractText(ok, current);
    expect(text).toContain('Juriidiline aadress: Tööstuse tn 12, Rakvere, Lääne-Viru maakond, 44311');
    expect(text).toContain('Äriregister: Tööstuse tn 12');
    expect(text).toContain('Esindaja andmed: Pärnu mnt 10');
    const history = (await ok('GET', `/onboarding/applications/${filled.processId}/history`)).json() as ApplicationHistory;
    const created = history.events.find((event) => event.type === 'APPLICATION_CREATED');
    expect(created).toMatchObject({ source: 'REGISTER', payload: { businessName: 'Põhjala Puit AS', legalForm: 'AS' } });
  });
});

describe('history', () => {
  it("gives each save's JSON Patch, author, time and source as a download, and a foreign id the same 404 as a missing one", async () => {
    const call = await signInAsRepresentative(app, '38001085718', 'en');
    const application = await applicationFor(call, REGISTRY_CODES.testPersonOu);
    const before = Date.now();
    const saved = await saveStep(call, application, 'AccountOpeningReason', { openingReasons: ['DEPOSIT', 'OTHER'], otherReason: 'Palgad' });
    expect(saved.statusCode).toBe(200);
    const again = await saveStep(call, saved.json() as TestApplication, 'AccountOpeningReason', { openingReasons: ['DEPOSIT'] });
    expect(again.statusCode).toBe(200);

    const response = await call('GET', `/onboarding/applications/${application.processId}/history`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="application-${application.processId}-history.json"`);
    const history = response.json() as ApplicationHistory;
    const saves = history.events.filter((event) => event.type === 'STEP_SAVED');
    expect(saves).toHaveLength(2);
    expect(saves[0]).toMatchObject({ actor: 'EE38001085718', source: 'APPLICANT', payload: { step: 'AccountOpeningReason' } });
    expect(saves[0]?.patch).toEqual([{ op: 'add', path: '/AccountOpeningReason', value: { openingReasons: ['DEPOSIT', 'OTHER'], otherReason: 'Palgad' } }]);
    expect(saves[1]?.patch).toEqual(
      expect.arrayContaining([
        { op: 'remove', path: '/AccountOpeningReason/otherReason' },
        { op: 'remove', path: '/AccountOpeningReason/openingReasons/1' },
      ]),
    );
    expect(new Date(saves[0]?.at ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(history.events[0]).toMatchObject({ type: 'APPLICATION_CREATED', actor: 'EE38001085718', source: 'REGISTER' });

    const stranger = await signInAsRepresentative(app, '40504040001', 'en');
    const foreign = await stranger('GET', `/onboarding/applications/${application.processId}/history`);
    const missing = await stranger('GET', `/onboarding/applications/${crypto.randomUUID()}/history`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());

    const openApi = (await app.inject({ method: 'GET', url: '/onboarding/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(openApi.paths['/onboarding/applications/{processId}/history']).toBeDefined();
  });
});
