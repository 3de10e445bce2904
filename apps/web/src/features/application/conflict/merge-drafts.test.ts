import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeDrafts, sameValue, type DraftValues } from './merge-drafts';

describe('sameValue', () => {
  it('compares JSON values deeply, whatever the order of keys', () => {
    expect(sameValue({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ a: [] }, { a: {} })).toBe(false);
    expect(sameValue({ a: null }, { a: undefined })).toBe(false);
    // A field missing and a field set to undefined are the same to JSON.
    expect(sameValue({ a: undefined }, {})).toBe(true);
  });
});

describe('mergeDrafts', () => {
  const base = { email: 'a@firma.ee', phone: '+372 5123 4567', markets: ['EE'] };

  it('takes the other window’s change of a field this page left alone, and keeps this page’s own change', () => {
    const mine = { ...base, email: 'mine@firma.ee' };
    const theirs = { ...base, phone: '+372 5999 0000' };
    expect(mergeDrafts(base, mine, theirs)).toEqual({ merged: { ...base, email: 'mine@firma.ee', phone: '+372 5999 0000' }, conflicts: [] });
  });

  it('names a field both changed differently, and keeps mine there until the user chooses', () => {
    const mine = { ...base, markets: ['EE', 'LV'] };
    const theirs = { ...base, markets: ['FI'] };
    expect(mergeDrafts(base, mine, theirs)).toEqual({ merged: mine, conflicts: ['markets'] });
  });

  it('is no conflict when both made the same change', () => {
    const changed = { ...base, email: 'same@firma.ee' };
    expect(mergeDrafts(base, changed, { ...changed })).toEqual({ merged: changed, conflicts: [] });
  });

  const values = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.oneof(fc.string({ maxLength: 3 }), fc.array(fc.nat(3), { maxLength: 2 }), fc.boolean()));

  it('loses no change: each field ends as the side that changed it, or is named as a conflict', () => {
    fc.assert(
      fc.property(values, values, values, (baseValues: DraftValues, mine: DraftValues, theirs: DraftValues) => {
        const { merged, conflicts } = mergeDrafts(baseValues, mine, theirs);
        for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
          const isMineChanged = !sameValue(mine[key], baseValues[key]);
          const isTheirsChanged = !sameValue(theirs[key], baseValues[key]);
          const isConflict = isMineChanged && isTheirsChanged && !sameValue(mine[key], theirs[key]);
          expect(conflicts.includes(key)).toBe(isConflict);
          if (isMineChanged) expect(sameValue(merged[key], mine[key])).toBe(true);
          else expect(sameValue(merged[key], theirs[key])).toBe(true);
        }
      }),
    );
  });

  it('changes nothing when the other side changed nothing', () => {
    fc.assert(
      fc.property(values, values, (baseValues, mine) => {
        expect(mergeDrafts(baseValues, mine, baseValues)).toEqual({ merged: mine, conflicts: [] });
      }),
    );
  });
});
