// Estonian registry codes carry a check digit computed like the personal
// code's (EID-FACTS.md section 6), with weights for seven digits. SPEC.md
// section 5 asks only for digits and length, so this stays with the register
// rather than the form rules.
const STAGE_I_WEIGHTS = [1, 2, 3, 4, 5, 6, 7] as const;
const STAGE_II_WEIGHTS = [3, 4, 5, 6, 7, 8, 9] as const;

const weightedRemainder = (digits: readonly number[], weights: readonly number[]): number =>
  weights.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0) % 11;

/** The check digit for the first seven digits of an Estonian registry code. */
export const registryCodeCheckDigit = (firstSevenDigits: string): number => {
  const digits = [...firstSevenDigits].map(Number);
  const stageI = weightedRemainder(digits, STAGE_I_WEIGHTS);
  if (stageI !== 10) return stageI;
  const stageII = weightedRemainder(digits, STAGE_II_WEIGHTS);
  return stageII === 10 ? 0 : stageII;
};

/** Eight digits whose last is the check digit of the first seven. */
export const isChecksumValidRegistryCode = (code: string): boolean =>
  /^\d{8}$/.test(code) && registryCodeCheckDigit(code.slice(0, 7)) === Number(code[7]);
