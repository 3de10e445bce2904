import { describe, expect, it } from 'vitest';
import { parseWithIssues } from '../validation/zod-issues.js';
import { addressSchema } from './address.js';
import { STEP_SCHEMAS } from './application.js';
import { companyDataSchema, type CompanyDataInput } from './company-data.js';
import { incomeBandOf, incomesSchema } from './incomes.js';
import { openingReasonsSchema } from './opening-reasons.js';
import { applicationOverviewSchema } from './overview.js';
import { createRelatedPersonsSchema, relatedPersonsSchema } from './related-persons-step.js';
import { relatedPersonSchema } from './related-persons.js';
import { completeOverview } from '../test-support/complete-application.js';
import { LIST_MAX_ITEMS } from '../constants.js';
import { relatedPersonsDraftSchema } from '../drafts/related-persons-draft.js';

const address = { countryCode: 'EE', county: 'Harju maakond', city: 'Tallinn', street: 'Narva mnt 1', postalCode: '10117' };

const companyData = (): CompanyDataInput => ({
  businessName: 'Näidis OÜ',
  registryCode: '12345678',
  registryCountryCode: 'EE',
  representationBasis: 'MANAGEMENT_BOARD_MEMBER',
  businessEmail: 'info@naidis.ee',
  businessPhone: '+372 5123 4567',
  contactLanguage: 'ET',
  emtakVersion: 'EMTAK 2008',
  mainFieldOfActivityCode: '62011',
  additionalFieldOfActivityCodes: ['62021'],
  fieldOfActivityDescription: 'Tarkvaraarendus',
  numberOfEmployees: 5,
  targetMarketCountryCodes: ['EE', 'FI'],
  legalAddress: address,
  isContactAddressSameAsRegistrationAddress: true,
  hasLicense: false,
  partners: [{ businessName: 'Partner AS', countryCode: 'FI', cooperationType: 'BUYER' }],
  isListedCompany: false,
  hasAccountInOtherCreditInstitution: true,
  hasAccountClosedInLastSixMonths: false,
});

const privatePerson = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  type: 'PRIVATE_PERSON',
  roles: ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER', 'SHAREHOLDER', 'BENEFICIARY'],
  firstName: 'Mary Änn',
  lastName: 'O’Connež-Šuslik',
  personalId: '60001019906',
  personalIdCountryCode: 'EE',
  birthDate: '2000-01-01',
  birthCountryCode: 'EE',
  nationalityCountryCode: 'EE',
  residentialAddress: address,
  residentialCountryCode: 'EE',
  residency: 'RESIDENT',
  isEResident: false,
  livesAndWorksMostlyInEstonia: true,
  taxResidences: [{ countryCode: 'EE', tin: '60001019906' }],
  isBeneficialOwner: true,
  beneficiarySharePercent: 100,
  benefitType: 'SHARE_OWNERSHIP',
  isPep: false,
  ...fields,
});

const overview = completeOverview;

const issuesOf = (result: ReturnType<typeof parseWithIssues>) => (result.success ? [] : result.issues);

describe('opening reasons (docs/requirements.md section 3 and 5)', () => {
  it.each([
    [{ openingReasons: ['CREDIT_PRODUCT'] }, []],
    [{ openingReasons: ['DOMESTICSETTLEMENTS', 'CROSSBORDERSETTLEMENTS', 'DEPOSIT'] }, []],
    [{ openingReasons: [], otherReason: 'Palgamaksed' }, []],
    [{ openingReasons: ['OTHER'], otherReason: 'Palgamaksed' }, []],
    [{ openingReasons: [] }, [{ path: 'openingReasons', code: 'openingReasonRequired', params: {} }]],
    [{ openingReasons: [], otherReason: '   ' }, [{ path: 'openingReasons', code: 'openingReasonRequired', params: {} }]],
    [
      { openingReasons: ['OTHER'] },
      [
        { path: 'openingReasons', code: 'openingReasonRequired', params: {} },
        { path: 'otherReason', code: 'required', params: {} },
      ],
    ],
    [{ openingReasons: ['SAVINGS'] }, [{ path: 'openingReasons.0', code: 'required', params: {} }]],
    [{}, [{ path: 'openingReasons', code: 'required', params: {} }]],
  ])('%j gives %j', (input, issues) => {
    expect(issuesOf(parseWithIssues(openingReasonsSchema, input))).toEqual(issues);
  });
});

describe('company data (docs/requirements.md section 3)', () => {
  it('accepts a complete company and defaults the registry country to EE', () => {
    const { registryCountryCode: _, ...withoutCountry } = companyData();
    const result = companyDataSchema.parse(withoutCountry);
    expect(result.registryCountryCode).toBe('EE');
  });

  it('accepts a company without a registry code', () => {
    expect(parseWithIssues(companyDataSchema, { ...companyData(), registryCode: '' }).success).toBe(true);
    const { registryCode: _, ...withoutCode } = companyData();
    expect(parseWithIssues(companyDataSchema, withoutCode).success).toBe(true);
  });

  it.each([
    [{ registryCode: '123456789' }, 'registryCode', 'maxLength'],
    [{ registryCode: '1234567A' }, 'registryCode', 'onlyNumbers'],
    [{ registryCode: '1234 5678' }, null, null],
    [{ registryCode: '1234 5679' }, 'registryCode', 'invalidRegistryCode'],
    [{ registryCode: '1234' }, 'registryCode', 'invalidRegistryCode'],
    [{ registryCode: 'HRB 12345', registryCountryCode: 'DE' }, null, null],
    [{ registryCode: 'HRB&12345', registryCountryCode: 'DE' }, 'registryCode', 'onlyLatinLetters'],
    [{ businessEmail: 'info@n.ee' }, 'businessEmail', 'invalidEmail'],
    [{ businessPhone: '123456' }, 'businessPhone', 'invalidPhone'],
    [{ businessName: '' }, 'businessName', 'required'],
    [{ businessName: 'x'.repeat(251) }, 'businessName', 'maxLength'],
    [{ representationBasis: 'OTHER' }, 'representationBasisOther', 'required'],
    [{ representationBasis: 'OTHER', representationBasisOther: 'Volikiri' }, null, null],
    [{ contactLanguage: 'DE' }, 'contactLanguage', 'required'],
    [{ isContactAddressSameAsRegistrationAddress: false }, 'contactAddress', 'required'],
    [{ isContactAddressSameAsRegistrationAddress: false, contactAddress: address }, null, null],
    [{ hasLicense: true }, 'license', 'required'],
    [{ hasLicense: true, license: { number: 'L-1', issuer: 'FI', issueDate: '2020-02-30' } }, 'license.issueDate', 'invalidDate'],
    [{ hasLicense: true, license: { number: 'L-1', issuer: 'FI', issueDate: '2020-02-29' } }, null, null],
    [{ targetMarketCountryCodes: ['EE', 'FI', 'EE'] }, 'targetMarketCountryCodes.2', 'countryAlreadyAdded'],
    [{ targetMarketCountryCodes: [] }, 'targetMarketCountryCodes', 'required'],
    [{ targetMarketCountryCodes: ['est'] }, 'targetMarketCountryCodes.0', 'invalidCountryCode'],
    [{ numberOfEmployees: 2.5 }, 'numberOfEmployees', 'incorrectValue'],
    [{ numberOfEmployees: -1 }, 'numberOfEmployees', 'minValueInclusive'],
    [{ numberOfEmployees: 0 }, null, null],
    [{ partners: [{ businessName: 'P', countryCode: 'FI', cooperationType: 'OTHER' }] }, 'partners.0.cooperationTypeOther', 'required'],
    [{ hasAccountClosedInLastSixMonths: undefined }, 'hasAccountClosedInLastSixMonths', 'required'],
    [{ isListedCompany: 'yes' }, 'isListedCompany', 'incorrectValue'],
    [{ legalAddress: undefined }, 'legalAddress', 'required'],
    // The places list names the main settlements only (apps/api/src/modules/reference/README.md): any other is typed.
    [{ legalAddress: { ...address, county: 'Harju maakond', district: 'Anija vald', city: 'Kõrvemaa küla' } }, null, null],
    [{ legalAddress: 'Narva mnt 1' }, 'legalAddress', 'incorrectValue'],
  ])('%j: %s %s', (change, path, code) => {
    const issues = issuesOf(parseWithIssues(companyDataSchema, { ...companyData(), ...change }));
    expect(issues.map((issue) => [issue.path, issue.code])).toEqual(path === null ? [] : [[path, code]]);
  });

  it('names the maximum in a max-length issue', () => {
    const issues = issuesOf(parseWithIssues(companyDataSchema, { ...companyData(), businessName: 'x'.repeat(251) }));
    expect(issues).toEqual([{ path: 'businessName', code: 'maxLength', params: { max: 250 } }]);
  });

  it('reports an incomplete address part as required', () => {
    expect(issuesOf(parseWithIssues(addressSchema, { ...address, street: ' ' }))).toEqual([{ path: 'street', code: 'required', params: {} }]);
  });
});

describe('incomes (docs/requirements.md section 3)', () => {
  const incomes = () => ({
    estimatedMonthlyIncome: { band: 50000 },
    estimatedMonthlyPayments: { customAmount: 612000 },
    monthlyCashDeposit: 0,
    monthlyCashWithdrawal: 15001,
    incomeSources: ['BUSINESS_ACTIVITY', 'PARTNER'],
  });

  it('accepts band keys and whole-euro custom amounts', () => {
    expect(parseWithIssues(incomesSchema, incomes()).success).toBe(true);
  });

  it.each([
    [{ estimatedMonthlyIncome: { band: 20000 } }, 'estimatedMonthlyIncome.band', 'required'],
    [{ estimatedMonthlyIncome: {} }, 'estimatedMonthlyIncome.band', 'required'],
    [{ estimatedMonthlyIncome: { band: 15000, customAmount: 600_000 } }, 'estimatedMonthlyIncome.customAmount', 'incorrectValue'],
    [{ estimatedMonthlyPayments: { customAmount: 1200.5 } }, 'estimatedMonthlyPayments.customAmount', 'invalidAmount'],
    [{ estimatedMonthlyPayments: { customAmount: 0 } }, 'estimatedMonthlyPayments.customAmount', 'amountMustBePositive'],
    [{ estimatedMonthlyPayments: { customAmount: 500_000 } }, 'estimatedMonthlyPayments.customAmount', 'minAmount'],
    [{ estimatedMonthlyPayments: { customAmount: 1_000_000_000 } }, 'estimatedMonthlyPayments.customAmount', 'invalidAmount'],
    [{ monthlyCashDeposit: 10000 }, 'monthlyCashDeposit', 'required'],
    [{ monthlyCashWithdrawal: undefined }, 'monthlyCashWithdrawal', 'required'],
    [{ incomeSources: [] }, 'incomeSources', 'receivedPaymentsNotMarked'],
  ])('%j: %s %s', (change, path, code) => {
    const issues = issuesOf(parseWithIssues(incomesSchema, { ...incomes(), ...change }));
    expect(issues.map((issue) => [issue.path, issue.code])).toEqual([[path, code]]);
  });

  it.each([
    [1, 15000],
    [15000, 15000],
    [15001, 50000],
    [100000, 100000],
    [500000, 500000],
    [500001, 500001],
    [9_000_000, 500001],
  ])('amount %s falls in band %s', (amount, band) => {
    expect(incomeBandOf(amount)).toBe(band);
  });
});

describe('related persons (docs/requirements.md section 3)', () => {
  it('accepts a complete private person and a legal entity', () => {
    expect(parseWithIssues(relatedPersonSchema, privatePerson('p1')).success).toBe(true);
    const entity = { id: 'e1', type: 'LEGAL_ENTITY', roles: ['SHAREHOLDER'], businessName: 'Holding OÜ', registryCode: '87654322', shareholders: [] };
    expect(parseWithIssues(relatedPersonSchema, entity).success).toBe(true);
  });

  it.each([
    [{ personalId: '38001085719' }, 'personalId', 'invalidPersonalId'],
    [{ personalId: '3800108571' }, 'personalId', 'exactLength'],
    [{ personalId: '3800108571X' }, 'personalId', 'onlyNumbers'],
    [{ personalId: 'AB1234567', personalIdCountryCode: 'LV' }, null, null],
    [{ personalId: '38001085719', personalIdCountryCode: 'LV' }, null, null],
    [{ personalId: '' }, null, null],
    [{ firstName: 'Łukasz' }, 'firstName', 'onlyLatinLetters'],
    [{ birthDate: '1889-12-31' }, 'birthDate', 'invalidDate'],
    [{ taxResidences: [] }, 'taxResidences', 'required'],
    [
      {
        taxResidences: [
          { countryCode: 'EE', tin: '1' },
          { countryCode: 'EE', tin: '2' },
        ],
      },
      'taxResidences.1',
      'countryAlreadyAdded',
    ],
    [{ taxResidences: [{ countryCode: 'FI', tin: 'x'.repeat(21) }] }, 'taxResidences.0.tin', 'invalidTin'],
    [{ isPep: true }, 'pep', 'required'],
    [{ isPep: true, pep: { firstName: 'A', lastName: 'B', birthDate: '1960-05-05', birthCountryCode: 'EE', governmentPosition: 'Minister' } }, null, null],
    [{ benefitType: 'OTHER' }, 'benefitTypeOther', 'required'],
    [{ benefitType: undefined }, 'benefitType', 'required'],
    [{ beneficiarySharePercent: 100.5 }, 'beneficiarySharePercent', 'maxValue'],
    [{ residency: 'ALIEN' }, 'residency', 'required'],
    [{ roles: ['OWNER'] }, 'roles.0', 'required'],
    [{ type: 'ROBOT' }, 'type', 'incorrectValue'],
    [{ residentialAddress: undefined }, 'residentialAddress', 'required'],
  ])('%j: %s %s', (change, path, code) => {
    const issues = issuesOf(parseWithIssues(relatedPersonSchema, privatePerson('p1', change)));
    expect(issues.map((issue) => [issue.path, issue.code])).toEqual(path === null ? [] : [[path, code]]);
  });

  it('reports whole-list violations at each person they name', () => {
    const step = {
      shareholders: [{ personId: 'p1', sharePercent: 60 }],
      relatedPersons: [
        privatePerson('p1'),
        privatePerson('p2', { roles: ['SUPERVISORY_BOARD_MEMBER'], isBeneficialOwner: false, benefitType: undefined, beneficiarySharePercent: undefined }),
      ],
    };
    expect(issuesOf(parseWithIssues(relatedPersonsSchema, step))).toEqual([
      { path: 'relatedPersons.0', code: 'personAlreadyExists', params: {} },
      { path: 'relatedPersons.1', code: 'personAlreadyExists', params: {} },
      { path: 'relatedPersons.0', code: 'totalHoldingNotEqual', params: { total: 60, expected: 100 } },
    ]);
  });

  it('reports a violation naming nobody at the list, and uses the representative when given', () => {
    const step = { shareholders: [], relatedPersons: [privatePerson('p1', { roles: ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER'] })] };
    const schema = createRelatedPersonsSchema({ representative: { personalId: '38001085718' } });
    expect(issuesOf(parseWithIssues(schema, step))).toEqual([
      { path: 'relatedPersons', code: 'ownerRequired', params: {} },
      { path: 'relatedPersons.0', code: 'representativeIncorrect', params: {} },
    ]);
  });
});

describe('list limits (docs/requirements.md section 5: "less than or equal to N")', () => {
  const partner = (index: number) => ({ businessName: `Partner ${index} AS`, countryCode: 'FI', cooperationType: 'BUYER' });
  const rows = <T>(count: number, row: (index: number) => T): T[] => Array.from({ length: count }, (_, index) => row(index));
  // Distinct codes: a repeat is an issue of its own.
  const letter = (index: number) => String.fromCharCode(65 + index);
  const countries = rows(LIST_MAX_ITEMS.targetMarketCountryCodes + 1, (index) => letter(Math.floor(index / 26)) + letter(index % 26));
  const activityCodes = rows(LIST_MAX_ITEMS.additionalFieldOfActivityCodes + 1, (index) => String(62100 + index));

  it.each([
    ['partners', LIST_MAX_ITEMS.partners, (count: number) => ({ partners: rows(count, partner) })],
    [
      'additionalFieldOfActivityCodes',
      LIST_MAX_ITEMS.additionalFieldOfActivityCodes,
      (count: number) => ({ additionalFieldOfActivityCodes: activityCodes.slice(0, count) }),
    ],
    ['targetMarketCountryCodes', LIST_MAX_ITEMS.targetMarketCountryCodes, (count: number) => ({ targetMarketCountryCodes: countries.slice(0, count) })],
  ] as const)('company data: %s holds %i rows and refuses one more', (path, max, change) => {
    expect(issuesOf(parseWithIssues(companyDataSchema, { ...companyData(), ...change(max) }))).toEqual([]);
    expect(issuesOf(parseWithIssues(companyDataSchema, { ...companyData(), ...change(max + 1) }))).toEqual([{ path, code: 'maxOptions', params: { max } }]);
  });

  it('refuses the 200 partners of the attack that grew the history by 72 KB a save', () => {
    expect(issuesOf(parseWithIssues(companyDataSchema, { ...companyData(), partners: rows(200, partner) }))).toContainEqual({
      path: 'partners',
      code: 'maxOptions',
      params: { max: LIST_MAX_ITEMS.partners },
    });
  });

  it('a person: tax residences beyond the limit are refused', () => {
    const residences = (count: number) =>
      rows(count, (index) => ({
        countryCode: index === 0 ? 'EE' : ['FI', 'LV', 'LT', 'SE', 'NO', 'DK', 'DE', 'FR', 'ES', 'IT', 'PL'][index - 1],
        tin: '60001019906',
      }));
    expect(issuesOf(parseWithIssues(relatedPersonSchema, privatePerson('p1', { taxResidences: residences(LIST_MAX_ITEMS.taxResidences) })))).toEqual([]);
    expect(issuesOf(parseWithIssues(relatedPersonSchema, privatePerson('p1', { taxResidences: residences(LIST_MAX_ITEMS.taxResidences + 1) })))).toEqual([
      { path: 'taxResidences', code: 'maxOptions', params: { max: LIST_MAX_ITEMS.taxResidences } },
    ]);
  });

  it('a legal entity: shareholders beyond the limit are refused', () => {
    const entity = { id: 'e1', type: 'LEGAL_ENTITY', roles: ['SHAREHOLDER'], businessName: 'Holding OÜ', registryCode: '87654322' };
    const holdings = rows(LIST_MAX_ITEMS.shareholders + 1, (index) => ({ personId: `p${index}`, sharePercent: 1 }));
    expect(issuesOf(parseWithIssues(relatedPersonSchema, { ...entity, shareholders: holdings }))).toEqual([
      { path: 'shareholders', code: 'maxOptions', params: { max: LIST_MAX_ITEMS.shareholders } },
    ]);
  });

  it('the related persons step: persons and shareholders beyond the limits are refused', () => {
    const persons = rows(LIST_MAX_ITEMS.relatedPersons + 1, (index) => privatePerson(`p${index}`));
    const holdings = rows(LIST_MAX_ITEMS.shareholders + 1, (index) => ({ personId: `p${index}`, sharePercent: 1 }));
    const issues = issuesOf(parseWithIssues(relatedPersonsSchema, { shareholders: holdings, relatedPersons: persons }));
    expect(issues).toContainEqual({ path: 'relatedPersons', code: 'maxOptions', params: { max: LIST_MAX_ITEMS.relatedPersons } });
    expect(issues).toContainEqual({ path: 'shareholders', code: 'maxOptions', params: { max: LIST_MAX_ITEMS.shareholders } });
  });
});

describe('overview (docs/requirements.md section 3)', () => {
  it('accepts a non-financial company', () => {
    expect(parseWithIssues(applicationOverviewSchema, overview()).success).toBe(true);
  });

  it.each([
    [{ isDataCorrectAndFundsLegal: false }, 'isDataCorrectAndFundsLegal', 'required'],
    [{ isFinancialInstitution: true, taxStatusEntityType: 'OTHER_INVESTMENT_ENTITY' }, 'giin', 'required'],
    [{ isFinancialInstitution: true, taxStatusEntityType: 'OTHER_INVESTMENT_ENTITY', giin: '98Q96B.00000.LE.250' }, null, null],
    [{ isFinancialInstitution: true, taxStatusEntityType: 'OTHER_INVESTMENT_ENTITY', giin: '98Q96B00000LE250' }, 'giin', 'invalidFormat'],
    [{ isFinancialInstitution: true, taxStatusEntityType: 'PASSIVE_NFE', giin: '98Q96B.00000.LE.250' }, 'taxStatusEntityType', 'incorrectValue'],
    [{ taxStatusEntityType: 'CUSTODIAL_OR_DEPOSITORY_OR_SPECIFIED_INSURANCE_COMPANY' }, 'taxStatusEntityType', 'incorrectValue'],
    [{ connectionToEstonia: ['OTHER'] }, 'connectionToEstoniaOther', 'required'],
    [{ identificationLocation: { type: 'HOME', officeId: 'x' } }, 'identificationLocation.type', 'required'],
    [{ identificationLocation: { type: 'BANKING_POINT', officeId: 'tartu-2', isSignedInOffice: true } }, null, null],
  ])('%j: %s %s', (change, path, code) => {
    const issues = issuesOf(parseWithIssues(applicationOverviewSchema, { ...overview(), ...change }));
    expect(issues.map((issue) => [issue.path, issue.code])).toEqual(path === null ? [] : [[path, code]]);
  });

  it('maps every fillable step to its schema', () => {
    expect(Object.keys(STEP_SCHEMAS)).toEqual(['AccountOpeningReason', 'CompanyData', 'Incomes', 'RelatedPersons', 'AdditionalData', 'ApplicationOverview']);
  });
});

describe('related persons step: beneficial owners under 100% (decision 34)', () => {
  const step = (fields: Record<string, unknown> = {}) => ({
    shareholders: [
      { personId: 'p1', sharePercent: 55 },
      { personId: 'p2', sharePercent: 45 },
    ],
    relatedPersons: [
      privatePerson('p1', { beneficiarySharePercent: 55 }),
      privatePerson('p2', {
        roles: ['SHAREHOLDER'],
        personalId: '38001085718',
        birthDate: '1980-01-08',
        isBeneficialOwner: false,
        benefitType: undefined,
        beneficiarySharePercent: undefined,
      }),
    ],
    ...fields,
  });

  it('stands with the confirmation and is kept in the step', () => {
    const parsed = parseWithIssues(relatedPersonsSchema, step({ hasNoOtherBeneficialOwners: true }));
    expect(parsed.success && parsed.data.hasNoOtherBeneficialOwners).toBe(true);
  });

  it('without it, the total is reported at the beneficial owner', () => {
    expect(issuesOf(parseWithIssues(relatedPersonsSchema, step())).map((issue) => [issue.path, issue.code])).toEqual([
      ['relatedPersons.0', 'beneficiariesTotalNotEqual'],
    ]);
  });

  it('takes only a yes or no', () => {
    expect(issuesOf(parseWithIssues(relatedPersonsSchema, step({ hasNoOtherBeneficialOwners: 'yes' }))).map((issue) => issue.path)).toContain(
      'hasNoOtherBeneficialOwners',
    );
  });

  it('a draft keeps the confirmation and drops what is not a yes or no', () => {
    expect(relatedPersonsDraftSchema.parse(step({ hasNoOtherBeneficialOwners: true })).hasNoOtherBeneficialOwners).toBe(true);
    expect(relatedPersonsDraftSchema.parse(step({ hasNoOtherBeneficialOwners: 'yes' }))).not.toHaveProperty('hasNoOtherBeneficialOwners');
    expect(relatedPersonsDraftSchema.parse(step())).not.toHaveProperty('hasNoOtherBeneficialOwners');
  });
});

describe('related persons step: whole-list rules next to unfinished persons', () => {
  it('reports the totals even while a person pre-filled from the register lacks fields', () => {
    const { birthCountryCode: _, taxResidences: __, ...unfinished } = privatePerson('p1');
    const step = { shareholders: [{ personId: 'p1', sharePercent: 85 }], relatedPersons: [unfinished] };
    expect(issuesOf(parseWithIssues(relatedPersonsSchema, step)).map((issue) => [issue.path, issue.code])).toEqual([
      ['relatedPersons.0.birthCountryCode', 'required'],
      ['relatedPersons.0.taxResidences', 'required'],
      ['relatedPersons.0', 'totalHoldingNotEqual'],
    ]);
  });

  it.each([
    ['persons not a list', { shareholders: [], relatedPersons: 'x' }],
    ['a person without an id', { shareholders: [], relatedPersons: [{ type: 'PRIVATE_PERSON', roles: [] }] }],
    ['a holding without a person', { shareholders: [{ sharePercent: 5 }], relatedPersons: [] }],
    ['an entity without a list', { shareholders: [], relatedPersons: [{ id: 'e', type: 'LEGAL_ENTITY', roles: [] }] }],
  ])('leaves the whole-list rules out when the shape is wrong: %s', (_, step) => {
    const issues = issuesOf(parseWithIssues(relatedPersonsSchema, step));
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((issue) => !['ownerRequired', 'managementBoardMemberRequired'].includes(issue.code))).toBe(true);
  });
});
