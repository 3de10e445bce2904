import type { TranslationKey } from '../../../i18n/keys';

const RP = 'APPLICATION.RELATED_PERSONS';

/** The label key of each person field, for naming a server's field error on the person's card. */
const FIELD_LABEL_KEYS: Readonly<Record<string, TranslationKey>> = {
  firstName: `${RP}.FIELDS.FIRST_NAME`,
  lastName: `${RP}.FIELDS.LAST_NAME`,
  personalId: `${RP}.CARD.PERSONAL_ID`,
  personalIdCountryCode: `${RP}.FIELDS.PERSONAL_ID_COUNTRY`,
  birthDate: `${RP}.FIELDS.BIRTH_DATE`,
  birthCountryCode: `${RP}.FIELDS.BIRTH_COUNTRY`,
  nationalityCountryCode: `${RP}.FIELDS.NATIONALITY`,
  residentialAddress: `${RP}.SECTIONS.RESIDENTIAL_ADDRESS`,
  residentialCountryCode: `${RP}.FIELDS.RESIDENTIAL_COUNTRY`,
  residency: `${RP}.FIELDS.RESIDENCY`,
  isEResident: `${RP}.FIELDS.IS_E_RESIDENT`,
  livesAndWorksMostlyInEstonia: `${RP}.FIELDS.LIVES_AND_WORKS_IN_ESTONIA`,
  taxResidences: `${RP}.SECTIONS.TAX_RESIDENCES`,
  isBeneficialOwner: `${RP}.FIELDS.IS_BENEFICIAL_OWNER`,
  beneficiarySharePercent: `${RP}.FIELDS.BENEFICIARY_SHARE`,
  benefitType: `${RP}.FIELDS.BENEFIT_TYPE`,
  benefitTypeOther: `${RP}.FIELDS.BENEFIT_TYPE_OTHER`,
  isPep: `${RP}.PEP.IS_PEP`,
  pep: `${RP}.SECTIONS.PEP`,
  roles: `${RP}.SECTIONS.ROLES`,
  registryCountryCode: `${RP}.FIELDS.REGISTRY_COUNTRY`,
  businessName: `${RP}.FIELDS.BUSINESS_NAME`,
  registryCode: `${RP}.CARD.REGISTRY_CODE`,
  shareholders: `${RP}.SECTIONS.OWNERS`,
  holdings: `${RP}.SECTIONS.OWNERSHIP`,
};

/** "taxResidences.1.tin" is named by its field group, "firstName" by its own label. */
export const fieldLabelKey = (path: string): TranslationKey => FIELD_LABEL_KEYS[path.split('.')[0] ?? ''] ?? `${RP}.CARD.OTHER_DETAILS`;
