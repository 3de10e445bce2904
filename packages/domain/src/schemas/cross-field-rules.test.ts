import { describe, expect, it } from 'vitest';
import { parseWithIssues, type FieldIssue } from '../validation/zod-issues.js';
import { companyDataSchema } from './company-data.js';
import { incomesSchema } from './incomes.js';
import { openingReasonsSchema } from './opening-reasons.js';
import { applicationOverviewSchema } from './overview.js';
import { legalEntitySchema, privatePersonSchema } from './related-persons.js';

/** The code of the first issue at each path, as a form shows them. */
function codesOf(schema: Parameters<typeof parseWithIssues>[0], input: unknown): Record<string, FieldIssue['code']> {
  const result = parseWithIssues(schema, input);
  if (result.success) return {};
  const codes: Record<string, FieldIssue['code']> = {};
  for (const issue of result.issues) codes[issue.path] ??= issue.code;
  return codes;
}

// A cross-field rule is told while other fields are still empty, so the browser needs no copy of it.
describe('cross-field rules on partial input', () => {
  it('company data: registry code, the OTHER basis, the contact address, the licence and repeated markets', () => {
    const codes = codesOf(companyDataSchema, {
      registryCode: '12a4',
      representationBasis: 'OTHER',
      isContactAddressSameAsRegistrationAddress: false,
      hasLicense: true,
      targetMarketCountryCodes: ['EE', 'FI', 'EE'],
      partners: [{ cooperationType: 'OTHER' }],
      additionalFieldOfActivityCodes: ['62021', '70221', '62021'],
    });
    expect(codes).toMatchObject({
      businessName: 'required',
      registryCode: 'onlyNumbers',
      representationBasisOther: 'required',
      contactAddress: 'required',
      license: 'required',
      'targetMarketCountryCodes.2': 'countryAlreadyAdded',
      'additionalFieldOfActivityCodes.2': 'notUnique',
      'partners.0.businessName': 'required',
      'partners.0.cooperationTypeOther': 'required',
    });
  });

  it('a rule waits until the fields it reads are valid', () => {
    const codes = codesOf(companyDataSchema, { representationBasis: 'SOMETHING', registryCode: '12345678', registryCountryCode: 'E1' });
    expect(codes.representationBasis).toBe('required');
    expect(codes.representationBasisOther).toBeUndefined();
    expect(codes.registryCountryCode).toBe('invalidCountryCode');
    expect(codes.registryCode).toBeUndefined();
  });

  it('a private person: personal ID, repeated tax residence, benefit and political exposure', () => {
    const codes = codesOf(privatePersonSchema, {
      id: 'p',
      type: 'PRIVATE_PERSON',
      roles: [],
      personalId: '38001085719',
      taxResidences: [
        { countryCode: 'EE', tin: '' },
        { countryCode: 'EE', tin: '1' },
      ],
      isBeneficialOwner: true,
      isPep: true,
    });
    expect(codes).toMatchObject({
      firstName: 'required',
      personalId: 'invalidPersonalId',
      'taxResidences.0.tin': 'required',
      'taxResidences.1': 'countryAlreadyAdded',
      benefitType: 'required',
      pep: 'required',
    });
    expect(codesOf(privatePersonSchema, { benefitType: 'OTHER' })).toMatchObject({ benefitTypeOther: 'required' });
    expect(codesOf(privatePersonSchema, { benefitType: 'SHARE_OWNERSHIP' })).toMatchObject({ beneficiarySharePercent: 'required' });
  });

  it('a legal entity: registry code by country', () => {
    expect(codesOf(legalEntitySchema, { registryCode: 'abc' })).toMatchObject({ businessName: 'required', registryCode: 'onlyNumbers' });
    expect(codesOf(legalEntitySchema, { registryCode: 'abc', registryCountryCode: 'DE' }).registryCode).toBeUndefined();
  });

  it('overview: the OTHER connection, the GIIN and the tax status type', () => {
    const codes = codesOf(applicationOverviewSchema, {
      connectionToEstonia: ['OTHER'],
      isFinancialInstitution: true,
      taxStatusEntityType: 'PASSIVE_NFE',
    });
    expect(codes).toMatchObject({
      identificationLocation: 'required',
      connectionToEstoniaOther: 'required',
      giin: 'required',
      taxStatusEntityType: 'incorrectValue',
    });
  });

  it('incomes: no income source, and neither band nor amount', () => {
    expect(codesOf(incomesSchema, { estimatedMonthlyIncome: {}, incomeSources: [] })).toMatchObject({
      'estimatedMonthlyIncome.band': 'required',
      estimatedMonthlyPayments: 'required',
      incomeSources: 'receivedPaymentsNotMarked',
    });
  });

  it('opening reasons: OTHER without its text', () => {
    expect(codesOf(openingReasonsSchema, { openingReasons: ['OTHER'], otherReason: 7 })).toMatchObject({ otherReason: 'incorrectValue' });
    expect(codesOf(openingReasonsSchema, { openingReasons: ['DEPOSIT', 'OTHER'] })).toEqual({ otherReason: 'required' });
  });
});
