import type { z } from 'zod';
import { DEFAULT_COUNTRY_CODE } from '../constants.js';
import { CONTACT_LANGUAGES, COOPERATION_TYPES, REPRESENTATION_BASES, type CompanyDataInput } from '../schemas/company-data.js';
import {
  addressDraftSchema,
  addressFromDraft,
  answered,
  draftChoice,
  draftFlag,
  draftList,
  draftObject,
  draftText,
  draftTexts,
  draftTick,
  filled,
  wholeNumberFromDraft,
} from './draft-fields.js';

export const partnerDraftSchema = draftObject({
  businessName: draftText(),
  countryCode: draftText(),
  cooperationType: draftChoice(COOPERATION_TYPES),
  cooperationTypeOther: draftText(),
});
export type PartnerDraft = z.output<typeof partnerDraftSchema>;
export const emptyPartnerDraft = (): PartnerDraft => partnerDraftSchema.parse({});

/**
 * The company data step as its form holds it: every field of
 * companyDataSchema (the compiler keeps the two lists equal), with an
 * unanswered yes/no as null, an unchosen option as '', a number as typed,
 * and the contact address and licence kept while hidden.
 */
export const companyDataDraftSchema = draftObject({
  businessName: draftText(),
  registryCode: draftText(),
  registryCountryCode: draftText(DEFAULT_COUNTRY_CODE),
  representationBasis: draftChoice(REPRESENTATION_BASES),
  representationBasisOther: draftText(),
  businessEmail: draftText(),
  businessPhone: draftText(),
  contactLanguage: draftChoice(CONTACT_LANGUAGES),
  emtakVersion: draftText(),
  mainFieldOfActivityCode: draftText(),
  additionalFieldOfActivityCodes: draftTexts(),
  fieldOfActivityDescription: draftText(),
  numberOfEmployees: draftText(),
  targetMarketCountryCodes: draftTexts(),
  legalAddress: addressDraftSchema,
  isContactAddressSameAsRegistrationAddress: draftTick(true),
  contactAddress: addressDraftSchema,
  hasLicense: draftFlag(),
  license: draftObject({ number: draftText(), issuer: draftText(), issueDate: draftText() }),
  partners: draftList(partnerDraftSchema),
  isListedCompany: draftFlag(),
  hasAccountInOtherCreditInstitution: draftFlag(),
  hasAccountClosedInLastSixMonths: draftFlag(),
} satisfies Record<keyof CompanyDataInput, z.ZodType>);
export type CompanyDataDraft = z.output<typeof companyDataDraftSchema>;

/**
 * The step data the draft stands for, as the form sends it: the hidden
 * contact address and licence are left out, so they are neither validated
 * nor saved; the OTHER texts go only with OTHER; unanswered choices go as
 * missing, which the schema reports as required.
 */
export function companyDataFromDraft(draft: CompanyDataDraft): CompanyDataInput {
  const data = {
    ...draft,
    registryCode: filled(draft.registryCode),
    representationBasis: answered(draft.representationBasis),
    representationBasisOther: draft.representationBasis === 'OTHER' ? draft.representationBasisOther : undefined,
    contactLanguage: answered(draft.contactLanguage),
    numberOfEmployees: wholeNumberFromDraft(draft.numberOfEmployees),
    legalAddress: addressFromDraft(draft.legalAddress),
    contactAddress: !draft.isContactAddressSameAsRegistrationAddress ? addressFromDraft(draft.contactAddress) : undefined,
    hasLicense: answered(draft.hasLicense),
    license: draft.hasLicense === true ? draft.license : undefined,
    partners: draft.partners.map((partner) => ({
      ...partner,
      cooperationType: answered(partner.cooperationType),
      cooperationTypeOther: partner.cooperationType === 'OTHER' ? partner.cooperationTypeOther : undefined,
    })),
    isListedCompany: answered(draft.isListedCompany),
    hasAccountInOtherCreditInstitution: answered(draft.hasAccountInOtherCreditInstitution),
    hasAccountClosedInLastSixMonths: answered(draft.hasAccountClosedInLastSixMonths),
  };
  // Missing answers are what the schema is to report; its input type has no room for them.
  return data as unknown as CompanyDataInput;
}
