import { ACCOUNT_CLOSURE_LOOKBACK_MONTHS, type Step } from '@onboarding/domain';
import type { TFunction } from 'i18next';
import type { TranslationKey } from '../../../i18n/keys';

const COMPANY = 'APPLICATION.COMPANY_INFORMATION';

/** How the conflict view names a step's field: its label on the step's own screen, and the labels of its options. */
type FieldText = { label: TranslationKey; option?: (code: string) => string };

const company: Record<string, FieldText> = {
  businessName: { label: `${COMPANY}.FIELDS.BUSINESS_NAME` },
  registryCode: { label: `${COMPANY}.COMPANY_REGISTRY_CODE` },
  registryCountryCode: { label: `${COMPANY}.FIELDS.REGISTRY_COUNTRY` },
  representationBasis: { label: `${COMPANY}.FIELDS.REPRESENTATION_BASIS`, option: (code) => `${COMPANY}.REPRESENTATION.${code}` },
  representationBasisOther: { label: `${COMPANY}.FIELDS.REPRESENTATION_BASIS_OTHER` },
  businessEmail: { label: `${COMPANY}.FIELDS.BUSINESS_EMAIL` },
  businessPhone: { label: `${COMPANY}.FIELDS.BUSINESS_PHONE` },
  contactLanguage: { label: `${COMPANY}.FIELDS.CONTACT_LANGUAGE`, option: (code) => `${COMPANY}.LANGUAGES.${code}` },
  emtakVersion: { label: `${COMPANY}.FIELDS.EMTAK_VERSION` },
  mainFieldOfActivityCode: { label: `${COMPANY}.FIELDS.MAIN_ACTIVITY` },
  additionalFieldOfActivityCodes: { label: `${COMPANY}.FIELDS.ADDITIONAL_ACTIVITIES` },
  fieldOfActivityDescription: { label: `${COMPANY}.FIELDS.ACTIVITY_DESCRIPTION` },
  numberOfEmployees: { label: `${COMPANY}.FIELDS.NUMBER_OF_EMPLOYEES` },
  targetMarketCountryCodes: { label: `${COMPANY}.FIELDS.TARGET_MARKETS` },
  legalAddress: { label: `${COMPANY}.SECTIONS.LEGAL_ADDRESS` },
  isContactAddressSameAsRegistrationAddress: { label: `${COMPANY}.ADDRESS.SAME_AS_LEGAL` },
  contactAddress: { label: `${COMPANY}.SECTIONS.CONTACT_ADDRESS` },
  hasLicense: { label: `${COMPANY}.LICENSE.HAS_LICENSE` },
  license: { label: `${COMPANY}.SECTIONS.LICENSE` },
  partners: { label: `${COMPANY}.SECTIONS.PARTNERS`, option: (code) => `${COMPANY}.PARTNERS.TYPES.${code}` },
  isListedCompany: { label: `${COMPANY}.FLAGS.IS_LISTED_COMPANY` },
  hasAccountInOtherCreditInstitution: { label: `${COMPANY}.FLAGS.HAS_ACCOUNT_IN_OTHER_CREDIT_INSTITUTION` },
  hasAccountClosedInLastSixMonths: { label: `${COMPANY}.FLAGS.HAS_ACCOUNT_CLOSED_IN_LAST_SIX_MONTHS` },
};

const overview: Record<string, FieldText> = {
  additionalInformation: { label: 'APPLICATION.OVERVIEW.ADDITIONAL_INFORMATION.LABEL' },
  identificationLocation: { label: 'APPLICATION.OVERVIEW.IDENTIFICATION.LEGEND' },
  connectionToEstonia: { label: 'APPLICATION.OVERVIEW.CONNECTION.LEGEND', option: (code) => `APPLICATION.OVERVIEW.CONNECTION.OPTIONS.${code}` },
  connectionToEstoniaOther: { label: 'APPLICATION.OVERVIEW.CONNECTION.OTHER_LABEL' },
  isFinancialInstitution: { label: 'APPLICATION.OVERVIEW.TAX.FINANCIAL_INSTITUTION' },
  giin: { label: 'APPLICATION.OVERVIEW.TAX.GIIN_LABEL' },
  taxStatusEntityType: { label: 'APPLICATION.OVERVIEW.TAX.TYPE_LEGEND', option: (code) => `APPLICATION.OVERVIEW.TAX.TYPES.${code}.LABEL` },
  isDataCorrectAndFundsLegal: { label: 'APPLICATION.OVERVIEW.CONFIRMATION' },
};

const FIELDS: Partial<Record<Step, Record<string, FieldText>>> = {
  AccountOpeningReason: {
    openingReasons: { label: 'APPLICATION.OPENING_REASONS.LEGEND', option: (code) => `APPLICATION.OPENING_REASONS.REASONS.${code}.LABEL` },
    otherReason: { label: 'APPLICATION.OPENING_REASONS.OTHER_REASON_LABEL' },
  },
  CompanyData: company,
  Incomes: {
    estimatedMonthlyIncome: { label: 'APPLICATION.INCOMES.INCOME_LEGEND' },
    estimatedMonthlyPayments: { label: 'APPLICATION.INCOMES.PAYMENTS_LEGEND' },
    monthlyCashDeposit: { label: 'APPLICATION.INCOMES.CASH_DEPOSIT_LEGEND' },
    monthlyCashWithdrawal: { label: 'APPLICATION.INCOMES.CASH_WITHDRAWAL_LEGEND' },
    incomeSources: { label: 'APPLICATION.INCOMES.SOURCES_LEGEND', option: (code) => `APPLICATION.INCOMES.SOURCES.${code}.LABEL` },
  },
  RelatedPersons: {
    relatedPersons: { label: 'APPLICATION.RELATED_PERSONS.LIST.TITLE' },
    shareholders: { label: 'APPLICATION.RELATED_PERSONS.SECTIONS.OWNERS' },
  },
  AdditionalData: overview,
  ApplicationOverview: overview,
};

/** The field's label as its screen shows it; a field this table does not know keeps its name rather than vanish. */
export function conflictFieldLabel(t: TFunction, step: Step, key: string): string {
  const text = FIELDS[step]?.[key];
  return text ? t(text.label, { months: ACCOUNT_CLOSURE_LOOKBACK_MONTHS }) : key;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * A field's value in words, generic over the steps' shapes: texts as typed, yes/no in words, codes by their
 * option's label where the screen has one, a person by name, an address or licence on one line.
 */
export function describeConflictValue(t: TFunction, step: Step, key: string, value: unknown): string {
  const option = FIELDS[step]?.[key]?.option;
  const describe = (part: unknown): string => {
    if (isEmpty(part)) return '';
    if (typeof part === 'boolean') return t(part ? `${COMPANY}.YES` : `${COMPANY}.NO`);
    if (typeof part === 'string') return option && /^[A-Z][A-Z_]+$/.test(part) ? t(option(part) as TranslationKey, { defaultValue: part }) : part;
    if (typeof part === 'number') return String(part);
    if (Array.isArray(part)) return part.map(describe).filter(Boolean).join('; ');
    if (typeof part === 'object') {
      const record = part as Record<string, unknown>;
      const name = [record.firstName, record.lastName].filter((item) => typeof item === 'string' && item !== '').join(' ');
      if (name) return name;
      // Ids and internal flags say nothing to the user.
      return Object.entries(record)
        .filter(([field]) => field !== 'id' && !/^is[A-Z]/.test(field))
        .map(([, item]) => describe(item))
        .filter(Boolean)
        .join(', ');
    }
    return '';
  };
  const text = describe(value);
  return text === '' ? t('APPLICATION.CONFLICT.EMPTY') : text;
}
