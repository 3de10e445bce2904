import { REQUIRED_TOTAL_SHARE_PERCENT } from '../constants.js';
import { percentToBasisPoints } from './amount.js';
import type { ValidationCode } from './codes.js';

/**
 * Whose shareholders list is totalled: the applicant company's (its
 * first-level owners) or a legal entity's anywhere in its ownership structure.
 */
export type OwnedCompany = { kind: 'applicant'; isListedCompany?: boolean | undefined } | { kind: 'legalEntity' };

export type OwnersTotal = {
  /** The owners' shares added up, in per cent (summed in hundredths: 99.9 + 0.1 is exactly 100). */
  total: number;
  /** The rule the total breaks, or null when it is right. */
  code: ValidationCode | null;
};

const EXPECTED_BASIS_POINTS = percentToBasisPoints(REQUIRED_TOTAL_SHARE_PERCENT);

/**
 * The one rule for what a company's owners may hold together, read by the
 * server's validation and by the browser's ownership tree alike:
 * - the applicant's first-level owners hold exactly 100%;
 * - a listed applicant's disclosed owners hold at most 100% (the public holds the rest);
 * - the owners of a legal entity in the structure, at any depth, hold at most 100%.
 * A share not entered yet counts as 0.
 */
export function ownersTotal(holdings: readonly { sharePercent?: number | undefined }[], company: OwnedCompany): OwnersTotal {
  const basisPoints = holdings.reduce((sum, holding) => sum + percentToBasisPoints(holding.sharePercent ?? 0), 0);
  const total = basisPoints / 100;
  const tooBig = basisPoints > EXPECTED_BASIS_POINTS;
  if (company.kind === 'legalEntity') return { total, code: tooBig ? 'legalEntityOwnersTotalTooBig' : null };
  if (company.isListedCompany === true) return { total, code: tooBig ? 'technicalListedCompanyPercent' : null };
  if (basisPoints === EXPECTED_BASIS_POINTS) return { total, code: null };
  return { total, code: tooBig ? 'totalHoldingTooBig' : 'totalHoldingNotEqual' };
}
