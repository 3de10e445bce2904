import { ACCOUNT_CLOSURE_LOOKBACK_MONTHS, companyDataSchema, formatAddress, type Address, type Locale } from '@onboarding/domain';
import type { TFunction } from 'i18next';
import { formatCalendarDate } from '../../../lib/formats';
import type { ReferenceNames } from './reference-names';
import type { SummaryRow, SummaryRows } from './summary-row';

const FIELDS = 'APPLICATION.COMPANY_INFORMATION';

/** An address on one line, in the UI language's county and country names (the domain's one formatter). */
export const addressLine = (address: Address, names: ReferenceNames): string => formatAddress(address, { country: names.country });

/** The company data step in the words of its own screen; codes become names from the reference data. */
export function companyRows(data: unknown, t: TFunction, names: ReferenceNames, locale: Locale): SummaryRows {
  const parsed = companyDataSchema.safeParse(data);
  if (!parsed.success) return null;
  const company = parsed.data;
  const yesNo = (value: boolean) => t(value ? `${FIELDS}.YES` : `${FIELDS}.NO`);
  const none = t('APPLICATION.OVERVIEW.SUMMARY.NONE');
  const labelled = (label: string, text: string | undefined) => (text ? t('APPLICATION.OVERVIEW.SUMMARY.LABELLED_TEXT', { label, text }) : label);

  const basis = t(`${FIELDS}.REPRESENTATION.${company.representationBasis}`);
  const { license } = company;
  const rows: SummaryRow[] = [
    { id: 'businessName', label: t(`${FIELDS}.FIELDS.BUSINESS_NAME`), value: company.businessName },
    {
      id: 'registryCode',
      label: t('APPLICATION.OVERVIEW.SUMMARY.REGISTRY_CODE'),
      value: company.registryCode || t('APPLICATION.OVERVIEW.SUMMARY.NO_REGISTRY_CODE'),
    },
    { id: 'registryCountryCode', label: t(`${FIELDS}.FIELDS.REGISTRY_COUNTRY`), value: names.country(company.registryCountryCode) },
    {
      id: 'representationBasis',
      label: t(`${FIELDS}.FIELDS.REPRESENTATION_BASIS`),
      value: company.representationBasis === 'OTHER' ? labelled(basis, company.representationBasisOther) : basis,
    },
    { id: 'businessEmail', label: t(`${FIELDS}.FIELDS.BUSINESS_EMAIL`), value: company.businessEmail },
    { id: 'businessPhone', label: t(`${FIELDS}.FIELDS.BUSINESS_PHONE`), value: company.businessPhone },
    { id: 'contactLanguage', label: t(`${FIELDS}.FIELDS.CONTACT_LANGUAGE`), value: t(`${FIELDS}.LANGUAGES.${company.contactLanguage}`) },
    { id: 'mainFieldOfActivityCode', label: t(`${FIELDS}.FIELDS.MAIN_ACTIVITY`), value: names.activity(company.mainFieldOfActivityCode) },
    {
      id: 'additionalFieldOfActivityCodes',
      label: t('APPLICATION.OVERVIEW.SUMMARY.ADDITIONAL_ACTIVITIES'),
      value: company.additionalFieldOfActivityCodes.length > 0 ? company.additionalFieldOfActivityCodes.map(names.activity) : none,
    },
    { id: 'fieldOfActivityDescription', label: t('APPLICATION.OVERVIEW.SUMMARY.ACTIVITY_DESCRIPTION'), value: company.fieldOfActivityDescription },
    { id: 'numberOfEmployees', label: t(`${FIELDS}.FIELDS.NUMBER_OF_EMPLOYEES`), value: new Intl.NumberFormat(locale).format(company.numberOfEmployees) },
    { id: 'targetMarketCountryCodes', label: t(`${FIELDS}.FIELDS.TARGET_MARKETS`), value: company.targetMarketCountryCodes.map(names.country) },
    { id: 'legalAddress', label: t(`${FIELDS}.SECTIONS.LEGAL_ADDRESS`), value: addressLine(company.legalAddress, names) },
    {
      id: 'contactAddress',
      label: t(`${FIELDS}.SECTIONS.CONTACT_ADDRESS`),
      value:
        company.isContactAddressSameAsRegistrationAddress || !company.contactAddress
          ? t('APPLICATION.OVERVIEW.SUMMARY.SAME_AS_LEGAL_ADDRESS')
          : addressLine(company.contactAddress, names),
    },
    {
      id: 'license',
      label: t(`${FIELDS}.LICENSE.HAS_LICENSE`),
      value:
        company.hasLicense && license
          ? t('APPLICATION.OVERVIEW.SUMMARY.LICENSE', { number: license.number, issuer: license.issuer, date: formatCalendarDate(license.issueDate, locale) })
          : yesNo(false),
    },
    {
      id: 'partners',
      label: t(`${FIELDS}.SECTIONS.PARTNERS`),
      value:
        company.partners.length > 0
          ? company.partners.map((partner) =>
              t('APPLICATION.OVERVIEW.SUMMARY.PARTNER', {
                name: partner.businessName,
                country: names.country(partner.countryCode),
                type:
                  partner.cooperationType === 'OTHER' && partner.cooperationTypeOther
                    ? partner.cooperationTypeOther
                    : t(`${FIELDS}.PARTNERS.TYPES.${partner.cooperationType}`),
              }),
            )
          : t(`${FIELDS}.PARTNERS.EMPTY`),
    },
    { id: 'isListedCompany', label: t(`${FIELDS}.FLAGS.IS_LISTED_COMPANY`), value: yesNo(company.isListedCompany) },
    {
      id: 'hasAccountInOtherCreditInstitution',
      label: t(`${FIELDS}.FLAGS.HAS_ACCOUNT_IN_OTHER_CREDIT_INSTITUTION`),
      value: yesNo(company.hasAccountInOtherCreditInstitution),
    },
    {
      id: 'hasAccountClosedInLastSixMonths',
      label: t(`${FIELDS}.FLAGS.HAS_ACCOUNT_CLOSED_IN_LAST_SIX_MONTHS`, { months: ACCOUNT_CLOSURE_LOOKBACK_MONTHS }),
      value: yesNo(company.hasAccountClosedInLastSixMonths),
    },
  ];
  return rows;
}
