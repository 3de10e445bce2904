/**
 * The Estonian payment reference number (viitenumber) of an application: its
 * number followed by the 7-3-1 check digit of the Estonian banks' standard, so
 * any Estonian bank checks it when the fee is paid and the bank can match the
 * payment to the application.
 */
export function paymentReferenceOf(applicationNumber: number): string {
  if (!Number.isSafeInteger(applicationNumber) || applicationNumber < 1) throw new RangeError(`no payment reference for ${applicationNumber}`);
  const digits = String(applicationNumber);
  const weights = [7, 3, 1];
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    // Weights run 7, 3, 1 from the rightmost digit leftwards.
    sum += Number(digits[digits.length - 1 - index]) * weights[index % 3]!;
  }
  return `${digits}${(10 - (sum % 10)) % 10}`;
}
