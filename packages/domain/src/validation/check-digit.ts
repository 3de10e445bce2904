/**
 * The two-stage weighted modulo 11 check digit of Estonian codes: the
 * personal code (docs/eid-facts.md section 6) and the registry code of a
 * company (8 digits, the last the check digit of the first seven). Stage I
 * weighs the digits 1, 2, …, 9, 1, …; a remainder of 10 falls to stage II,
 * which weighs them 3, 4, …, 9, 1, 2, …; a second 10 gives 0.
 */
const stageIWeight = (index: number): number => (index % 9) + 1;
const stageIIWeight = (index: number): number => ((index + 2) % 9) + 1;

const weightedRemainder = (digits: readonly number[], weight: (index: number) => number): number =>
  digits.reduce((sum, digit, index) => sum + weight(index) * digit, 0) % 11;

/** The check digit for a string of decimal digits. */
export const modulo11CheckDigit = (digitsBefore: string): number => {
  const digits = [...digitsBefore].map(Number);
  const stageI = weightedRemainder(digits, stageIWeight);
  if (stageI !== 10) return stageI;
  const stageII = weightedRemainder(digits, stageIIWeight);
  return stageII === 10 ? 0 : stageII;
};
