import { incomesSchema, openingReasonsSchema, parseWithIssues } from '@onboarding/domain';
import { completeCompanyData, completeIncomes } from '@onboarding/domain/test-support';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';

/**
 * The server refuses what the browser refuses, with the same paths and codes
 * (docs/requirements.md section 5). A second POST for the same company answers
 * its pending application, so the tests share one application that moves
 * forward.
 */

const TEST_PERSON = '38001085718';
const COMPANY = '19013347';

let app: FastifyInstance;
let call: Call;

type Application = { processId: string; version: number; currentStep: string };

async function newApplication(): Promise<Application> {
  const response = await call('POST', '/onboarding/applications', { source: 'REGISTER', registryCode: COMPANY, registryCountryCode: 'EE' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { application: Application }).application;
}

async function putStep(application: Application, step: string, data: unknown) {
  return call('PUT', `/onboarding/applications/${application.processId}/steps/${step}`, { version: application.version, data });
}

const expectedIssues = (schema: z.ZodType, input: unknown) => {
  const result = parseWithIssues(schema, input);
  return result.success ? [] : result.issues;
};

const companyData = completeCompanyData();
const validIncomes = completeIncomes();

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  call = await signInAsRepresentative(app, TEST_PERSON, 'en');
});

afterAll(async () => {
  await app.close();
});

describe('PUT steps/AccountOpeningReason', () => {
  it.each([
    ['no reason and no text', { openingReasons: [] }],
    ['only blank other text', { openingReasons: [], otherReason: '   ' }],
    ['OTHER without its text', { openingReasons: ['OTHER'] }],
    ['an unknown reason', { openingReasons: ['SAVINGS'] }],
    ['a too long other text', { openingReasons: ['OTHER'], otherReason: 'x'.repeat(2001) }],
    ['a missing list', {}],
  ])('%s: 400 with the domain schema’s paths and codes', async (_name, data) => {
    const application = await newApplication();
    const response = await putStep(application, 'AccountOpeningReason', data);
    expect(response.statusCode).toBe(400);
    const issues = expectedIssues(openingReasonsSchema, data);
    expect(issues.length).toBeGreaterThan(0);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: issues });
    const reread = (await call('GET', `/onboarding/applications/${application.processId}`)).json();
    expect(reread).toMatchObject({ currentStep: application.currentStep, version: application.version });
  });

  it.each([
    ['one reason', { openingReasons: ['CREDIT_PRODUCT'] }],
    ['OTHER with its text', { openingReasons: ['DOMESTICSETTLEMENTS', 'OTHER'], otherReason: 'Palgamaksed' }],
  ])('%s: saved, and the step advances to CompanyData', async (_name, data) => {
    const application = await newApplication();
    const response = await putStep(application, 'AccountOpeningReason', data);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ currentStep: 'CompanyData', version: application.version + 1, steps: { AccountOpeningReason: data } });
  });
});

describe('PUT steps/Incomes', () => {
  /** An application at the Incomes step (the company's pending one, so it may be further on after an earlier test). */
  async function atIncomes(): Promise<Application> {
    let application = await newApplication();
    const reasons = await putStep(application, 'AccountOpeningReason', { openingReasons: ['DEPOSIT'] });
    expect(reasons.statusCode).toBe(200);
    application = reasons.json();
    const company = await putStep(application, 'CompanyData', companyData);
    expect(company.statusCode, company.body).toBe(200);
    application = company.json();
    expect(['Incomes', 'RelatedPersons']).toContain(application.currentStep);
    return application;
  }

  it.each([
    ['custom amount 0', { estimatedMonthlyIncome: { customAmount: 0 } }],
    ['negative custom amount', { estimatedMonthlyIncome: { customAmount: -5 } }],
    ['decimal custom amount', { estimatedMonthlyPayments: { customAmount: 1200.5 } }],
    ['huge custom amount', { estimatedMonthlyPayments: { customAmount: 99_999_999_999 } }],
    ['unsafe integer custom amount', { estimatedMonthlyPayments: { customAmount: 2 ** 60 } }],
    ['a band and a custom amount', { estimatedMonthlyIncome: { band: 15000, customAmount: 600_000 } }],
    ['a custom amount a band already covers', { estimatedMonthlyIncome: { customAmount: 500_000 } }],
    ['no band and no amount', { estimatedMonthlyIncome: {} }],
    ['an unknown band', { estimatedMonthlyIncome: { band: 20000 } }],
    ['an unknown cash band', { monthlyCashDeposit: 10000 }],
    ['a missing cash withdrawal', { monthlyCashWithdrawal: undefined }],
    ['an amount as text', { estimatedMonthlyIncome: { customAmount: '15000' } }],
    ['no income source', { incomeSources: [] }],
    ['an unknown income source', { incomeSources: ['LOTTERY'] }],
  ])('%s: 400 with the domain schema’s paths and codes', async (_name, change) => {
    const application = await atIncomes();
    const data = { ...validIncomes, ...change };
    const response = await putStep(application, 'Incomes', data);
    expect(response.statusCode).toBe(400);
    const issues = expectedIssues(incomesSchema, JSON.parse(JSON.stringify(data)));
    expect(issues.length).toBeGreaterThan(0);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: issues });
  });

  it('gives the codes the screen shows for the section 5 boundaries', async () => {
    const application = await atIncomes();
    const codeOf = async (change: object) => {
      const body = (await putStep(application, 'Incomes', { ...validIncomes, ...change })).json() as { fields: { path: string; code: string }[] };
      return body.fields.map((field) => [field.path, field.code]);
    };
    expect(await codeOf({ estimatedMonthlyIncome: { customAmount: 0 } })).toEqual([['estimatedMonthlyIncome.customAmount', 'amountMustBePositive']]);
    expect(await codeOf({ estimatedMonthlyIncome: { customAmount: -1 } })).toEqual([['estimatedMonthlyIncome.customAmount', 'amountMustBePositive']]);
    expect(await codeOf({ estimatedMonthlyIncome: { customAmount: 1.5 } })).toEqual([['estimatedMonthlyIncome.customAmount', 'invalidAmount']]);
    expect(await codeOf({ estimatedMonthlyIncome: { customAmount: 99_999_999_999 } })).toEqual([['estimatedMonthlyIncome.customAmount', 'invalidAmount']]);
    expect(await codeOf({ estimatedMonthlyIncome: { customAmount: 500_000 } })).toEqual([['estimatedMonthlyIncome.customAmount', 'minAmount']]);
    expect(await codeOf({ estimatedMonthlyIncome: { band: 20000 } })).toEqual([['estimatedMonthlyIncome.band', 'required']]);
    expect(await codeOf({ incomeSources: [] })).toEqual([['incomeSources', 'receivedPaymentsNotMarked']]);
  });

  it.each([
    ['bands and a custom amount', validIncomes],
    [
      'the top bands',
      { ...validIncomes, estimatedMonthlyIncome: { band: 500001 }, estimatedMonthlyPayments: { customAmount: 999_999_999 }, monthlyCashDeposit: 15001 },
    ],
  ])('%s: saved, and the step advances to RelatedPersons', async (_name, data) => {
    const application = await atIncomes();
    const response = await putStep(application, 'Incomes', data);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ currentStep: 'RelatedPersons', version: application.version + 1, steps: { Incomes: data } });
  });
});
