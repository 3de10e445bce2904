// The browser and the server judge each step by one definition: random
// partial drafts go through the domain's draft schema into the web form's
// resolver, and the step data the form would send goes to the real API
// route; the field errors must be the same, path for path and code for code.
// The examples are what it found once: a number typed as text went as NaN,
// which JSON sends as null and the server read as "required".
import {
  companyDataDraftSchema,
  companyDataFromDraft,
  COOPERATION_TYPES,
  INCOME_SOURCES,
  openingReasonsDraftSchema,
  openingReasonsFromDraft,
  OPENING_REASONS,
  overviewDraftSchema,
  overviewFromDraft,
  relatedPersonsDraftSchema,
  REPRESENTATION_BASES,
  type FieldIssue,
  type PrivatePersonDraft,
} from '@onboarding/domain';
import { completeRelatedPersons, JAAK_KRISTJAN } from '@onboarding/domain/test-support';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_OFFICES } from '../../apps/api/src/modules/reference/bank-offices.js';
import { buildTestApp } from '../../apps/api/src/test/app.js';
import { applicationFor, fillSteps, type TestApplication } from '../../apps/api/src/test/application-steps.js';
import { signInAsRepresentative, type Call } from '../../apps/api/src/test/representative.js';
import { companyFormResolver } from '../../apps/web/src/features/application/company-information/form-values.js';
import { incomesFormValues, toIncomesPayload, validateIncomes } from '../../apps/web/src/features/application/incomes/incomes-form.js';
import { openingReasonsResolver } from '../../apps/web/src/features/application/opening-reasons/opening-reasons-form.js';
import { overviewResolver } from '../../apps/web/src/features/application/overview/overview-form-values.js';
import { privatePersonFormValues, privatePersonIssues, toPrivatePerson } from '../../apps/web/src/features/application/related-persons/person-form-values.js';

type Codes = Record<string, string>;

const firstPerPath = (issues: readonly FieldIssue[]): Codes => {
  const codes: Codes = {};
  for (const issue of issues) codes[issue.path] ??= issue.code;
  return codes;
};

/** react-hook-form's nested errors as path → code. */
function flatten(errors: unknown, prefix = ''): Codes {
  if (typeof errors !== 'object' || errors === null) return {};
  const error = errors as { message?: unknown; type?: unknown };
  if (typeof error.message === 'string' && typeof error.type === 'string') return { [prefix]: error.message };
  return Object.assign({}, ...Object.entries(errors).map(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key))) as Codes;
}

const resolverOptions = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

async function webCodes<V extends FieldValues>(resolver: Resolver<V, unknown, unknown>, values: V): Promise<Codes> {
  const result = await resolver(values, undefined, resolverOptions as unknown as ResolverOptions<V>);
  return flatten(result.errors);
}

// Samples of each kind of field: valid, invalid, empty; and now and then something of another kind altogether.
const junk = fc.oneof(fc.constant(null), fc.integer({ min: -5, max: 5 }), fc.boolean(), fc.string({ maxLength: 4 }), fc.constant({}));
const field = <T>(...samples: T[]) => fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...samples) }, { weight: 1, arbitrary: junk });
const yesNo = () => field(true, false, null);
const texts = (...samples: string[]) => field('', '  ', ...samples);
const partial = <T extends Record<string, fc.Arbitrary<unknown>>>(shape: T) => fc.record(shape, { requiredKeys: [] });

const address = () =>
  partial({
    countryCode: texts('EE', 'FI', 'E1'),
    county: texts('Harju maakond'),
    district: texts('Tallinn'),
    city: texts('Tallinn'),
    street: texts('Narva mnt 1'),
    postalCode: texts('10117', 'x'.repeat(60)),
  });

const companyDraft = partial({
  representationBasis: field('', 'OTHER', ...REPRESENTATION_BASES),
  representationBasisOther: texts('Volikiri'),
  businessEmail: texts('info@firma.ee', 'info@firma', 'info@f.e'),
  businessPhone: texts('+372 5123 4567', '12', '+372 51a'),
  contactLanguage: field('', 'ET', 'EN', 'RU', 'FI'),
  emtakVersion: texts('EMTAK 2008'),
  mainFieldOfActivityCode: texts('62011', '620111', 'abc'),
  additionalFieldOfActivityCodes: field([], ['62021'], ['62021', 'x'], ['62021', '70221', '62021']),
  fieldOfActivityDescription: texts('Tarkvara', 'x'.repeat(3000)),
  numberOfEmployees: field<unknown>('', '3', '-1', '2.5', 'kolm', 7, '99999999'),
  targetMarketCountryCodes: field([], ['EE'], ['EE', 'FI', 'EE'], ['E1']),
  legalAddress: address(),
  isContactAddressSameAsRegistrationAddress: field(true, false),
  contactAddress: address(),
  hasLicense: yesNo(),
  license: partial({ number: texts('L-1'), issuer: texts('MTA'), issueDate: texts('2020-02-30', '2020-02-03') }),
  partners: fc.array(
    partial({
      businessName: texts('Partner AS'),
      countryCode: texts('FI', 'F'),
      cooperationType: field('', ...COOPERATION_TYPES),
      cooperationTypeOther: texts('Rent'),
    }),
    { maxLength: 2 },
  ),
  isListedCompany: yesNo(),
  hasAccountInOtherCreditInstitution: yesNo(),
  hasAccountClosedInLastSixMonths: yesNo(),
});

const openingReasonsDraft = partial({
  openingReasons: fc.subarray([...OPENING_REASONS, 'LOANS']),
  otherReason: texts('Palgad', 'x'.repeat(3000)),
});

// The incomes form keeps amounts as typed, and two things about that text are the form's own concern, said before
// anything is sent: text that is no number is an "invalid amount", and an amount chosen but left empty is "required"
// at the amount's field. So the drafts here hold amounts as numbers, as a saved step does.
const amount = () => fc.constantFrom(12500, -3, 0, 2.5, 15000.4);
const monthlyAmount = () =>
  fc.oneof(
    fc.constant({}),
    junk,
    partial({ band: field(15000, 500001, 7) }),
    partial({ customAmount: amount() }),
    partial({ band: field(15000), customAmount: amount() }),
  );
const incomesDraft = partial({
  estimatedMonthlyIncome: monthlyAmount(),
  estimatedMonthlyPayments: monthlyAmount(),
  monthlyCashDeposit: field(0, 5000, 15001, 7),
  monthlyCashWithdrawal: field(0, 15000, 1),
  incomeSources: fc.subarray([...INCOME_SOURCES]),
});

// The office picker lists the bank's offices by type, so a location is a real office of its type, or none.
const locations = [{ type: '', officeId: '' }, ...BANK_OFFICES.map((office) => ({ type: office.type, officeId: office.id }))];
const overviewDraft = partial({
  additionalInformation: texts('Lisainfo'),
  identificationLocation: fc.tuple(fc.constantFrom(...locations), fc.boolean()).map(([location, isSignedInOffice]) => ({ ...location, isSignedInOffice })),
  connectionToEstonia: fc.subarray(['BUSINESS_ACTIVITY_IN_ESTONIA', 'PARTNERS_IN_ESTONIA', 'PRODUCT_AIMED_AT_ESTONIAN_MARKET', 'OTHER']),
  connectionToEstoniaOther: texts('Kliendid'),
  isFinancialInstitution: yesNo(),
  giin: texts('98q96b.00000.le.250', 'ABC'),
  taxStatusEntityType: field('', 'PASSIVE_NFE', 'OTHER_INVESTMENT_ENTITY', 'ACTIVE_NFE_OTHER'),
  isDataCorrectAndFundsLegal: field(true, false),
});

const personDraft = partial({
  firstName: texts('Mari', 'Mari3'),
  lastName: texts('Maasikas'),
  personalId: texts('49403136515', '49403136516', 'X123'),
  personalIdCountryCode: texts('EE', 'FI'),
  birthDate: texts('1994-03-13', '1994-02-30', '1880-01-01'),
  birthCountryCode: texts('EE', 'E'),
  nationalityCountryCode: texts('EE'),
  residentialAddress: address(),
  residentialCountryCode: texts('EE'),
  residency: field('RESIDENT', 'NON_RESIDENT', ''),
  isEResident: yesNo(),
  livesAndWorksMostlyInEstonia: yesNo(),
  taxResidences: fc.array(partial({ countryCode: texts('EE', 'FI'), tin: texts('49403136515', '#') }), { maxLength: 3 }),
  isBeneficialOwner: yesNo(),
  beneficiarySharePercent: field(50, 0, 100.5, 12.345),
  benefitType: field('SHARE_OWNERSHIP', 'DIRECTING_BODY_MEMBER', 'OTHER', ''),
  benefitTypeOther: texts('Leping'),
  isPep: yesNo(),
  pep: partial({
    firstName: texts('Jaan'),
    lastName: texts('Tamm'),
    birthDate: texts('1970-01-01'),
    birthCountryCode: texts('EE'),
    governmentPosition: texts('Minister'),
  }),
});

const RUNS = 60;
let app: FastifyInstance;
let call: Call;
let application: TestApplication;

/** The server's field errors for one step's data (none when it saves). */
async function serverCodes(step: string, data: unknown): Promise<Codes> {
  const response = await call('PUT', `/onboarding/applications/${application.processId}/steps/${step}`, { version: application.version, data });
  if (response.statusCode === 200) {
    application = response.json() as TestApplication;
    return {};
  }
  expect(response.statusCode, response.body).toBe(400);
  return firstPerPath((response.json() as { fields: FieldIssue[] }).fields);
}

beforeAll(async () => {
  // Hundreds of saves by one person: the per-person save limits are not what is compared here.
  app = await buildTestApp({ RATE_LIMIT_SAVES_PER_USER: '1000000', RATE_LIMIT_DRAFTS_PER_USER: '1000000', RATE_LIMIT_PREVIEWS_PER_USER: '1000000' });
  call = await signInAsRepresentative(app, JAAK_KRISTJAN.person.personalId);
  application = await fillSteps(call, await applicationFor(call, JAAK_KRISTJAN.company.registryCode ?? ''));
});
afterAll(() => app.close());

describe('the web forms and the server judge a step alike', () => {
  it('opening reasons', async () => {
    await fc.assert(
      fc.asyncProperty(openingReasonsDraft, async (draft) => {
        const values = openingReasonsDraftSchema.parse(draft);
        expect(await webCodes(openingReasonsResolver, values)).toEqual(await serverCodes('AccountOpeningReason', openingReasonsFromDraft(values)));
      }),
      { numRuns: RUNS },
    );
  });

  it('company data', async () => {
    const { company } = JAAK_KRISTJAN;
    await fc.assert(
      fc.asyncProperty(companyDraft, async (draft) => {
        // The form always holds the application's company (it is fixed when the application is started).
        const values = {
          ...companyDataDraftSchema.parse(draft),
          businessName: company.businessName,
          registryCode: company.registryCode ?? '',
          registryCountryCode: 'EE',
        };
        expect(await webCodes(companyFormResolver, values)).toEqual(await serverCodes('CompanyData', companyDataFromDraft(values)));
      }),
      { numRuns: RUNS, examples: [[{ numberOfEmployees: 'kolm' }]] },
    );
  });

  it('incomes', async () => {
    await fc.assert(
      fc.asyncProperty(incomesDraft, fc.constantFrom('et', 'en', 'ru' as const), async (draft, locale) => {
        const values = incomesFormValues(draft, locale);
        const result = validateIncomes(values, locale);
        const web = result.success ? {} : firstPerPath(result.issues);
        expect(web).toEqual(await serverCodes('Incomes', toIncomesPayload(values, locale)));
      }),
      { numRuns: RUNS },
    );
  });

  it('a private person of the related persons', async () => {
    const step = completeRelatedPersons();
    const index = step.relatedPersons.length;
    await fc.assert(
      fc.asyncProperty(personDraft, async (draft) => {
        const stored = relatedPersonsDraftSchema.parse({
          shareholders: [],
          relatedPersons: [{ ...draft, id: 'person:new:1', type: 'PRIVATE_PERSON', roles: [] }],
        });
        const values = privatePersonFormValues(stored.relatedPersons[0] as PrivatePersonDraft, [], 'et');
        const web = firstPerPath(privatePersonIssues(values));
        const person = toPrivatePerson(values, { id: 'person:new:1', roles: [] });
        const server = await serverCodes('RelatedPersons', { ...step, relatedPersons: [...step.relatedPersons, person] });
        // The person's own fields; the whole-list rules (shares, owners) are the step's, reported at the person itself.
        const prefix = `relatedPersons.${String(index)}.`;
        const own = Object.fromEntries(
          Object.entries(server)
            .filter(([path]) => path.startsWith(prefix))
            .map(([path, code]) => [path.slice(prefix.length).replace(/^(taxResidences\.\d+)$/, '$1.countryCode'), code]),
        );
        expect(web).toEqual(own);
      }),
      { numRuns: RUNS, examples: [[{ isBeneficialOwner: true, beneficiarySharePercent: -1 }]] },
    );
  });

  it('the overview', async () => {
    await fc.assert(
      fc.asyncProperty(overviewDraft, async (draft) => {
        const values = overviewDraftSchema.parse(draft);
        expect(await webCodes(overviewResolver, values)).toEqual(await serverCodes('AdditionalData', overviewFromDraft(values)));
      }),
      { numRuns: RUNS },
    );
  });
});
