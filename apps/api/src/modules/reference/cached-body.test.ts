import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { cacheBody, isNotModified } from './cached-body.js';

describe('cacheBody', () => {
  it('serialises the checked data and tags it with a sha256 ETag', () => {
    const { body, etag } = cacheBody(z.object({ a: z.number() }), { a: 1 });

    expect(body).toBe('{"a":1}');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  });

  it('refuses data that breaks its contract, so a bad list stops the start', () => {
    expect(() => cacheBody(z.object({ a: z.number() }), { a: 'one' })).toThrow();
  });
});

describe('isNotModified', () => {
  const etag = '"abc"';

  it.each([
    [etag, true],
    [`W/${etag}`, true],
    [`"x", ${etag}`, true],
    ['*', true],
    ['"x"', false],
    ['', false],
    [undefined, false],
  ])('If-None-Match %s → %s', (ifNoneMatch, expected) => {
    expect(isNotModified(ifNoneMatch, etag)).toBe(expected);
  });
});
