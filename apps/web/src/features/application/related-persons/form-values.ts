import {
  DEFAULT_COUNTRY_CODE,
  isBeneficialOwnersTotalToConfirm,
  parsePersonalId,
  RELATED_PERSON_ROLES,
  relatedPersonsDraftSchema,
  type HoldingDraft,
  type LegalEntityDraft,
  type PersonDraft,
  type PrivatePersonDraft,
  type RelatedPersonRole,
  type RelatedPersonsDraft,
  type relatedPersonsSchema,
} from '@onboarding/domain';
import type { z } from 'zod';

export type RelatedPersonsStepInput = z.input<typeof relatedPersonsSchema>;

/**
 * The related persons step as the screen keeps it: the domain's draft of the
 * step (every person field optional until the user adds what the register
 * does not know). The draft is saved in this shape, so a draft, the saved
 * step and the register's pre-fill are all read by readStepValues().
 */
export type Holding = HoldingDraft;
export type PrivatePersonValues = PrivatePersonDraft;
export type LegalEntityValues = LegalEntityDraft;
export type PersonValues = PersonDraft;
export type RelatedPersonsValues = RelatedPersonsDraft;

/** The applicant company's id wherever a shareholders list is named by its company (as the domain's violations do). */
export const APPLICANT_ID = '';

export const emptyStepValues = (): RelatedPersonsValues => ({ shareholders: [], relatedPersons: [] });

/** The step's values from a draft, the saved step or the register's pre-fill (any may be old or partial). */
export const readStepValues = (source: unknown): RelatedPersonsValues => relatedPersonsDraftSchema.parse(source);

/** The signed-in person as the access token names them. */
export type SignedInRepresentative = {
  personalId: string;
  personalIdCountryCode: string;
  givenName: string;
  surname: string;
  /** The company step says the person represents the company as a management board member. */
  isManagementBoardMember: boolean;
};

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
  // The basis given in the company step holds here too: a board member by their word is one among the persons.
  const roles: RelatedPersonRole[] = representative.isManagementBoardMember ? ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER'] : ['REPRESENTATIVE'];
  const existing = values.relatedPersons.find((person) => isSamePerson(person, representative));
  if (existing) {
    return {
      ...values,
      relatedPersons: values.relatedPersons.map((person) => (person === existing ? { ...person, roles: orderRoles([...person.roles, ...roles]) } : person)),
    };
  }
  // An Estonian personal code holds the birth date: nobody should type what the code already says.
  const birthDate = representative.personalIdCountryCode === DEFAULT_COUNTRY_CODE ? parsePersonalId(representative.personalId)?.birthDate : undefined;
  const person: PrivatePersonValues = {
    id: newId(),
    type: 'PRIVATE_PERSON',
    roles: orderRoles(roles),
    firstName: representative.givenName,
    lastName: representative.surname,
    personalId: representative.personalId,
    personalIdCountryCode: representative.personalIdCountryCode,
    ...(birthDate ? { birthDate } : {}),
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

/**
 * The confirmation that nobody else is a beneficial owner (decision 34) stands only while the list asks for
 * it: once the stakes total 100% or nobody is marked, it is dropped, so a later total under 100% asks again.
 */
export function withConfirmationInForce(values: RelatedPersonsValues): RelatedPersonsValues {
  if (values.hasNoOtherBeneficialOwners === undefined || isBeneficialOwnersTotalToConfirm(values.relatedPersons)) return values;
  const { hasNoOtherBeneficialOwners: _, ...rest } = values;
  return rest;
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
  return withConfirmationInForce(
    withConsistentRoles({
      ...values,
      shareholders: withHolding(values.shareholders, person.id, shares.get(APPLICANT_ID)),
      relatedPersons: persons.map((candidate) =>
        candidate.type === 'LEGAL_ENTITY' && candidate.id !== person.id
          ? { ...candidate, shareholders: withHolding(candidate.shareholders, person.id, shares.get(candidate.id)) }
          : candidate,
      ),
    }),
  );
}

/** Removes a person and every holding of theirs; the representative stays (docs/requirements.md section 1: the applicant). */
export function removePerson(values: RelatedPersonsValues, personId: string): RelatedPersonsValues {
  const person = values.relatedPersons.find((candidate) => candidate.id === personId);
  if (!person || person.roles.includes('REPRESENTATIVE')) return values;
  return withConfirmationInForce(
    withConsistentRoles({
      ...values,
      shareholders: values.shareholders.filter((holding) => holding.personId !== personId),
      relatedPersons: values.relatedPersons
        .filter((candidate) => candidate.id !== personId)
        .map((candidate) =>
          candidate.type === 'LEGAL_ENTITY'
            ? { ...candidate, shareholders: candidate.shareholders.filter((holding) => holding.personId !== personId) }
            : candidate,
        ),
    }),
  );
}

/**
 * The step's data for PUT steps/RelatedPersons: the values with consistent
 * roles. Persons still missing details go as they are, for the schema to
 * report; the input type has no room for that.
 */
export function toStepPayload(values: RelatedPersonsValues): RelatedPersonsStepInput {
  return withConfirmationInForce(withConsistentRoles(values)) as unknown as RelatedPersonsStepInput;
}

/** An id for a person added on this screen; unique within the step, which is all an id must be. */
export function newPersonId(values: RelatedPersonsValues, random: () => string = () => Math.random().toString(36).slice(2, 10)): string {
  const taken = new Set(values.relatedPersons.map((person) => person.id));
  for (;;) {
    const id = `person:new:${random()}`;
    if (!taken.has(id)) return id;
  }
}
