/** ISO 13616 check of an IBAN in its electronic form: letters to numbers, the remainder mod 97 is 1. */
export function isValidIban(value: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  const rearranged = value.slice(4) + value.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** An IBAN as people write it (in groups, in any case) in its electronic form: no spaces, capital letters. */
export const electronicIban = (written: string): string => written.replace(/\s+/g, '').toUpperCase();

/**
 * An Estonian account's IBAN: EE, two check digits and 16 digits, the check digits right. The service fee is paid
 * with an Estonian payment reference (7-3-1), which only an Estonian account's payments carry to the payee.
 */
export const isEstonianIban = (value: string): boolean => /^EE\d{18}$/.test(value) && isValidIban(value);
