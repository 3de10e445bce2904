import { z } from 'zod';
import { LIST_MAX_ITEMS, TEXT_MAX_LENGTH } from '../constants.js';
import { validationIssue } from '../validation/codes.js';
import { addressSchema } from './address.js';
import { addValidationIssue, birthDate, countryCode, flag, list, object, oneOf, personName, requiredText, uniqueCountries, whenValid } from './fields.js';

/** Residency of a private person (docs/requirements.md section 3); non-residents among owners raise a notice on the overview. */
export const RESIDENCIES = ['RESIDENT', 'NON_RESIDENT'] as const;
export type Residency = (typeof RESIDENCIES)[number];

export const taxResidenceSchema = object({
  countryCode: countryCode(),
  tin: requiredText({
    rules: [(value) => (value.length <= TEXT_MAX_LENGTH.tin && /^[A-Za-z0-9\-/. ]+$/.test(value) ? null : validationIssue('invalidTin'))],
  }),
});
export type TaxResidence = z.infer<typeof taxResidenceSchema>;

/** Political exposure sub-form (docs/requirements.md section 3). */
export const pepSchema = object({
  firstName: personName(),
  lastName: personName(),
  birthDate: birthDate(),
  birthCountryCode: countryCode(),
  governmentPosition: requiredText(),
});
export type Pep = z.infer<typeof pepSchema>;

/**
 * A person's own details (decision 40): what only the person knows about themselves, apart from who they are (the
 * eID says that) and what they are to the company (the register and the applicant say that). The applicant declares
 * them for every related person; the person may give them in their own words, signed in with their own eID.
 */
export const ownDetailsShape = {
  birthCountryCode: countryCode(),
  nationalityCountryCode: countryCode(),
  residentialAddress: addressSchema,
  residentialCountryCode: countryCode(),
  residency: oneOf(RESIDENCIES),
  isEResident: flag(),
  livesAndWorksMostlyInEstonia: flag(),
  taxResidences: list(taxResidenceSchema, { min: 1, max: LIST_MAX_ITEMS.taxResidences }),
  isPep: flag(),
  pep: pepSchema.optional(),
};

/** The rules between the own details' fields, the same wherever they are given. */
export function checkOwnDetails<T extends z.ZodType<{ taxResidences: { countryCode: string }[]; isPep: boolean; pep?: unknown }>>(schema: T): T {
  return schema
    .superRefine(
      (person, ctx) => uniqueCountries(person.taxResidences, (residence) => residence.countryCode, ctx, ['taxResidences']),
      whenValid('taxResidences.*.countryCode'),
    )
    .superRefine(
      (person, ctx) => {
        if (person.isPep && !person.pep) addValidationIssue(ctx, validationIssue('required'), ['pep']);
      },
      whenValid('isPep', 'pep'),
    );
}

export const ownDetailsSchema = checkOwnDetails(object(ownDetailsShape));
export type OwnDetails = z.infer<typeof ownDetailsSchema>;

export const OWN_DETAILS_FIELDS = [
  'birthCountryCode',
  'nationalityCountryCode',
  'residentialAddress',
  'residentialCountryCode',
  'residency',
  'isEResident',
  'livesAndWorksMostlyInEstonia',
  'taxResidences',
  'isPep',
  'pep',
] as const satisfies readonly (keyof OwnDetails)[];

/** A person's own words beside the applicant's, and the fields where they differ: kept as a discrepancy is. */
export const ownStatementSchema = z.object({
  details: ownDetailsSchema,
  givenAt: z.iso.datetime({ offset: true }),
  /** The applicant's declaration of the same person when they gave theirs; null where the application listed them nowhere. */
  declared: ownDetailsSchema.nullable(),
  differences: z.array(z.enum(OWN_DETAILS_FIELDS)),
});
export type OwnStatement = z.infer<typeof ownStatementSchema>;

/** The own details of a private person as the application holds them. */
export const ownDetailsOf = (person: OwnDetails): OwnDetails => ({
  birthCountryCode: person.birthCountryCode,
  nationalityCountryCode: person.nationalityCountryCode,
  residentialAddress: { ...person.residentialAddress },
  residentialCountryCode: person.residentialCountryCode,
  residency: person.residency,
  isEResident: person.isEResident,
  livesAndWorksMostlyInEstonia: person.livesAndWorksMostlyInEstonia,
  taxResidences: person.taxResidences.map(({ countryCode: code, tin }) => ({ countryCode: code, tin })),
  isPep: person.isPep,
  ...(person.isPep && person.pep ? { pep: { ...person.pep } } : {}),
});

const normalisedText = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('et');

/** A value compared as a person means it: text without case or extra spaces, tax residences in any order. */
function comparable(field: keyof OwnDetails, value: unknown): string {
  if (field === 'taxResidences' && Array.isArray(value)) {
    return JSON.stringify(
      (value as { countryCode: string; tin: string }[])
        .map((residence) => `${residence.countryCode.toUpperCase()}:${normalisedText(residence.tin).replace(/[\s\-/.]/g, '')}`)
        .sort(),
    );
  }
  if (typeof value === 'string') return JSON.stringify(normalisedText(value));
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return JSON.stringify(
      Object.keys(record)
        .sort()
        .filter((key) => record[key] !== undefined && record[key] !== '')
        .map((key) => [key, typeof record[key] === 'string' ? normalisedText(record[key]) : record[key]]),
    );
  }
  return JSON.stringify(value ?? null);
}

/** The fields where the person's own words differ from the applicant's declaration (the PEP details only for a PEP). */
export function ownDetailsDifferences(own: OwnDetails, declared: OwnDetails): (keyof OwnDetails)[] {
  return OWN_DETAILS_FIELDS.filter((field) => {
    if (field === 'pep' && !own.isPep && !declared.isPep) return false;
    return comparable(field, own[field]) !== comparable(field, declared[field]);
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The private person with this id on a related persons step (saved or a draft), as stored. */
export function relatedPersonById(step: unknown, personId: string): Record<string, unknown> | undefined {
  const persons = isRecord(step) && Array.isArray(step.relatedPersons) ? step.relatedPersons : [];
  return persons.find((person): person is Record<string, unknown> => isRecord(person) && person.id === personId && person.type === 'PRIVATE_PERSON');
}

/**
 * A related persons step (saved or a draft) with one private person's own details replaced by the person's own words
 * (decision 40); everything else of the step as it was. Undefined when the step has no such person.
 */
export function withOwnDetails<T>(step: T, personId: string, details: OwnDetails): T | undefined {
  if (!isRecord(step) || !relatedPersonById(step, personId)) return undefined;
  const relatedPersons = (step.relatedPersons as unknown[]).map((person) => {
    if (!isRecord(person) || person.id !== personId) return person;
    const { pep: _declaredPep, ...rest } = person;
    return { ...rest, ...ownDetailsOf(details) };
  });
  return { ...step, relatedPersons } as T;
}
