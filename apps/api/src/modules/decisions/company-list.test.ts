import { OK_TESTNUMBER, completeSteps } from '@onboarding/domain/test-support';
import { representativeCompaniesSchema, type Decision, type RepresentativeCompany } from '@onboarding/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, bankCustomers } from '../../db/schema.js';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, saveStep, type TestApplication } from '../../test/application-steps.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import { REGISTRY_CODES } from '../registry/fixture/companies.js';

/**
 * The company list after the bank's decisions: each of the person's own applications with where it stands now and
 * the way to its status page, and a company whose application the bank approved as one with an account, for every
 * representative of it.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ MAIL_SEND_INTERVAL_MS: '600000' });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

/** The fixture's person with a submitted application (Kesklinna Kohvik OÜ) who sits on Tamme Aiandus OÜ's board too. */
const SUBMITTED_PERSON = '39901012239';

const companyOf = async (call: Call, registryCode: string): Promise<RepresentativeCompany | undefined> => {
  const response = await call('GET', '/onboarding/representative/companies');
  expect(response.statusCode, response.body).toBe(200);
  return representativeCompaniesSchema.parse(response.json()).companies.find((company) => company.registryCode === registryCode);
};

const versionOf = async (processId: string): Promise<number> => {
  const [row] = await app.database.db.select({ version: applications.version }).from(applications).where(eq(applications.processId, processId));
  return row!.version;
};

const decide = async (processId: string, decision: Decision) =>
  app.decisions.recordDecision({ processId, applicationVersion: await versionOf(processId), decision, clientId: 'core-banking' });

/** As after an approval recorded before approvals put the company on the bank's list of customers. */
const offTheCustomerList = (registryCode: string) => app.database.db.delete(bankCustomers).where(eq(bankCustomers.registryCode, registryCode));

describe('the person’s own submitted application', () => {
  let call: Call;
  let processId: string;

  beforeAll(async () => {
    call = await signInAsRepresentative(app, SUBMITTED_PERSON);
  });

  it('is named with its status, without a contract signed here too: its status page is reachable from the list', async () => {
    const company = await companyOf(call, REGISTRY_CODES.submittedApplication);
    expect(company).toMatchObject({ entry: 'BLOCKED', outcome: 'ALREADY_SUBMITTED', applicationStatus: 'SUBMITTED', hasSignedContract: false });
    processId = company?.processId ?? '';
    expect(processId).not.toBe('');
    expect((await call('GET', `/onboarding/applications/${processId}/timeline`)).statusCode).toBe(200);
  });

  it('once approved, is the company’s account with the way to the approval, also while the bank’s list lags', async () => {
    await decide(processId, { type: 'APPROVED', accountNumber: 'EE382200221020145685' });
    const expected = { entry: 'EXISTING_ACCOUNT', processId, applicationStatus: 'APPROVED' };
    expect(await companyOf(call, REGISTRY_CODES.submittedApplication)).toMatchObject(expected);
    await offTheCustomerList(REGISTRY_CODES.submittedApplication);
    expect(await companyOf(call, REGISTRY_CODES.submittedApplication)).toMatchObject(expected);
  });
});

describe('another representative’s approved application', () => {
  it('shows the company as one with an account, naming nothing of the other person’s application', async () => {
    // Tamme Aiandus OÜ: the fixture's application by the other board member, submitted and approved.
    const [row] = await app.database.db
      .update(applications)
      .set({ status: 'SUBMITTED', currentStep: 'ApplicationSubmitted', submittedAt: new Date() })
      .where(eq(applications.companyRegistryCode, REGISTRY_CODES.otherRepresentative))
      .returning({ processId: applications.processId });
    await decide(row!.processId, { type: 'APPROVED', accountNumber: 'EE382200221020145685' });
    await offTheCustomerList(REGISTRY_CODES.otherRepresentative);

    const company = await companyOf(await signInAsRepresentative(app, SUBMITTED_PERSON), REGISTRY_CODES.otherRepresentative);
    expect(company).toMatchObject({ entry: 'EXISTING_ACCOUNT' });
    expect(company?.processId).toBeUndefined();
    expect(company?.applicationStatus).toBeUndefined();
  });
});

describe('an application the bank asks more information about', () => {
  let call: Call;
  let processId: string;

  beforeAll(async () => {
    call = await signInAsRepresentative(app, OK_TESTNUMBER.person.personalId);
    let application: TestApplication = await applicationFor(call, OK_TESTNUMBER.company.registryCode);
    for (const [step, data] of completeSteps(OK_TESTNUMBER)) {
      const response = await saveStep(call, application, step, data);
      expect(response.statusCode, response.body).toBe(200);
      application = response.json() as TestApplication;
    }
    const { outcome } = await signWithIdCard(app, call, application, OK_TESTNUMBER.person.personalId);
    expect(outcome?.state).toBe('SIGNED');
    processId = application.processId;
  }, 120_000);

  it('is the one to continue, named as the bank’s request with the steps it reopened in step order', async () => {
    await decide(processId, { type: 'MORE_INFORMATION_NEEDED', steps: ['RelatedPersons', 'Incomes'], message: 'Palun lisa <b>tulude</b> kirjeldus.' });
    expect(await companyOf(call, OK_TESTNUMBER.company.registryCode)).toMatchObject({
      entry: 'PENDING_APPLICATION',
      processId,
      applicationStatus: 'MORE_INFORMATION_NEEDED',
      reopenedSteps: ['Incomes', 'RelatedPersons'],
    });
  });

  it('once declined, is blocked with its status and its signed contract', async () => {
    await decide(processId, { type: 'DECLINED' });
    const company = await companyOf(call, OK_TESTNUMBER.company.registryCode);
    expect(company).toMatchObject({ entry: 'BLOCKED', processId, applicationStatus: 'DECLINED', hasSignedContract: true });
    expect(company?.reopenedSteps).toBeUndefined();
  });
});
