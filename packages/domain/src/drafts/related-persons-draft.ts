import { z } from 'zod';
import { RESIDENCIES } from '../schemas/own-details.js';
import { BENEFIT_TYPES, RELATED_PERSON_ROLES, type legalEntitySchema, type privatePersonSchema } from '../schemas/related-persons.js';

/**
 * The related persons step as its screen keeps it: the shape of the step's
 * data (relatedPersonsSchema) with every person field optional, because
 * persons from the business register lack what the register does not know
 * (addresses, tax residences, political exposure) until the user adds it.
 * A draft, the saved step and the register's pre-fill are all read here.
 */

/** Leaves out keys whose value is undefined, so a read value has only what its source had. */
const compact = <T extends Record<string, unknown>>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;

const maybe = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const text = () => maybe(z.string());
const filledText = () => z.string().catch('');
const finiteNumber = () => maybe(z.number().refine(Number.isFinite));

/** Entries that read as `item`; the others are left out. */
const entries = <T extends z.ZodType>(item: T) =>
  z
    .array(z.unknown())
    .catch([])
    .transform((items) =>
      items.flatMap((candidate) => {
        const read = item.safeParse(candidate);
        return read.success ? [read.data as z.output<T>] : [];
      }),
    );

const holdingDraftSchema = z.object({ personId: z.string(), sharePercent: finiteNumber() }).transform(compact);
export type HoldingDraft = z.output<typeof holdingDraftSchema>;

const addressPartsSchema = z
  .object({ countryCode: text(), county: text(), district: text(), city: text(), street: text(), postalCode: text() })
  .transform(compact);

const personBase = {
  id: z.string().min(1),
  roles: z
    .array(z.unknown())
    .catch([])
    .transform((roles) => RELATED_PERSON_ROLES.filter((role) => roles.includes(role))),
  isFromRegister: maybe(z.boolean().transform((mark): boolean | undefined => (mark ? true : undefined))),
};

export const privatePersonDraftSchema = z
  .object({
    ...personBase,
    type: z.literal('PRIVATE_PERSON'),
    firstName: text(),
    lastName: text(),
    personalId: text(),
    personalIdCountryCode: text(),
    birthDate: text(),
    birthCountryCode: text(),
    nationalityCountryCode: text(),
    residentialAddress: maybe(addressPartsSchema),
    residentialCountryCode: text(),
    residency: maybe(z.enum(RESIDENCIES)),
    isEResident: maybe(z.boolean()),
    livesAndWorksMostlyInEstonia: maybe(z.boolean()),
    taxResidences: maybe(entries(z.object({ countryCode: filledText(), tin: filledText() }))),
    isBeneficialOwner: maybe(z.boolean()),
    beneficiarySharePercent: finiteNumber(),
    benefitType: maybe(z.enum(BENEFIT_TYPES)),
    benefitTypeOther: text(),
    isPep: maybe(z.boolean()),
    pep: maybe(
      z.object({ firstName: filledText(), lastName: filledText(), birthDate: filledText(), birthCountryCode: filledText(), governmentPosition: filledText() }),
    ),
  } satisfies Record<keyof z.input<typeof privatePersonSchema>, z.ZodType>)
  .transform(compact);
export type PrivatePersonDraft = z.output<typeof privatePersonDraftSchema>;

export const legalEntityDraftSchema = z
  .object({
    ...personBase,
    type: z.literal('LEGAL_ENTITY'),
    registryCountryCode: text(),
    businessName: text(),
    registryCode: text(),
    /** The entity's own owners: the nested owners of docs/requirements.md section 3. */
    shareholders: entries(holdingDraftSchema),
  } satisfies Record<keyof z.input<typeof legalEntitySchema>, z.ZodType>)
  .transform(compact);
export type LegalEntityDraft = z.output<typeof legalEntityDraftSchema>;

export type PersonDraft = PrivatePersonDraft | LegalEntityDraft;

/**
 * The step's persons and holdings from any stored form. A person without an
 * id cannot be told apart and is dropped, and so is a repeated id and a
 * holding of a person who is not in the list, since nothing could show it.
 */
export const relatedPersonsDraftSchema = z
  .object({
    shareholders: entries(holdingDraftSchema),
    relatedPersons: entries(z.union([privatePersonDraftSchema, legalEntityDraftSchema])),
    hasNoOtherBeneficialOwners: maybe(z.boolean()),
  })
  .catch({ shareholders: [], relatedPersons: [] })
  .transform(({ shareholders, relatedPersons, hasNoOtherBeneficialOwners }) => {
    const unique = relatedPersons.filter((person, index) => relatedPersons.findIndex((other) => other.id === person.id) === index);
    const ids = new Set(unique.map((person) => person.id));
    const known = (holdings: HoldingDraft[]) => holdings.filter((holding) => ids.has(holding.personId));
    return {
      /** The applicant company's first-level owners. */
      shareholders: known(shareholders),
      relatedPersons: unique.map((person): PersonDraft => (person.type === 'LEGAL_ENTITY' ? { ...person, shareholders: known(person.shareholders) } : person)),
      /** The confirmation that lets the beneficial owners' stakes total less than 100% (decision 34). */
      ...(hasNoOtherBeneficialOwners === undefined ? {} : { hasNoOtherBeneficialOwners }),
    };
  });
export type RelatedPersonsDraft = z.output<typeof relatedPersonsDraftSchema>;
