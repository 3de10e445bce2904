import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decisionSchema } from '../schemas/decisions.js';
import { electronicIban, isEstonianIban, isValidIban } from './iban.js';

/** The ISO 13616 check digits of an IBAN body: what a bank computes when it issues the number. */
function withCheckDigits(country: string, bban: string): string {
  const numeric = [...`${bban}${country}00`].map((character) => (/\d/.test(character) ? character : String(character.charCodeAt(0) - 55))).join('');
  const remainder = Number([...numeric].reduce((sum, digit) => (sum * 10n + BigInt(digit)) % 97n, 0n));
  return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

describe('isValidIban', () => {
  it.each(['EE382200221020145685', 'GB82WEST12345698765432', 'DE89370400440532013000', 'LT121000011101001000'])('accepts %s', (iban) => {
    expect(isValidIban(iban)).toBe(true);
  });

  it.each(['EE382200221020145686', 'EE38 2200 2210 2014 5685', 'ee382200221020145685', 'EE3822', '', 'XX00ABCDEFGHIJKLM'])('refuses %j', (iban) => {
    expect(isValidIban(iban)).toBe(false);
  });

  it('accepts any body with the check digits a bank computes for it', () => {
    fc.assert(
      fc.property(fc.constantFrom('EE', 'LV', 'FI', 'DE'), fc.stringMatching(/^[0-9A-Z]{11,30}$/), (country, bban) => {
        expect(isValidIban(withCheckDigits(country, bban))).toBe(true);
      }),
    );
  });

  it('refuses any single changed digit of a valid IBAN', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{16}$/), fc.nat(15), fc.integer({ min: 1, max: 9 }), (bban, position, change) => {
        const iban = withCheckDigits('EE', bban);
        const index = 4 + position;
        const changed = `${iban.slice(0, index)}${(Number(iban[index]) + change) % 10}${iban.slice(index + 1)}`;
        expect(isValidIban(changed)).toBe(false);
      }),
    );
  });

  it('is what the APPROVED decision requires of its account number', () => {
    expect(decisionSchema.safeParse({ type: 'APPROVED', accountNumber: 'EE382200221020145685' }).success).toBe(true);
    expect(decisionSchema.safeParse({ type: 'APPROVED', accountNumber: 'EE382200221020145686' }).success).toBe(false);
  });
});

describe('isEstonianIban', () => {
  it('accepts an Estonian account with the right check digits', () => {
    expect(isEstonianIban('EE382200221020145685')).toBe(true);
  });

  it.each([
    ['a mistyped digit', 'EE382200221020145686'],
    ['two digits swapped', 'EE382200221020145658'],
    ['a valid account of another country', 'LT121000011101001000'],
    ['a digit short', 'EE38220022102014568'],
    ['the written form', 'EE38 2200 2210 2014 5685'],
  ])('refuses %s', (_case, iban) => {
    expect(isEstonianIban(iban)).toBe(false);
  });

  it('takes any Estonian account number a bank issues', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{16}$/), (bban) => {
        expect(isEstonianIban(withCheckDigits('EE', bban))).toBe(true);
      }),
    );
  });
});

describe('electronicIban', () => {
  it('drops the spaces of the written form and capitalises', () => {
    expect(electronicIban(' ee38 2200 2210 2014 5685 ')).toBe('EE382200221020145685');
  });
});
