import { DEFAULT_COUNTRY_CODE, REQUIRED_TOTAL_SHARE_PERCENT } from '../constants.js';
import { percentToBasisPoints } from './amount.js';
import type { ValidationCode, ValidationParams } from './codes.js';
import type { RelatedPersonRole as Role } from '../schemas/related-persons.js';
import { findOwnershipCycles } from './ownership-cycles.js';
import { ownersTotal } from './owners-total.js';

export type ShareholdingRef = { personId: string; sharePercent?: number | undefined };

/** The fields of a private person the whole-list rules look at (a draft may lack the rest). */
export type PrivatePersonRef = {
  id: string;
  type: 'PRIVATE_PERSON';
  roles: readonly Role[];
  personalId?: string | undefined;
  personalIdCountryCode?: string | undefined;
  birthDate?: string | undefined;
  isBeneficialOwner?: boolean | undefined;
  beneficiarySharePercent?: number | undefined;
};

export type LegalEntityRef = {
  id: string;
  type: 'LEGAL_ENTITY';
  roles: readonly Role[];
  registryCode?: string | undefined;
  registryCountryCode?: string | undefined;
  shareholders: readonly ShareholdingRef[];
};

export type RelatedPersonRef = PrivatePersonRef | LegalEntityRef;

export type RelatedPersonsRuleInput = {
  relatedPersons: readonly RelatedPersonRef[];
  /** The applicant company's shareholders list: its first-level owners. */
  shareholders: readonly ShareholdingRef[];
  /** The applicant company, when known (company data step). */
  company?: { registryCode?: string | undefined; registryCountryCode?: string | undefined; isListedCompany?: boolean | undefined };
  /** The signed-in representative, when known (from the token). */
  representative?: { personalId: string; personalIdCountryCode?: string | undefined };
  /**
   * The applicant confirms that nobody besides the beneficial owners listed holds more than 25% or otherwise controls
   * the company: their stakes may then total less than 100% (decision 34).
   */
  hasNoOtherBeneficialOwners?: boolean | undefined;
};

/** One broken rule and the persons (ids) it concerns, so the screen can say who is wrong and why. */
export type RelatedPersonsViolation = {
  code: ValidationCode;
  params: ValidationParams;
  personIds: string[];
};

const EXPECTED_BASIS_POINTS = percentToBasisPoints(REQUIRED_TOTAL_SHARE_PERCENT);

const violation = (code: ValidationCode, personIds: string[], params: ValidationParams = {}): RelatedPersonsViolation => ({
  code,
  params,
  personIds,
});

/** Ids grouped by key, keeping only groups with more than one member. */
const clashes = <T extends { id: string }>(items: readonly T[], keyOf: (item: T) => string | null): string[][] => {
  const groups = new Map<string, string[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null) continue;
    groups.set(key, [...(groups.get(key) ?? []), item.id]);
  }
  return [...groups.values()].filter((ids) => ids.length > 1);
};

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';
const countryOr = (code: string | undefined) => (present(code) ? code : DEFAULT_COUNTRY_CODE);
const asPercent = (basisPoints: number) => basisPoints / 100;

const isPrivate = (person: RelatedPersonRef): person is PrivatePersonRef => person.type === 'PRIVATE_PERSON';
const isEntity = (person: RelatedPersonRef): person is LegalEntityRef => person.type === 'LEGAL_ENTITY';
const isBeneficiary = (person: PrivatePersonRef) => person.roles.includes('BENEFICIARY') || person.isBeneficialOwner === true;

const uniquenessRules = (persons: readonly RelatedPersonRef[]): RelatedPersonsViolation[] => {
  const privatePersons = persons.filter(isPrivate);
  return [
    ...clashes(persons, (person) => person.id).map((ids) => violation('technicalIdNotUnique', [ids[0] ?? ''])),
    ...clashes(privatePersons, (person) => (present(person.personalId) ? `${countryOr(person.personalIdCountryCode)}:${person.personalId.trim()}` : null)).map(
      (ids) => violation('personAlreadyExists', ids),
    ),
    // docs/requirements.md section 5: persons without an ID are unique by birth date.
    ...clashes(privatePersons, (person) => (!present(person.personalId) && present(person.birthDate) ? person.birthDate : null)).map((ids) =>
      violation('personWithBirthDateAlreadyExists', ids),
    ),
    ...clashes(persons.filter(isEntity), (entity) =>
      present(entity.registryCode) ? `${countryOr(entity.registryCountryCode)}:${entity.registryCode.trim()}` : null,
    ).map((ids) => violation('legalEntityAlreadyExists', ids)),
  ];
};

type ShareholdersList = { companyId: string; shareholders: readonly ShareholdingRef[] };

const shareholdersListRules = (lists: readonly ShareholdersList[], knownIds: ReadonlySet<string>) =>
  lists.flatMap(({ companyId, shareholders }) => {
    const ids = shareholders.map((holding) => holding.personId);
    const missing = [...new Set(ids.filter((id) => !knownIds.has(id)))];
    const repeated = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
    return [
      ...missing.map((id) => violation('technicalShareholderMissing', [id], { companyId })),
      ...repeated.map((id) => violation('technicalIdNotUnique', [id], { companyId })),
    ];
  });

const firstLevelTotalRule = (input: RelatedPersonsRuleInput): RelatedPersonsViolation[] => {
  if (input.shareholders.length === 0) return [];
  const { total, code } = ownersTotal(input.shareholders, { kind: 'applicant', isListedCompany: input.company?.isListedCompany });
  const ids = input.shareholders.map((holding) => holding.personId);
  return code === null ? [] : [violation(code, ids, { total, expected: REQUIRED_TOTAL_SHARE_PERCENT })];
};

/** Each legal entity's owners, at any depth: the entity and its owners are named, the entity first. */
const legalEntityTotalRule = (persons: readonly RelatedPersonRef[]): RelatedPersonsViolation[] =>
  persons.filter(isEntity).flatMap((entity) => {
    const { total, code } = ownersTotal(entity.shareholders, { kind: 'legalEntity' });
    if (code === null) return [];
    const ids = [...new Set([entity.id, ...entity.shareholders.map((holding) => holding.personId)])];
    return [violation(code, ids, { total, expected: REQUIRED_TOTAL_SHARE_PERCENT, companyId: entity.id })];
  });

/** The persons marked as beneficial owners and their stakes added up, exact to the hundredth of a percent. */
export const beneficialOwnersTotalOf = (persons: readonly RelatedPersonRef[]): { ids: string[]; totalPercent: number } => {
  const beneficiaries = persons.filter(isPrivate).filter(isBeneficiary);
  const total = beneficiaries.reduce((sum, person) => sum + percentToBasisPoints(person.beneficiarySharePercent ?? 0), 0);
  return { ids: beneficiaries.map((person) => person.id), totalPercent: asPercent(total) };
};

/**
 * Whether the list asks the applicant to confirm that nobody else is a beneficial owner: someone is named and their
 * stakes total less than 100%. The rest may be small holdings nobody controls (decision 34); with nobody named
 * there is nothing to confirm, since every company has a beneficial owner.
 */
export const isBeneficialOwnersTotalToConfirm = (persons: readonly RelatedPersonRef[]): boolean => {
  const { ids, totalPercent } = beneficialOwnersTotalOf(persons);
  return ids.length > 0 && percentToBasisPoints(totalPercent) < EXPECTED_BASIS_POINTS;
};

/**
 * docs/requirements.md section 5: the beneficial owners' stakes total 100%, or less when the applicant confirms that
 * nobody else holds more than 25% or otherwise controls the company. Never more.
 */
const beneficiariesTotalRule = (persons: readonly RelatedPersonRef[], hasNoOtherBeneficialOwners: boolean): RelatedPersonsViolation[] => {
  const { ids, totalPercent } = beneficialOwnersTotalOf(persons);
  const total = percentToBasisPoints(totalPercent);
  if (total === EXPECTED_BASIS_POINTS) return [];
  if (hasNoOtherBeneficialOwners && isBeneficialOwnersTotalToConfirm(persons)) return [];
  const code = total > EXPECTED_BASIS_POINTS ? 'beneficiariesTotalTooBig' : 'beneficiariesTotalNotEqual';
  return [violation(code, ids, { total: totalPercent, expected: REQUIRED_TOTAL_SHARE_PERCENT })];
};

const membershipRules = (persons: readonly RelatedPersonRef[], listed: ReadonlySet<string>) => [
  ...persons
    .filter(isEntity)
    .filter((entity) => !listed.has(entity.id))
    .map((entity) => violation('legalEntityNotInShareholders', [entity.id])),
  ...persons
    .filter(isPrivate)
    .filter((person) => person.roles.includes('SHAREHOLDER') && !listed.has(person.id))
    .map((person) => violation('ownerNotInShareholders', [person.id])),
];

const representativeRule = (input: RelatedPersonsRuleInput): RelatedPersonsViolation[] => {
  const representatives = input.relatedPersons.filter((person) => person.roles.includes('REPRESENTATIVE'));
  if (representatives.length > 1) {
    return [
      violation(
        'representativeIncorrect',
        representatives.map((person) => person.id),
      ),
    ];
  }
  const [listedRepresentative] = representatives;
  if (!listedRepresentative) return [];
  const expected = input.representative;
  const isConsistent =
    isPrivate(listedRepresentative) &&
    (expected === undefined ||
      (listedRepresentative.personalId?.trim() === expected.personalId.trim() &&
        countryOr(listedRepresentative.personalIdCountryCode) === countryOr(expected.personalIdCountryCode)));
  return isConsistent ? [] : [violation('representativeIncorrect', [listedRepresentative.id])];
};

const selfOwnershipRule = (input: RelatedPersonsRuleInput, lists: readonly ShareholdersList[]) => {
  const entities = input.relatedPersons.filter(isEntity);
  const entityIds = new Set(entities.map((entity) => entity.id));
  const edges = lists
    .filter((list) => entityIds.has(list.companyId))
    .map((list) => ({
      ownedId: list.companyId,
      ownerIds: list.shareholders.map((holding) => holding.personId).filter((id) => entityIds.has(id)),
    }));
  const cycles = findOwnershipCycles(edges).map((ids) => violation('technicalEntityOwnsItself', ids));
  // The applicant itself appearing among its owners also owns itself.
  const company = input.company;
  const applicantCode = company?.registryCode?.trim();
  const applicantCopies = present(applicantCode)
    ? entities.filter(
        (entity) => entity.registryCode?.trim() === applicantCode && countryOr(entity.registryCountryCode) === countryOr(company?.registryCountryCode),
      )
    : [];
  return [...cycles, ...applicantCopies.map((entity) => violation('technicalEntityOwnsItself', [entity.id]))];
};

/**
 * The related-person rules of docs/requirements.md section 5 over the whole
 * list. Returns every violation, each naming the persons it concerns; an empty
 * list means the related persons may be submitted.
 */
export const validateRelatedPersons = (input: RelatedPersonsRuleInput): RelatedPersonsViolation[] => {
  const persons = input.relatedPersons;
  const lists: ShareholdersList[] = [
    { companyId: '', shareholders: input.shareholders },
    ...persons.filter(isEntity).map((entity) => ({ companyId: entity.id, shareholders: entity.shareholders })),
  ];
  const listed = new Set(lists.flatMap((list) => list.shareholders.map((holding) => holding.personId)));
  const knownIds = new Set(persons.map((person) => person.id));
  return [
    ...uniquenessRules(persons),
    ...(input.shareholders.length === 0 ? [violation('ownerRequired', [])] : []),
    ...shareholdersListRules(lists, knownIds),
    ...firstLevelTotalRule(input),
    ...legalEntityTotalRule(persons),
    ...beneficiariesTotalRule(persons, input.hasNoOtherBeneficialOwners === true),
    ...(persons.some((person) => person.roles.includes('MANAGEMENT_BOARD_MEMBER')) ? [] : [violation('managementBoardMemberRequired', [])]),
    ...membershipRules(persons, listed),
    ...representativeRule(input),
    ...selfOwnershipRule(input, lists),
  ];
};
