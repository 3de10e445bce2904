import { toNestErrors } from '@hookform/resolvers';
import { parseWithIssues } from '@onboarding/domain';
import type { TFunction } from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver over a domain schema that keeps what
 * zodResolver drops: each error's message is the validation code and its
 * `types` are the code's parameters (max, length…), for the message text.
 */
export function domainResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  return (values, _context, options) => {
    const result = parseWithIssues(schema, values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors = {};
    for (const issue of result.issues) {
      if (errors[issue.path]) continue;
      const types = Object.fromEntries(Object.entries(issue.params).map(([key, value]) => [key, String(value)]));
      errors[issue.path] = { type: issue.code, message: issue.code, types } satisfies FieldError;
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** The text of a field error from domainResolver or the API's `fields`: VALIDATION.<code> in the domain namespace. */
export function validationMessage(t: TFunction, error: Pick<FieldError, 'message' | 'types'> | undefined): string | undefined {
  if (!error?.message) return undefined;
  return t(`VALIDATION.${error.message}`, { ns: 'domain', ...(error.types ?? {}) });
}
