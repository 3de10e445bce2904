import { parseWithIssues } from '@onboarding/domain';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors.js';

/**
 * Route schemas are the zod schemas of packages/domain; a failed parse becomes
 * VALIDATION_FAILED with the same `{ path, code, params }` the web forms show,
 * paths named as the form names its fields.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = parseWithIssues(schema, data);
    return result.success ? { value: result.data } : { error: new AppError('VALIDATION_FAILED', undefined, result.issues) };
  };
