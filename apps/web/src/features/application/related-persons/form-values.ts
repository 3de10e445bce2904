import {
  BENEFIT_TYPES,
  DEFAULT_COUNTRY_CODE,
  RELATED_PERSON_ROLES,
  RELATED_PERSON_TYPES,
  RESIDENCIES,
  type BenefitType,
  type RelatedPersonRole,
  type relatedPersonsSchema,
  type Residency,
} from '@onboarding/domain';
import type { z } from 'zod';

export type RelatedPersonsStepInput = z.input<typeof relatedPersonsSchema>;

/**
 * The related persons step as the screen keeps it: the shape of the step's
 * data (relatedPersonsSchema), with every person field optional, because
 * persons from the business register lack what the register does not know
 * (addresses, tax residences, political exposure) until the user adds it.
 * The draft is saved in this shape, so a draft, the saved step and the
 * register's pre-fill are all read by readStepValues().
 */
export type Holding = { personId: string; sharePercent?: number };

export type AddressValue = { countryCode?: string; county?: string; district?: string; city?: string; street?: string; postalCode?: string };
export type TaxResidenceValue = { countryCode: string; tin: string };
export type PepValue = { firstName: string; lastName: string; birthDate: string; birthCountryCode: string; governmentPosition: string };

type PersonBase = { id: string; roles: RelatedPersonRole[]; isFromRegister?: boolean };

export type PrivatePersonValues = PersonBase & {
  type: 'PRIVATE_PERSON';
  firstName?: string;
  lastName?: string;
  personalId?: string;
  personalIdCountryCode?: string;
  birthDate?: string;
  birthCountryCode?: string;
  nationalityCountryCode?: string;
  residentialAddress?: AddressValue;
  residentialCountryCode?: string;
  residency?: Residency;
  isEResident?: boolean;
  livesAndWorksMostlyInEstonia?: boolean;
  taxResidences?: TaxResidenceValue[];
  isBeneficialOwner?: boolean;
  beneficiarySharePercent?: number;
  benefitType?: BenefitType;
  benefitTypeOther?: string;
  isPep?: boolean;
  pep?: PepValue;
};

export type LegalEntityValues = PersonBase & {
  type: 'LEGAL_ENTITY';
  registryCountryCode?: string;
  businessName?: string;
  registryCode?: string;
  /** The entity's own owners: the nested owners of SPEC.md section 3. */
  shareholders: Holding[];
};

export type PersonValues = PrivatePersonValues | LegalEntityValues;

export type RelatedPersonsValues = {
  /** The applicant company's first-level owners. */
  shareholders: Holding[];
  relatedPersons: PersonValues[];
};

/** The applicant company's id wherever a shareholders list is named by its company (as the domain's violations do). */
export const APPLICANT_ID = '';

export const emptyStepValues = (): RelatedPersonsValues => ({ shareholders: [], relatedPersons: [] });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const yesNo = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
const number = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const oneOf = <T extends string>(allowed: readonly T[], value: unknown): T | undefined => allowed.find((candidate) => candidate === value);

/** Drops keys whose value is undefined, so a read value has only what the source had. */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

function readHoldings(source: unknown): Holding[] {
  if (!Array.isArray(source)) return [];
  return source.flatMap((item) => {
    if (!isRecord(item) || typeof item.personId !== 'string') return [];
    return [compact({ personId: item.personId, sharePercent: number(item.sharePercent) })];
  });
}

function readAddress(source: unknown): AddressValue | undefined {
  if (!isRecord(source)) return undefined;
  return compact({
    countryCode: text(source.countryCode),
    county: text(source.county),
    district: text(source.district),
    city: text(source.city),
    street: text(source.street),
    postalCode: text(source.postalCode),
  });
}

function readTaxResidences(source: unknown): TaxResidenceValue[] | undefined {
  if (!Array.isArray(source)) return undefined;
  return source.filter(isRecord).map((residence) => ({ countryCode: text(residence.countryCode) ?? '', tin: text(residence.tin) ?? '' }));
}

function readPep(source: unknown): PepValue | undefined {
  if (!isRecord(source)) return undefined;
  return {
    firstName: text(source.firstName) ?? '',
    lastName: text(source.lastName) ?? '',
    birthDate: text(source.birthDate) ?? '',
    birthCountryCode: text(source.birthCountryCode) ?? '',
    governmentPosition: text(source.governmentPosition) ?? '',
  };
}

const readRoles = (source: unknown): RelatedPersonRole[] =>
  Array.isArray(source) ? RELATED_PERSON_ROLES.filter((role) => source.includes(role)) : [];

function readPerson(source: unknown): PersonValues | null {
  if (!isRecord(source) || typeof source.id !== 'string' || source.id === '') return null;
  const type = oneOf(RELATED_PERSON_TYPES, source.type);
  if (!type) return null;
  const base = { id: source.id, roles: readRoles(source.roles), isFromRegister: source.isFromRegister === true ? true : undefined };
  if (type === 'LEGAL_ENTITY') {
    return compact<LegalEntityValues>({
      ...base,
      type,
      registryCountryCode: text(source.registryCountryCode),
      businessName: text(source.businessName),
      registryCode: text(source.registryCode),
      shareholders: readHoldings(source.shareholders),
    });
  }
  return compact<PrivatePersonValues>({
    ...base,
    type,
    firstName: text(source.firstName),
    lastName: text(source.lastName),
    personalId: text(source.personalId),
    personalIdCountryCode: text(source.personalIdCountryCode),
    birthDate: text(source.birthDate),
    birthCountryCode: text(source.birthCountryCode),
    nationalityCountryCode: text(source.nationalityCountryCode),
    residentialAddress: readAddress(source.residentialAddress),
    residentialCountryCode: text(source.residentialCountryCode),
    residency: oneOf(RESIDENCIES, source.residency),
    isEResident: yesNo(source.isEResident),
    livesAndWorksMostlyInEstonia: yesNo(source.livesAndWorksMostlyInEstonia),
    taxResidences: readTaxResidences(source.taxResidences),
    isBeneficialOwner: yesNo(source.isBeneficialOwner),
    beneficiarySharePercent: number(source.beneficiarySharePercent),
    benefitType: oneOf(BENEFIT_TYPES, source.benefitType),
    benefitTypeOther: text(source.benefitTypeOther),
    isPep: yesNo(source.isPep),
    pep: readPep(source.pep),
  });
}

/**
 * The step's values from a draft, the saved step or the register's pre-fill
 * (any may be old or partial). Anything of the wrong kind is left out; a
 * person without an id cannot be told apart and is dropped, and so is a
 * holding of a person who is not in the list, since nothing could show it.
 */
export function readStepValues(source: unknown): RelatedPersonsValues {
  if (!isRecord(source)) return emptyStepValues();
  const persons = Array.isArray(source.relatedPersons) ? source.relatedPersons.map(readPerson).filter((person) => person !== null) : [];
  const unique = persons.filter((person, index) => persons.findIndex((other) => other.id === person.id) === index);
  const ids = new Set(unique.map((person) => person.id));
  const known = (holdings: Holding[]) => holdings.filter((holding) => ids.has(holding.personId));
  return {
    shareholders: known(readHoldings(source.shareholders)),
    relatedPersons: unique.map((person) => (person.type === 'LEGAL_ENTITY' ? { ...person, shareholders: known(person.shareholders) } : person)),
  };
}

/** The signed-in person as the access token names them. */
export type SignedInRepresentative = { personalId: string; personalIdCountryCode: string; givenName: string; surname: string };

const isSamePerson = (person: PersonValues, representative: SignedInRepresentative) =>
  person.type === 'PRIVATE_PERSON' &&
  person.personalId?.trim() === representative.personalId &&
  (person.personalIdCountryCode || DEFAULT_COUNTRY_CODE) === representative.personalIdCountryCode;

/**
 * The representative is always among the related persons: when nobody has
 * the role, the signed-in person gets it, as an existing person with the same
 * personal ID or as a new person first in the list.
 */
export function withRepresentative(values: RelatedPersonsValues, representative: SignedInRepresentative | null, newId: () => string): RelatedPersonsValues {
  if (!representative || values.relatedPersons.some((person) => person.roles.includes('REPRESENTATIVE'))) return values;
  const existing = values.relatedPersons.find((person) => isSamePerson(person, representative));
  if (existing) {
    return {
      ...values,
      relatedPersons: values.relatedPersons.map((person) => (person === existing ? { ...person, roles: orderRoles([...person.roles, 'REPRESENTATIVE']) } : person)),
    };
  }
  const person: PrivatePersonValues = {
    id: newId(),
    type: 'PRIVATE_PERSON',
    roles: ['REPRESENTATIVE'],
    firstName: representative.givenName,
    lastName: representative.surname,
    personalId: representative.personalId,
    personalIdCountryCode: representative.personalIdCountryCode,
  };
  return { ...values, relatedPersons: [person, ...values.relatedPersons] };
}

export const orderRoles = (roles: readonly RelatedPersonRole[]): RelatedPersonRole[] => RELATED_PERSON_ROLES.filter((role) => roles.includes(role));

/** Every shareholders list of the structure, the applicant's first, each named by its company's id. */
export function shareholdersLists(values: RelatedPersonsValues): { companyId: string; shareholders: Holding[] }[] {
  return [
    { companyId: APPLICANT_ID, shareholders: values.shareholders },
    ...values.relatedPersons.flatMap((person) => (person.type === 'LEGAL_ENTITY' ? [{ companyId: person.id, shareholders: person.shareholders }] : [])),
  ];
}

/**
 * SHAREHOLDER follows from a holding in some company's list and BENEFICIARY
 * from the beneficial-owner flag (once it is answered), so the roles can
 * never disagree with the lists the domain rules read.
 */
export function withConsistentRoles(values: RelatedPersonsValues): RelatedPersonsValues {
  const holders = new Set(shareholdersLists(values).flatMap((list) => list.shareholders.map((holding) => holding.personId)));
  const relatedPersons = values.relatedPersons.map((person) => {
    const roles = new Set(person.roles);
    if (holders.has(person.id)) roles.add('SHAREHOLDER');
    else roles.delete('SHAREHOLDER');
    if (person.type === 'PRIVATE_PERSON' && person.isBeneficialOwner !== undefined) {
      if (person.isBeneficialOwner) roles.add('BENEFICIARY');
      else roles.delete('BENEFICIARY');
    }
    const ordered = orderRoles([...roles]);
    return ordered.join() === person.roles.join() ? person : { ...person, roles: ordered };
  });
  return { ...values, relatedPersons };
}

/** A person's share in each company of the structure, by company id. */
export function holdingsOf(values: RelatedPersonsValues, personId: string): Map<string, number | undefined> {
  const shares = new Map<string, number | undefined>();
  for (const list of shareholdersLists(values)) {
    const holding = list.shareholders.find((candidate) => candidate.personId === personId);
    if (holding) shares.set(list.companyId, holding.sharePercent);
  }
  return shares;
}

/** A holding in place of the old one (keeping its place in the list), added last, or dropped without a share. */
function withHolding(list: Holding[], personId: string, sharePercent: number | undefined): Holding[] {
  const index = list.findIndex((holding) => holding.personId === personId);
  if (sharePercent === undefined) return index === -1 ? list : list.filter((holding) => holding.personId !== personId);
  const holding = { personId, sharePercent };
  return index === -1 ? [...list, holding] : list.map((item, at) => (at === index ? holding : item));
}

/**
 * Puts a person edited in the modal into the step: in place of its old self
 * (or last, when new), with a holding in each company it has a share in and
 * none elsewhere; the roles follow.
 */
export function savePerson(values: RelatedPersonsValues, person: PersonValues, shares: ReadonlyMap<string, number>): RelatedPersonsValues {
  const isNew = !values.relatedPersons.some((candidate) => candidate.id === person.id);
  const persons = isNew ? [...values.relatedPersons, person] : values.relatedPersons.map((candidate) => (candidate.id === person.id ? person : candidate));
  return withConsistentRoles({
    shareholders: withHolding(values.shareholders, person.id, shares.get(APPLICANT_ID)),
    relatedPersons: persons.map((candidate) =>
      candidate.type === 'LEGAL_ENTITY' && candidate.id !== person.id
        ? { ...candidate, shareholders: withHolding(candidate.shareholders, person.id, shares.get(candidate.id)) }
        : candidate,
    ),
  });
}

/** Removes a person and every holding of theirs; the representative stays (SPEC.md section 1: the applicant). */
export function removePerson(values: RelatedPersonsValues, personId: string): RelatedPersonsValues {
  const person = values.relatedPersons.find((candidate) => candidate.id === personId);
  if (!person || person.roles.includes('REPRESENTATIVE')) return values;
  return withConsistentRoles({
    shareholders: values.shareholders.filter((holding) => holding.personId !== personId),
    relatedPersons: values.relatedPersons
      .filter((candidate) => candidate.id !== personId)
      .map((candidate) =>
        candidate.type === 'LEGAL_ENTITY' ? { ...candidate, shareholders: candidate.shareholders.filter((holding) => holding.personId !== personId) } : candidate,
      ),
  });
}

/**
 * The step's data for PUT steps/RelatedPersons: the values with consistent
 * roles. Persons still missing details go as they are, for the schema to
 * report; the input type has no room for that.
 */
export function toStepPayload(values: RelatedPersonsValues): RelatedPersonsStepInput {
  return withConsistentRoles(values) as unknown as RelatedPersonsStepInput;
}

/** An id for a person added on this screen; unique within the step, which is all an id must be. */
export function newPersonId(values: RelatedPersonsValues, random: () => string = () => Math.random().toString(36).slice(2, 10)): string {
  const taken = new Set(values.relatedPersons.map((person) => person.id));
  for (;;) {
    const id = `person:new:${random()}`;
    if (!taken.has(id)) return id;
  }
}
