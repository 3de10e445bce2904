import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { isValidationCode } from './codes.js';
import { parseWithIssues, toFieldIssues, validationErrorMap as error } from './zod-issues.js';

describe('zod issues as validation codes', () => {
  const schema = z.object({
    name: z.string({ error }).max(3, { error }),
    pin: z.string({ error }).length(4, { error }),
    count: z.number({ error }).min(2, { error }).max(5, { error }),
    share: z.number({ error }).gt(0, { error }),
    tags: z.array(z.string({ error }), { error }).min(1, { error }).max(2, { error }),
    email: z.email({ error }),
    kind: z.enum(['A', 'B'], { error }),
    code: z.string({ error }).regex(/^\d+$/, { error }),
  });
  const good = { name: 'abc', pin: '1234', count: 3, share: 1, tags: ['x'], email: 'a@bb.ee', kind: 'A', code: '12' };

  it.each([
    [{ name: 'abcd' }, { path: 'name', code: 'maxLength', params: { max: 3 } }],
    [{ pin: '123' }, { path: 'pin', code: 'exactLength', params: { length: 4 } }],
    [{ count: 1 }, { path: 'count', code: 'minValueInclusive', params: { min: 2 } }],
    [{ share: 0 }, { path: 'share', code: 'minValue', params: { min: 0 } }],
    [{ count: 6 }, { path: 'count', code: 'maxValue', params: { max: 5 } }],
    [{ tags: [] }, { path: 'tags', code: 'required', params: {} }],
    [{ tags: ['a', 'b', 'c'] }, { path: 'tags', code: 'maxOptions', params: { max: 2 } }],
    [{ email: 'nope' }, { path: 'email', code: 'invalidEmail', params: {} }],
    // docs/requirements.md section 5: "Required" is also the message of a value outside a oneOf list.
    [{ kind: 'C' }, { path: 'kind', code: 'required', params: {} }],
    [{ kind: undefined }, { path: 'kind', code: 'required', params: {} }],
    [{ name: null }, { path: 'name', code: 'required', params: {} }],
    [{ name: 5 }, { path: 'name', code: 'incorrectValue', params: {} }],
    [{ code: '12a' }, { path: 'code', code: 'invalidFormat', params: {} }],
  ])('%j gives %j', (change, issue) => {
    const result = parseWithIssues(schema, { ...good, ...change });
    expect(result.success ? [] : result.issues).toEqual([issue]);
  });

  it('gives the same codes to a form and a route: only codes, never English', () => {
    const result = schema.safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) {
      for (const issue of result.error.issues) expect(isValidationCode(issue.message)).toBe(true);
    }
  });

  it('falls back to incorrectValue for a schema built without the error map', () => {
    const result = z.object({ a: z.string() }).safeParse({ a: 1 });
    expect(result.success ? [] : toFieldIssues(result.error)).toEqual([{ path: 'a', code: 'incorrectValue', params: {} }]);
  });

  it('joins nested paths the way react-hook-form names fields', () => {
    const nested = z.object({ list: z.array(z.object({ x: z.string({ error }) }, { error }), { error }) }, { error });
    const result = parseWithIssues(nested, { list: [{ x: 'ok' }, {}] });
    expect(result.success ? [] : result.issues).toEqual([{ path: 'list.1.x', code: 'required', params: {} }]);
    const root = parseWithIssues(nested, null);
    expect(root.success ? [] : root.issues).toEqual([{ path: '', code: 'required', params: {} }]);
  });
});
