import { companyDataSchema, parseWithIssues } from '@onboarding/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import { REGISTRY_CODES } from '../registry/fixture/companies.js';

// The test person and their company in the register fixture (modules/registry/README.md).
const TEST_PERSON = '38001085718';

let app: FastifyInstance;
let call: Call;
let processId: string;

const currentVersion = async (): Promise<number> => (await call('GET', `/onboarding/applications/${processId}`)).json().version;

const saveCompanyData = async (data: unknown) =>
  call('PUT', `/onboarding/applications/${processId}/steps/CompanyData`, { version: await currentVersion(), data });

const validCompanyData = {
  businessName: 'Jõeorg Konsultatsioonid OÜ',
  registryCode: REGISTRY_CODES.testPersonOu,
  registryCountryCode: 'EE',
  representationBasis: 'MANAGEMENT_BOARD_MEMBER',
  businessEmail: 'info@konsultatsioon.ee',
  businessPhone: '+372 5123 4567',
  contactLanguage: 'ET',
  emtakVersion: 'EMTAK 2008',
  mainFieldOfActivityCode: '70221',
  additionalFieldOfActivityCodes: ['62021'],
  fieldOfActivityDescription: 'Juhtimisalane nõustamine',
  numberOfEmployees: 3,
  targetMarketCountryCodes: ['EE', 'FI'],
  legalAddress: { countryCode: 'EE', county: 'Harju maakond', district: 'Tallinn', city: 'Mustamäe linnaosa', street: 'Akadeemia tee 21', postalCode: '12618' },
  isContactAddressSameAsRegistrationAddress: true,
  hasLicense: false,
  partners: [{ businessName: 'Suomi Oy', countryCode: 'FI', cooperationType: 'SUPPLIER' }],
  isListedCompany: false,
  hasAccountInOtherCreditInstitution: false,
  hasAccountClosedInLastSixMonths: false,
};

/** The invalid bodies of docs/requirements.md section 5 the company form refuses in the browser. */
const invalidBodies: [string, unknown][] = [
  ['a bad e-mail', { ...validCompanyData, businessEmail: 'info@firma' }],
  ['a phone of 6 digits', { ...validCompanyData, businessPhone: '123456' }],
  ['a registry code of 9 digits', { ...validCompanyData, registryCode: '123456789' }],
  ['a target market country added twice', { ...validCompanyData, targetMarketCountryCodes: ['FI', 'EE', 'FI'] }],
  ['OTHER representation without its text', { ...validCompanyData, representationBasis: 'OTHER' }],
  ['a licence without its number', { ...validCompanyData, hasLicense: true, license: { number: '', issuer: 'Finantsinspektsioon', issueDate: '2020-05-17' } }],
  ['a licence declared but missing', { ...validCompanyData, hasLicense: true }],
  ['a contact address that is not the legal one, missing', { ...validCompanyData, isContactAddressSameAsRegistrationAddress: false }],
  [
    'a partner with a bad country and OTHER without text',
    { ...validCompanyData, partners: [validCompanyData.partners[0], { businessName: 'X', countryCode: 'fin', cooperationType: 'OTHER' }] },
  ],
  [
    'an incomplete legal address and too many employees',
    { ...validCompanyData, legalAddress: { countryCode: 'EE', city: '', street: 'Pikk 1', postalCode: '10123' }, numberOfEmployees: 2_000_000 },
  ],
  ['nothing at all', {}],
];

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  call = await signInAsRepresentative(app, TEST_PERSON, 'et');
  const created = await call('POST', '/onboarding/applications', { source: 'REGISTER', registryCode: REGISTRY_CODES.testPersonOu, registryCountryCode: 'EE' });
  expect(created.statusCode).toBe(200);
  processId = created.json().application.processId;
  const reasons = await call('PUT', `/onboarding/applications/${processId}/steps/AccountOpeningReason`, {
    version: created.json().application.version,
    data: { openingReasons: ['DEPOSIT'] },
  });
  expect(reasons.json()).toMatchObject({ currentStep: 'CompanyData' });
});

afterAll(async () => {
  await app.close();
});

describe('PUT steps/CompanyData refuses what the company form refuses', () => {
  it.each(invalidBodies)('%s: 400 with the paths and codes of companyDataSchema', async (_case, body) => {
    const expected = parseWithIssues(companyDataSchema, body);
    expect(expected.success).toBe(false);
    const response = await saveCompanyData(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    const fields = response.json().fields as { path: string; code: string; params: Record<string, unknown> }[];
    expect(fields.map(({ path, code }) => ({ path, code }))).toEqual(expected.success ? [] : expected.issues.map(({ path, code }) => ({ path, code })));
    // Nothing moved on.
    expect((await call('GET', `/onboarding/applications/${processId}`)).json().currentStep).toBe('CompanyData');
  });

  it('names the section 5 codes for the boundaries', async () => {
    const codesOf = async (body: unknown) =>
      Object.fromEntries(((await saveCompanyData(body)).json().fields as { path: string; code: string }[]).map((field) => [field.path, field.code]));
    expect(await codesOf(invalidBodies[0]?.[1])).toEqual({ businessEmail: 'invalidEmail' });
    expect(await codesOf(invalidBodies[1]?.[1])).toEqual({ businessPhone: 'invalidPhone' });
    // Seven digits is the shortest phone accepted (saving it would advance the application, so only the schema is asked).
    expect(parseWithIssues(companyDataSchema, { ...validCompanyData, businessPhone: '1234567' }).success).toBe(true);
    expect(await codesOf(invalidBodies[2]?.[1])).toEqual({ registryCode: 'maxLength' });
    expect(await codesOf(invalidBodies[3]?.[1])).toEqual({ 'targetMarketCountryCodes.2': 'countryAlreadyAdded' });
    expect(await codesOf(invalidBodies[4]?.[1])).toEqual({ representationBasisOther: 'required' });
    expect(await codesOf(invalidBodies[5]?.[1])).toEqual({ 'license.number': 'required' });
  });

  it('a valid body is saved and the application advances to Incomes', async () => {
    expect(parseWithIssues(companyDataSchema, validCompanyData).success).toBe(true);
    const response = await saveCompanyData(validCompanyData);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      currentStep: 'Incomes',
      steps: { CompanyData: { businessName: validCompanyData.businessName, numberOfEmployees: 3 } },
    });
  });
});
