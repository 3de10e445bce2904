import type { z } from 'zod';
import { isValidationCode, type ValidationCode, type ValidationParams } from './codes.js';

/** One failed rule at one place of a payload; the API answers `{ code, message, fields: FieldIssue[] }`. */
export type FieldIssue = {
  /** Dot-separated path as react-hook-form names fields, e.g. "relatedPersons.0.firstName"; "" for the root. */
  path: string;
  code: ValidationCode;
  params: ValidationParams;
};

type RawIssue = z.core.$ZodRawIssue;

const isEmpty = (input: unknown): boolean => input === undefined || input === null;

const sizeCode = (issue: RawIssue & { code: 'too_big' | 'too_small' }): ValidationCode => {
  if (issue.exact === true && issue.origin === 'string') return 'exactLength';
  if (issue.code === 'too_big') {
    if (issue.origin === 'string') return 'maxLength';
    if (issue.origin === 'array' || issue.origin === 'set') return 'maxOptions';
    return 'maxValue';
  }
  if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
    return Number(issue.minimum) <= 1 ? 'required' : 'incorrectValue';
  }
  // Zod's min() allows the minimum itself, gt() does not: the message must tell which.
  return issue.inclusive === true ? 'minValueInclusive' : 'minValue';
};

/**
 * Zod error map that turns every built-in issue into a code of
 * docs/requirements.md section 5. Every domain schema sets it on its leaves, so
 * a form resolver and an API route parsing the same schema see the same codes.
 */
export const validationErrorMap = (issue: RawIssue): ValidationCode => {
  switch (issue.code) {
    case 'too_big':
    case 'too_small':
      return sizeCode(issue);
    case 'invalid_format':
      return issue.format === 'email' ? 'invalidEmail' : 'invalidFormat';
    case 'custom':
      return isValidationCode(issue.message) ? issue.message : 'incorrectValue';
    // A value outside a oneOf list: docs/requirements.md section 5 says "Required", as for no value.
    case 'invalid_value':
      return 'required';
    default:
      return isEmpty(issue.input) ? 'required' : 'incorrectValue';
  }
};

type FinalIssue = z.core.$ZodIssue;

const paramsOf = (code: ValidationCode, issue: FinalIssue): ValidationParams => {
  if (issue.code === 'custom') return (issue.params ?? {}) as ValidationParams;
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum);
    return code === 'exactLength' ? { length: max } : { max };
  }
  if (issue.code === 'too_small') {
    const min = Number(issue.minimum);
    if (code === 'exactLength') return { length: min };
    return code === 'minValue' || code === 'minValueInclusive' ? { min } : {};
  }
  return {};
};

const joinPath = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/** A zod error as the list of `{ path, code, params }` that both the screens and the API speak. */
export const toFieldIssues = (error: z.ZodError): FieldIssue[] =>
  error.issues.map((issue) => {
    const code = isValidationCode(issue.message) ? issue.message : 'incorrectValue';
    return { path: joinPath(issue.path), code, params: paramsOf(code, issue) };
  });

export type ParseResult<T> = { success: true; data: T } | { success: false; issues: FieldIssue[] };

/** Parse with a domain schema and get field issues instead of a ZodError. */
export const parseWithIssues = <S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> => {
  const result = schema.safeParse(input);
  return result.success ? { success: true, data: result.data } : { success: false, issues: toFieldIssues(result.error) };
};
