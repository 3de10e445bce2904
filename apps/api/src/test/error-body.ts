import path from 'node:path';
import { API_ERROR_STATUS, VALIDATION_CODES, type ApiErrorCode } from '@onboarding/domain';
import type { LightMyRequestResponse } from 'fastify';
import { SIGN_IN_FAILURE_CODES } from '../modules/identity/types.js';

const isApiErrorCode = (code: string): code is ApiErrorCode => Object.hasOwn(API_ERROR_STATUS, code);
const isSignInFailureCode = (code: string): boolean => (SIGN_IN_FAILURE_CODES as readonly string[]).includes(code);
const isValidationCode = (code: string): boolean => (VALIDATION_CODES as readonly string[]).includes(code);
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const ERROR_BODY_KEYS = new Set(['code', 'message', 'fields', 'currentVersion', 'registerChanges', 'retryAfterSeconds']);

/**
 * What is wrong with an error answer (docs/design.md conventions): the body must be
 * `{ code, message, fields?, currentVersion?, registerChanges?, retryAfterSeconds? }`
 * (a RATE_LIMITED answer with retryAfterSeconds and the same Retry-After), the code one of the API's
 * (or a lowercase sign-in failure of docs/requirements.md section 8 with 400), its status
 * the one API_ERROR_STATUS gives it, and each field `{ path, code, params }`.
 * Empty when the answer is fine.
 */
export function errorBodyProblems(response: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>): string[] {
  const problems: string[] = [];
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) problems.push(`content-type ${String(response.headers['content-type'])}`);
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return [...problems, 'body is not JSON'];
  }
  if (!isPlainObject(body)) return [...problems, 'body is not an object'];
  for (const key of Object.keys(body)) if (!ERROR_BODY_KEYS.has(key)) problems.push(`unexpected key ${key}`);
  const { code, message, fields, currentVersion, retryAfterSeconds } = body;
  if (code === 'RATE_LIMITED') {
    if (!Number.isInteger(retryAfterSeconds) || (retryAfterSeconds as number) < 1) problems.push('RATE_LIMITED without whole retryAfterSeconds');
    if (response.headers['retry-after'] !== String(retryAfterSeconds))
      problems.push(`Retry-After ${String(response.headers['retry-after'])} is not retryAfterSeconds`);
  } else if (retryAfterSeconds !== undefined) {
    problems.push(`retryAfterSeconds with ${String(code)}`);
  }
  if (typeof code !== 'string') problems.push('code is not a string');
  if (typeof message !== 'string') problems.push('message is not a string');
  if (typeof code === 'string') {
    if (isApiErrorCode(code)) {
      if (API_ERROR_STATUS[code] !== response.statusCode) problems.push(`${code} with status ${response.statusCode}`);
    } else if (!isSignInFailureCode(code) || response.statusCode !== 400) {
      problems.push(`unknown code ${code} with status ${response.statusCode}`);
    }
  }
  if (fields !== undefined) {
    if (!Array.isArray(fields)) problems.push('fields is not an array');
    else
      fields.forEach((field: unknown, index) => {
        if (!isPlainObject(field) || typeof field.path !== 'string' || typeof field.code !== 'string' || !isPlainObject(field.params)) {
          problems.push(`fields[${index}] is not { path, code, params }`);
        } else if (!isValidationCode(field.code)) {
          problems.push(`fields[${index}].code ${field.code} is not a validation code`);
        }
      });
  }
  if (currentVersion !== undefined && !Number.isInteger(currentVersion)) problems.push('currentVersion is not an integer');
  return problems;
}

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * Signs of internals in an answer: stack frames, source paths, SQL and driver
 * errors, Fastify's and zod's own error texts. None of the suites' inputs
 * contains them, so finding one means the server let it out.
 */
export const LEAK_PATTERNS: readonly RegExp[] = [
  /\n\s*at [^\n]+:\d+:\d+/,
  /\bat (?:async )?[\w$.<>]+ \((?:file:|node:|\/)/,
  /node_modules/,
  /file:\/\//,
  new RegExp(repositoryRoot.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  /apps\/api\/(?:src|dist)/,
  /\.[jt]s:\d+/,
  /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|DrizzleQueryError|DatabaseError|ZodError)\b/,
  /Failed query|syntax error at or near|violates [a-z ]*constraint|duplicate key value|invalid input syntax|out of range for type|unsupported Unicode escape|stack depth limit/i,
  /\b(?:select|insert into|update|delete from) "[a-z_]+"/i,
  /\bpglite\b|\bpostgres(?:ql)?:\/\//i,
  /\bFST_[A-Z_]+\b/,
  /"statusCode":\s*\d/,
  /Maximum call stack/,
];

/** The leak patterns an answer's text matches (the PDF contract is binary and not searched). */
export function leakProblems(response: Pick<LightMyRequestResponse, 'headers' | 'body'>): string[] {
  const headerText = Object.entries(response.headers)
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join('\n');
  const isBinary = String(response.headers['content-type'] ?? '').startsWith('application/pdf');
  const text = isBinary ? headerText : `${headerText}\n${response.body}`;
  return LEAK_PATTERNS.filter((pattern) => pattern.test(text)).map((pattern) => `leak ${pattern.source}`);
}

/** Every problem of one answer: a 5xx, a malformed error body, a leak. */
export function answerProblems(method: string, response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`status ${response.statusCode}`);
  if (response.statusCode >= 400 && method !== 'HEAD') problems.push(...errorBodyProblems(response));
  problems.push(...leakProblems(response));
  return problems;
}
