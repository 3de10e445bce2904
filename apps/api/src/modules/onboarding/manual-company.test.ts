import { APPLICATION_SUBMITTED_EVENT, integrationApplicationSchema, MAX_OPEN_MANUAL_APPLICATIONS } from '@onboarding/domain';
import { OK_TESTNUMBER, type ApplicationSubject } from '@onboarding/domain/test-support';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOutbox, mailOutbox } from '../../db/schema.js';
import { buildTestApp } from '../../test/app.js';
import { fillSteps, type TestApplication } from '../../test/application-steps.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { integrationClients, integrationToken, type TestClient } from '../../test/integration-clients.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import { REGISTRY_CODES } from '../registry/fixture/companies.js';

/**
 * A company typed by hand is only the applicant's word. It must be one the register does not know (a registered
 * one is chosen from the list, or taken up with a manager), its Estonian registry code must be able to exist, and
 * nothing the bank does after the submission may rest on it alone: no invoice, no account opened unseen.
 */

let app: FastifyInstance;
let readToken: string;

beforeAll(async () => {
  const registered = await integrationClients([{ clientId: 'core-banking', scopes: ['applications:read'] }]);
  app = await buildTestApp({ INTEGRATION_CLIENTS_FILE: registered.file, MAIL_SEND_INTERVAL_MS: '600000' });
  await app.ready();
  readToken = await integrationToken(app, registered.clients['core-banking'] as TestClient);
}, 120_000);

afterAll(async () => {
  await app.close();
});

const createManual = (call: Call, company: { businessName: string; registryCode?: string; registryCountryCode: string }) =>
  call('POST', '/onboarding/applications', { source: 'MANUAL', company });

describe('a company typed by hand that the register knows', () => {
  it('is refused by name for someone who does not represent it, whatever country is typed, with the way to a manager', async () => {
    // The attack as it was seen: JAAK-KRISTJAN does not represent Näidis Tehnoloogia OÜ, typed it with its code as Latvian.
    const jaak = await signInAsRepresentative(app, '38001085718');
    const response = await createManual(jaak, { businessName: 'Näidis Tehnoloogia OÜ', registryCode: REGISTRY_CODES.onePersonOu, registryCountryCode: 'LV' });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'COMPANY_IN_REGISTER',
      fields: [
        {
          path: 'company.businessName',
          code: 'companyInRegisterNotRepresented',
          params: { name: 'Näidis Tehnoloogia OÜ', registryCode: REGISTRY_CODES.onePersonOu },
        },
      ],
    });
    // Spelled another way, it is the same name.
    const respelled = await createManual(jaak, { businessName: 'osaühing NAIDIS tehnoloogia', registryCountryCode: 'EE' });
    expect(respelled.json()).toMatchObject({ code: 'COMPANY_IN_REGISTER', fields: [{ code: 'companyInRegisterNotRepresented' }] });
  });

  it('is refused by its Estonian registry code, and sent to the list when the person represents it', async () => {
    const call = await signInAsRepresentative(app, OK_TESTNUMBER.person.personalId);
    const response = await createManual(call, { businessName: 'Minu Firma', registryCode: REGISTRY_CODES.onePersonOu, registryCountryCode: 'EE' });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'COMPANY_IN_REGISTER',
      fields: [
        { path: 'company.registryCode', code: 'companyInRegister', params: { name: 'Näidis Tehnoloogia OÜ', registryCode: REGISTRY_CODES.onePersonOu } },
      ],
    });
  });
});

describe('an Estonian registry code typed by hand', () => {
  it.each([
    ['1234', 'too short'],
    ['19000148', 'a wrong check digit'],
  ])('%s (%s) is "Incorrect registry code" before anything is written', async (registryCode) => {
    const call = await signInAsRepresentative(app, '39001010022');
    const response = await createManual(call, { businessName: 'Koodiga OÜ', registryCode, registryCountryCode: 'EE' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'company.registryCode', code: 'invalidRegistryCode' }] });
  });

  it('with a valid check digit that the register does not know belongs to no company', async () => {
    const call = await signInAsRepresentative(app, '39001010022');
    const response = await createManual(call, { businessName: 'Olematu OÜ', registryCode: '10000640', registryCountryCode: 'EE' });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code: 'COMPANY_IN_REGISTER', fields: [{ path: 'company.registryCode', code: 'registryCodeNotInRegister' }] });
  });
});

describe('applications for companies typed by hand', () => {
  it(`are at most ${String(MAX_OPEN_MANUAL_APPLICATIONS)} in progress per person; one of them is still resumed`, async () => {
    const call = await signInAsRepresentative(app, '39001010033');
    const codes = Array.from({ length: MAX_OPEN_MANUAL_APPLICATIONS }, (_, index) => `FI-${String(index)}`);
    const created = [];
    for (const code of codes) {
      const response = await createManual(call, { businessName: `Suomi ${code} Oy`, registryCode: code.replace('-', ''), registryCountryCode: 'FI' });
      expect(response.statusCode, response.body).toBe(200);
      created.push((response.json() as { application: TestApplication }).application.processId);
    }
    const over = await createManual(call, { businessName: 'Viimane Oy', registryCode: 'FI9', registryCountryCode: 'FI' });
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json()).toMatchObject({ code: 'MANUAL_APPLICATION_LIMIT' });
    const codeless = await createManual(call, { businessName: 'Asutamisel OÜ', registryCountryCode: 'EE' });
    expect(codeless.json()).toMatchObject({ code: 'MANUAL_APPLICATION_LIMIT' });

    const resumed = await createManual(call, { businessName: 'Suomi FI-0 Oy', registryCode: 'FI0', registryCountryCode: 'FI' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect((resumed.json() as { application: TestApplication }).application.processId).toBe(created[0]);
  });
});

describe('a submitted application for a company typed by hand', () => {
  const subject: ApplicationSubject = { ...OK_TESTNUMBER, company: { ...OK_TESTNUMBER.company, businessName: 'Asutatav Idee OÜ', registryCode: '' } };
  let processId: string;

  beforeAll(async () => {
    const call = await signInAsRepresentative(app, subject.person.personalId);
    const started = await createManual(call, { businessName: subject.company.businessName, registryCountryCode: 'EE' });
    expect(started.statusCode, started.body).toBe(200);
    const application = await fillSteps(call, (started.json() as { application: TestApplication }).application, undefined, subject);
    const { outcome } = await signWithIdCard(app, call, application, subject.person.personalId);
    expect(outcome?.application?.status).toBe('SUBMITTED');
    processId = application.processId;
  }, 120_000);

  it('goes to a manager: no service fee invoice, the board declared by the applicant is not trusted', async () => {
    const [event] = await app.database.db
      .select()
      .from(eventOutbox)
      .where(and(eq(eventOutbox.processId, processId), eq(eventOutbox.type, APPLICATION_SUBMITTED_EVENT)));
    const data = (event?.event as { data: Record<string, unknown> } | undefined)?.data;
    expect(data).toMatchObject({
      followUp: 'MANAGER_CONTACT',
      company: { name: 'Asutatav Idee OÜ', registryCode: null, isVerified: false },
      unverifiedFacts: ['COMPANY', 'REPRESENTATION_BASIS', 'LISTED_COMPANY', 'SHAREHOLDERS', 'BENEFICIAL_OWNERS'],
    });
    const mails = await app.database.db.select({ template: mailOutbox.template }).from(mailOutbox).where(eq(mailOutbox.processId, processId));
    expect(mails.map((mail) => mail.template)).not.toContain('SERVICE_FEE_INVOICE');
  });

  it('is marked unverified in the integration API, in the list and whole', async () => {
    const whole = await app.inject({ method: 'GET', url: `/integration/v1/applications/${processId}`, headers: { authorization: `Bearer ${readToken}` } });
    expect(whole.statusCode, whole.body).toBe(200);
    const application = integrationApplicationSchema.parse(whole.json());
    expect(application.company.isVerified).toBe(false);
    expect(application.followUp).toBe('MANAGER_CONTACT');
    expect(application.unverifiedFacts).toEqual(['COMPANY', 'REPRESENTATION_BASIS', 'LISTED_COMPANY', 'SHAREHOLDERS', 'BENEFICIAL_OWNERS']);

    const list = await app.inject({ method: 'GET', url: '/integration/v1/applications?limit=200', headers: { authorization: `Bearer ${readToken}` } });
    const listed = (list.json() as { items: { processId: string; company: { isVerified: boolean } }[] }).items.find((item) => item.processId === processId);
    expect(listed?.company.isVerified).toBe(false);
  });
});
