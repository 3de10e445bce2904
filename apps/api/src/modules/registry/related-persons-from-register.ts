import {
  RELATED_PERSON_ROLES,
  type BenefitType,
  type RegisterBeneficialOwnership,
  type LegalEntityRef,
  type PrivatePersonRef,
  type RelatedPersonRole,
  type ShareholdingRef,
} from '@onboarding/domain';
import type { PersonKey, RegisterCompanyDetails, RegisterPersonData } from './business-register.js';
import type { RegisterShareholder } from '@onboarding/domain';

export type PrivatePersonDraft = PrivatePersonRef & RegisterPersonData & { roles: RelatedPersonRole[]; benefitType?: BenefitType; benefitTypeOther?: string };
export type LegalEntityDraft = LegalEntityRef & {
  roles: RelatedPersonRole[];
  businessName: string;
  registryCode: string;
  registryCountryCode: string;
  shareholders: ShareholdingRef[];
};
export type RelatedPersonDraft = PrivatePersonDraft | LegalEntityDraft;

/** The related persons step as far as the register can fill it, in the shape validateRelatedPersons reads. */
export type RelatedPersonsDraft = { shareholders: ShareholdingRef[]; relatedPersons: RelatedPersonDraft[] };

const idOfPersonalId = (countryCode: string, personalId: string) => `person:${countryCode}:${personalId}`;

const privateId = (person: RegisterPersonData) =>
  person.personalId === undefined
    ? // docs/requirements.md section 5: a person without an ID is told apart by birth date.
      `person:${person.personalIdCountryCode}:${person.birthDate}:${person.lastName}`
    : idOfPersonalId(person.personalIdCountryCode, person.personalId);

const personData = (person: RegisterPersonData): RegisterPersonData => ({
  firstName: person.firstName,
  lastName: person.lastName,
  ...(person.personalId === undefined ? {} : { personalId: person.personalId }),
  personalIdCountryCode: person.personalIdCountryCode,
  birthDate: person.birthDate,
  nationalityCountryCode: person.nationalityCountryCode,
  residentialCountryCode: person.residentialCountryCode,
  residency: person.residency,
});

const byRoleOrder = (roles: RelatedPersonRole[]) => RELATED_PERSON_ROLES.filter((role) => roles.includes(role));

/**
 * Turns a company's register card into related persons
 * (docs/requirements.md section 3): each person once, with every role the
 * register gives them, and each company owner with its own shareholders list
 * down the chain. The representative, when given and found, gets the
 * REPRESENTATIVE role.
 */
export const relatedPersonsFromRegister = (company: RegisterCompanyDetails, representative?: PersonKey): RelatedPersonsDraft => {
  const persons = new Map<string, RelatedPersonDraft>();

  const addRole = (draft: RelatedPersonDraft, role: RelatedPersonRole) => {
    if (!draft.roles.includes(role)) draft.roles.push(role);
  };

  const privatePerson = (data: RegisterPersonData, role: RelatedPersonRole): PrivatePersonDraft => {
    const id = privateId(data);
    const known = persons.get(id);
    if (known?.type === 'PRIVATE_PERSON') {
      addRole(known, role);
      return known;
    }
    const draft: PrivatePersonDraft = { id, type: 'PRIVATE_PERSON', roles: [role], ...personData(data) };
    persons.set(id, draft);
    return draft;
  };

  const holdingsOf = (shareholders: readonly RegisterShareholder[]): ShareholdingRef[] =>
    shareholders.map((holder) => {
      if (holder.type === 'PRIVATE_PERSON') {
        return { personId: privatePerson(holder, 'SHAREHOLDER').id, sharePercent: holder.sharePercent };
      }
      const id = `entity:${holder.registryCountryCode}:${holder.registryCode}`;
      if (!persons.has(id)) {
        const entity: LegalEntityDraft = {
          id,
          type: 'LEGAL_ENTITY',
          roles: ['SHAREHOLDER'],
          businessName: holder.businessName,
          registryCode: holder.registryCode,
          registryCountryCode: holder.registryCountryCode,
          shareholders: [],
        };
        // Registered before its owners are read, so a chain that comes back to it stops here.
        persons.set(id, entity);
        entity.shareholders = holdingsOf(holder.shareholders);
      }
      return { personId: id, sharePercent: holder.sharePercent };
    });

  const shareholders = holdingsOf(company.shareholders);
  for (const member of company.managementBoardMembers) privatePerson(member, 'MANAGEMENT_BOARD_MEMBER');
  for (const member of company.supervisoryBoardMembers) privatePerson(member, 'SUPERVISORY_BOARD_MEMBER');
  for (const owner of company.beneficialOwners) {
    const draft = privatePerson(owner, 'BENEFICIARY');
    draft.isBeneficialOwner = true;
    draft.benefitType = owner.benefitType;
    if (owner.beneficiarySharePercent !== undefined) draft.beneficiarySharePercent = owner.beneficiarySharePercent;
    if (owner.benefitTypeOther !== undefined) draft.benefitTypeOther = owner.benefitTypeOther;
  }
  if (representative) {
    const representativeId = idOfPersonalId(representative.countryCode, representative.personalId);
    const known = persons.get(representativeId);
    const authorized = company.authorizedPersons.find((person) => privateId(person) === representativeId);
    if (known) addRole(known, 'REPRESENTATIVE');
    else if (authorized) privatePerson(authorized, 'REPRESENTATIVE');
  }

  const relatedPersons = [...persons.values()].map((draft) => ({ ...draft, roles: byRoleOrder(draft.roles) }));
  return { shareholders, relatedPersons };
};

/**
 * The register's word on the beneficial owners, for the step to show beside the applicant's list: whom it names and
 * how they control the company, how many it counts without naming, and the notices filed (docs/register-facts.md
 * section 2.4). A card stored before the count and notices were kept says none.
 */
export const registerBeneficialOwnershipOf = (company: RegisterCompanyDetails): RegisterBeneficialOwnership => ({
  owners: company.beneficialOwners.map((owner) => ({
    firstName: owner.firstName,
    lastName: owner.lastName,
    ...(owner.personalId === undefined ? {} : { personalId: owner.personalId }),
    birthDate: owner.birthDate,
    benefitType: owner.benefitType,
    ...(owner.benefitTypeOther === undefined ? {} : { benefitTypeOther: owner.benefitTypeOther }),
    ...(owner.beneficiarySharePercent === undefined ? {} : { beneficiarySharePercent: owner.beneficiarySharePercent }),
    ...(owner.controlTypeCode === undefined ? {} : { controlTypeCode: owner.controlTypeCode }),
    ...(owner.controlTypeName === undefined ? {} : { controlTypeName: owner.controlTypeName }),
    ...(owner.hasDiscrepancyNotice === true ? { hasDiscrepancyNotice: true } : {}),
  })),
  hidden: company.hiddenBeneficialOwners ?? 0,
  hasMissingDataNotice: company.hasBeneficialOwnersMissingNotice === true,
});
