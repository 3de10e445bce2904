import { z } from 'zod';
import { DEFAULT_COUNTRY_CODE } from '../constants.js';

/**
 * Lenient readers of what a form holds: a draft saved as typed, saved step
 * data or a pre-fill, any of which may be old, partial or of another shape.
 * None of them fails: anything missing or of the wrong kind becomes the
 * field's empty value, so a form can always start from what is stored.
 * The step schemas judge the result; these only read it.
 */

/** A text field as typed; a number (saved step data) is shown as its digits. */
export const draftText = (fallback = '') => z.union([z.string(), z.number().refine(Number.isFinite).transform(String)]).catch(fallback);

/** A yes/no question: null until answered. */
export const draftFlag = (fallback: boolean | null = null) => z.boolean().nullable().catch(fallback);

/** A checkbox: ticked or not. */
export const draftTick = (fallback = false) => z.boolean().catch(fallback);

/** One choice of a list of values: '' until chosen. */
export const draftChoice = <const T extends readonly [string, ...string[]]>(values: T) => z.union([z.enum(values), z.literal('')]).catch('');

/** Several choices of a list of values, in the list's order; anything else is left out. */
export const draftChoices = <const T extends readonly string[]>(values: T) =>
  z
    .array(z.unknown())
    .catch([])
    .transform((chosen): T[number][] => values.filter((value) => chosen.includes(value)));

/** A list of texts (country or activity codes); entries of another kind are left out. */
export const draftTexts = () =>
  z
    .array(z.unknown())
    .catch([])
    .transform((items) => items.filter((item): item is string => typeof item === 'string'));

/** An object of draft fields; anything but an object reads as all fields empty. */
export const draftObject = <T extends z.ZodRawShape>(shape: T) => {
  const schema = z.object(shape);
  return schema.catch(() => schema.parse({}));
};

/** A list of draft objects; anything but a list reads as empty. */
export const draftList = <T extends z.ZodType>(item: T) => z.array(item).catch([]);

/** The fields of the domain's address schema, in Estonia until another country is chosen. */
export const addressDraftSchema = draftObject({
  countryCode: draftText(DEFAULT_COUNTRY_CODE),
  county: draftText(),
  district: draftText(),
  city: draftText(),
  street: draftText(),
  postalCode: draftText(),
});
export type AddressDraft = z.output<typeof addressDraftSchema>;
export const emptyAddressDraft = (): AddressDraft => addressDraftSchema.parse({});

/** An empty answer ('' or null) as missing, for the step data a schema judges. */
export const answered = <T>(value: T | '' | null): T | undefined => (value === '' || value === null ? undefined : value);

/** A text left blank as missing. */
export const filled = (value: string): string | undefined => (value.trim() === '' ? undefined : value);

/** An address with its optional parts left out when blank. */
export const addressFromDraft = (address: AddressDraft) => ({ ...address, county: filled(address.county), district: filled(address.district) });

/**
 * Whole numbers as typed. Anything else goes on as the text typed, for the
 * schema to refuse as an incorrect value; it travels as JSON as it is (NaN
 * would arrive at the server as null, which reads as "required").
 */
export function wholeNumberFromDraft(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}
