import { parseWithIssues } from '@onboarding/domain';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors.js';
import { unstorableInputPath } from './storable-input.js';

/**
 * Route schemas are the zod schemas of packages/domain; a failed parse becomes
 * VALIDATION_FAILED with the same `{ path, code, params }` the web forms show,
 * paths named as the form names its fields. Input the database cannot store
 * (storable-input.ts) is refused first, also where a schema takes anything.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const unstorable = unstorableInputPath(data);
    if (unstorable !== undefined) return { error: new AppError('VALIDATION_FAILED', { fields: [{ path: unstorable, code: 'incorrectValue', params: {} }] }) };
    const result = parseWithIssues(schema, data);
    return result.success ? { value: result.data } : { error: new AppError('VALIDATION_FAILED', { fields: result.issues }) };
  };
