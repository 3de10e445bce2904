import { toNestErrors } from '@hookform/resolvers';
import { DOMAIN_I18N_NAMESPACE, isValidationCode, parseWithIssues, validationMessageKey, type FieldIssue } from '@onboarding/domain';
import type { TFunction } from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Field issues as react-hook-form errors, the first per field: each error's
 * message is the validation code and its `types` are the code's parameters
 * (max, length…), for the message text; zodResolver would drop both.
 */
export function toFieldErrors<T extends FieldValues>(issues: readonly FieldIssue[], options: ResolverOptions<T>): FieldErrors<T> {
  const flat: FieldErrors = {};
  for (const issue of issues) {
    if (flat[issue.path]) continue;
    const types = Object.fromEntries(Object.entries(issue.params).map(([key, value]) => [key, String(value)]));
    flat[issue.path] = { type: issue.code, message: issue.code, types } satisfies FieldError;
  }
  return toNestErrors(flat, options as ResolverOptions<FieldValues>) as FieldErrors<T>;
}

/** A react-hook-form resolver over a domain schema, with errors as toFieldErrors gives them. */
export function domainResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  return (values, _context, options) => {
    const result = parseWithIssues(schema, values);
    return result.success ? { values: result.data, errors: {} } : { values: {}, errors: toFieldErrors(result.issues, options) };
  };
}

/**
 * domainResolver for a form that holds a step's draft: the schema judges the
 * step data `toData` makes of the draft, as the server judges what the form
 * sends, and the errors land on the draft's fields of the same names.
 */
export function draftResolver<D extends FieldValues, S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  toData: (draft: D) => z.input<S>,
): Resolver<D, unknown, z.output<S>> {
  const resolve = domainResolver(schema);
  // The draft's field names are the schema's, so its errors fit the draft's form as they are.
  return (draft, context, options) =>
    resolve(toData(draft), context, options as unknown as ResolverOptions<z.input<S>>) as unknown as ResolverResult<D, z.output<S>>;
}

/** The text of a field error from domainResolver or the API's `fields`: VALIDATION.<code> in the domain namespace. */
export function validationMessage(t: TFunction, error: Pick<FieldError, 'message' | 'types'> | undefined): string | undefined {
  if (!error?.message) return undefined;
  // A code this page does not know (an API newer than the page) has no text: its key shows, as a missing key always has.
  if (!isValidationCode(error.message)) return `VALIDATION.${error.message}`;
  return t(validationMessageKey(error.message), { ns: DOMAIN_I18N_NAMESPACE, ...(error.types ?? {}) });
}
