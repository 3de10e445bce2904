import { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../constants.js';
import { validateAlphanumeric } from '../validation/alphanumeric.js';
import { validateEuros, validatePercent } from '../validation/amount.js';
import { validateBirthDate } from '../validation/birth-date.js';
import { isRealDate } from '../validation/calendar.js';
import { validationIssue, type ValidationIssue, type ValidationResult } from '../validation/codes.js';
import { repeatedCountryIndexes, validateCountryCode } from '../validation/country-code.js';
import { validateEmail } from '../validation/email.js';
import { validateMaxLength } from '../validation/length.js';
import { validatePersonalId } from '../validation/personal-id.js';
import { validateMobileIdPhone, validatePhone } from '../validation/phone.js';
import { validateRegistryCode } from '../validation/registry-code.js';
import { validationErrorMap as error } from '../validation/zod-issues.js';

type Rule<T> = (value: T) => ValidationResult;
type IssueSink = { addIssue: (issue: z.core.$ZodRawIssue) => void };

/** Report a domain rule failure as a zod issue whose message is the code. */
export const addValidationIssue = (ctx: IssueSink, issue: ValidationIssue, path: PropertyKey[] = []): void => {
  ctx.addIssue({ code: 'custom', message: issue.code, params: { ...issue.params }, path, input: undefined });
};

const firstFailure = <T>(value: T, rules: readonly Rule<T>[]): ValidationResult => {
  for (const rule of rules) {
    const issue = rule(value);
    if (issue) return issue;
  }
  return null;
};

type TextOptions = { max?: number; rules?: readonly Rule<string>[] };

const trimmedString = ({ max, rules = [] }: TextOptions, isRequired: boolean) =>
  z
    .string({ error })
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') {
        if (isRequired) addValidationIssue(ctx, validationIssue('required'));
        return;
      }
      const lengthRule: Rule<string>[] = max === undefined ? [] : [(v) => validateMaxLength(v, max)];
      const issue = firstFailure(value, [...lengthRule, ...rules]);
      if (issue) addValidationIssue(ctx, issue);
    });

/** A required, trimmed text; one message per field, the first rule that fails. */
export const requiredText = (options: TextOptions = { max: TEXT_MAX_LENGTH.text }) => trimmedString(options, true);

/** An optional text; empty and missing pass, anything else must pass the rules. */
export const optionalText = (options: TextOptions = { max: TEXT_MAX_LENGTH.text }) => trimmedString(options, false).optional();

export const personName = () => requiredText({ max: TEXT_MAX_LENGTH.name, rules: [validateAlphanumeric] });
export const email = () => requiredText({ max: TEXT_MAX_LENGTH.email, rules: [validateEmail] });
export const phone = () => requiredText({ max: TEXT_MAX_LENGTH.short, rules: [validatePhone] });
/** A phone number Mobile-ID can be asked with, however it is typed (`mobileIdPhoneNumber` reads it). */
export const mobileIdPhone = () => requiredText({ max: TEXT_MAX_LENGTH.short, rules: [validateMobileIdPhone] });
export const personalId = () => requiredText({ rules: [validatePersonalId] });
export const registryCode = () => requiredText({ rules: [(value) => validateRegistryCode(value)] });
export const countryCode = () => requiredText({ rules: [validateCountryCode] });
export const birthDate = () => requiredText({ rules: [(value) => validateBirthDate(value)] });
export const isoDate = () => requiredText({ rules: [(value) => (isRealDate(value) ? null : validationIssue('invalidDate'))] });

export const flag = () => z.boolean({ error });

/** A checkbox that must be ticked: "assert true" is reported as required (docs/requirements.md section 5). */
export const ticked = () =>
  z.boolean({ error }).superRefine((value, ctx) => {
    if (!value) addValidationIssue(ctx, validationIssue('required'));
  });

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error });

const numberBy = (rule: Rule<number>) =>
  z.number({ error }).superRefine((value, ctx) => {
    const issue = rule(value);
    if (issue) addValidationIssue(ctx, issue);
  });

/** Whole euros, never a float (docs/design.md conventions), at least `minValue` when given. */
export const euros = (minValue?: number) => numberBy((value) => validateEuros(value, minValue));
export const percent = () => numberBy(validatePercent);
export const wholeNumber = (max: number) =>
  numberBy((value) => {
    if (!Number.isSafeInteger(value)) return validationIssue('incorrectValue');
    if (value < 0) return validationIssue('minValueInclusive', { min: 0 });
    return value > max ? validationIssue('maxValue', { max }) : null;
  });

/** Country lists where each country may appear once; the repeat is flagged at its own index. */
export const uniqueCountries = <T>(items: readonly T[], countryOf: (item: T) => string, ctx: IssueSink, path: PropertyKey[]) => {
  for (const index of repeatedCountryIndexes(items.map(countryOf))) {
    addValidationIssue(ctx, validationIssue('countryAlreadyAdded'), [...path, index]);
  }
};

/** A field path a rule reads: dot-separated, `*` for any index of a list ("taxResidences.*.countryCode"). */
type ReadPath = string;

const overlaps = (issuePath: readonly PropertyKey[], readPath: ReadPath): boolean => {
  const parts = readPath.split('.');
  const length = Math.min(issuePath.length, parts.length);
  for (let index = 0; index < length; index += 1) {
    if (parts[index] !== '*' && parts[index] !== String(issuePath[index])) return false;
  }
  return true;
};

/**
 * Runs an object-level rule as soon as the fields it reads are valid, whatever
 * the other fields hold: `.superRefine(rule, whenValid('hasLicense', 'license'))`.
 * Zod runs an object's refinements only once every field parses, so a form
 * would show a cross-field message only after everything else is filled in;
 * with this the browser and the server tell every broken rule at once, from
 * the same definition. The rule may read only the fields it names.
 */
export const whenValid = (...reads: ReadPath[]) => ({
  when: (payload: z.core.ParsePayload) => !payload.issues.some((issue) => reads.some((read) => overlaps(issue.path ?? [], read))),
});

export const list = <T extends z.ZodType>(item: T, options: { min?: number; max?: number } = {}) => {
  let schema = z.array(item, { error });
  if (options.min !== undefined) schema = schema.min(options.min, { error });
  if (options.max !== undefined) schema = schema.max(options.max, { error });
  return schema;
};

/** z.object with the domain error map, so a missing or mistyped object is "required" or "incorrectValue". */
export const object = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error });
export const looseObject = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape, { error });
/** An object that refuses any key it does not name: for bodies stored as they arrive. */
export const strictObject = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape, { error });
