import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ownersTotal, type OwnedCompany } from './owners-total.js';

/** Shares as entered: up to two decimals, now and then not entered yet. */
const holdings = fc.array(
  fc
    .option(
      fc.integer({ min: 0, max: 10000 }).map((hundredths) => hundredths / 100),
      { nil: undefined },
    )
    .map((sharePercent) => ({ sharePercent })),
  { maxLength: 6 },
);
const hundredthsOf = (list: readonly { sharePercent?: number | undefined }[]) =>
  list.reduce((sum, holding) => sum + Math.round((holding.sharePercent ?? 0) * 100), 0);

const companies: fc.Arbitrary<OwnedCompany> = fc.oneof(
  fc.constant<OwnedCompany>({ kind: 'legalEntity' }),
  fc.boolean().map((isListedCompany): OwnedCompany => ({ kind: 'applicant', isListedCompany })),
);

describe('ownersTotal (properties)', () => {
  it('totals in hundredths, whoever the company is', () => {
    fc.assert(
      fc.property(holdings, companies, (list, company) => {
        expect(ownersTotal(list, company).total).toBe(hundredthsOf(list) / 100);
      }),
    );
  });

  it("a legal entity's owners, at any depth, hold at most 100%", () => {
    fc.assert(
      fc.property(holdings, (list) => {
        expect(ownersTotal(list, { kind: 'legalEntity' }).code).toBe(hundredthsOf(list) > 10000 ? 'legalEntityOwnersTotalTooBig' : null);
      }),
    );
  });

  it("the applicant's first-level owners hold exactly 100%; a listed applicant's at most 100%", () => {
    fc.assert(
      fc.property(holdings, (list) => {
        const hundredths = hundredthsOf(list);
        const exact = hundredths === 10000 ? null : hundredths > 10000 ? 'totalHoldingTooBig' : 'totalHoldingNotEqual';
        expect(ownersTotal(list, { kind: 'applicant', isListedCompany: false }).code).toBe(exact);
        expect(ownersTotal(list, { kind: 'applicant' }).code).toBe(exact);
        expect(ownersTotal(list, { kind: 'applicant', isListedCompany: true }).code).toBe(hundredths > 10000 ? 'technicalListedCompanyPercent' : null);
      }),
    );
  });

  it('no list is judged more leniently than a nested one: what a legal entity may not hold, no company may', () => {
    fc.assert(
      fc.property(holdings, companies, (list, company) => {
        fc.pre(ownersTotal(list, { kind: 'legalEntity' }).code !== null);
        expect(ownersTotal(list, company).code).not.toBeNull();
      }),
    );
  });

  it('adds 99.9 and 0.1 to exactly 100', () => {
    expect(ownersTotal([{ sharePercent: 99.9 }, { sharePercent: 0.1 }], { kind: 'applicant' })).toEqual({ total: 100, code: null });
    expect(ownersTotal([{ sharePercent: 90 }, { sharePercent: 60 }], { kind: 'legalEntity' })).toEqual({ total: 150, code: 'legalEntityOwnersTotalTooBig' });
  });
});
