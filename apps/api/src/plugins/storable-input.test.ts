import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, unstorableInputPath } from './storable-input.js';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
};

describe('input the database cannot store', () => {
  it('passes ordinary input, astral characters and right-to-left text included', () => {
    expect(unstorableInputPath({ name: 'Mary Änn O’Connež-Šuslik', note: '𝕏 👩‍👩‍👧 שלום \u202E', list: [1, true, null] })).toBeUndefined();
    expect(unstorableInputPath(nested(MAX_INPUT_DEPTH))).toBeUndefined();
  });

  it('names the field holding a NUL or a lone surrogate', () => {
    expect(unstorableInputPath({ data: { city: 'Tal\u0000linn' } })).toBe('data.city');
    expect(unstorableInputPath({ list: ['ok', 'x\uD800'] })).toBe('list.1');
    expect(unstorableInputPath({ low: '\uDC00y' })).toBe('low');
    expect(unstorableInputPath('\u0000')).toBe('');
  });

  it('reports a bad key at its object, without echoing it', () => {
    expect(unstorableInputPath({ data: { 'x\u0000': 1 } })).toBe('data');
  });

  it('refuses nesting deeper than the limit, however deep, without overflowing the stack', () => {
    expect(unstorableInputPath(nested(MAX_INPUT_DEPTH + 1))).toBe(Array.from({ length: MAX_INPUT_DEPTH }, () => 'a').join('.'));
    expect(unstorableInputPath(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBeDefined();
  });
});
