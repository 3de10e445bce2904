import { describe, expect, it } from 'vitest';
import { repeatedEntryIndexes, validateDuplicate, wouldRepeat } from './duplicate.js';

describe('duplicate (docs/requirements.md section 5)', () => {
  const entries = [
    { id: 'a', value: 'EE' },
    { id: 'b', value: 'FI' },
  ];

  it('fails when another entry with a different id has the value', () => {
    expect(validateDuplicate({ id: 'c', value: 'EE' }, entries)).toEqual({ code: 'notUnique', params: {} });
  });

  it('does not compare an entry with itself', () => {
    expect(validateDuplicate({ id: 'a', value: 'EE' }, entries)).toBeNull();
    expect(validateDuplicate({ id: 'c', value: 'LV' }, entries)).toBeNull();
  });

  it('takes a key for what "equal" means', () => {
    expect(validateDuplicate({ id: 'c', value: 'ee' }, entries)).toBeNull();
    expect(validateDuplicate({ id: 'c', value: 'ee' }, entries, (value) => value.toUpperCase())).toEqual({
      code: 'notUnique',
      params: {},
    });
  });
});

describe('a list of plain values', () => {
  it('says whether a value would repeat an entry, and where each repeat stands', () => {
    expect(wouldRepeat(['62011', '62021'], '62021')).toBe(true);
    expect(wouldRepeat(['62011'], '62021')).toBe(false);
    expect(repeatedEntryIndexes(['62011', '62021', '62011', '62011'])).toEqual([2, 3]);
    expect(repeatedEntryIndexes([])).toEqual([]);
  });
});
