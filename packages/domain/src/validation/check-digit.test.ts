import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modulo11CheckDigit } from './check-digit.js';
import { personalIdCheckDigit } from './personal-id.js';
import { isChecksumValidRegistryCode, registryCodeCheckDigit } from './registry-code.js';

describe('registryCodeCheckDigit', () => {
  // Registry codes of Swedbank AS, AS SEB Pank, AS LHV Pank and Telia Eesti AS as the e-Business Register publishes them.
  it.each(['10060701', '10004252', '10539549', '10234957'])('matches the published code %s', (code) => {
    expect(registryCodeCheckDigit(code.slice(0, 7))).toBe(Number(code[7]));
    expect(isChecksumValidRegistryCode(code)).toBe(true);
  });

  it('falls back to the second weights when the first remainder is 10 (1053954 gives 10, then 9)', () => {
    expect(registryCodeCheckDigit('1053954')).toBe(9);
  });

  it('gives 0 when both remainders are 10', () => {
    // 1000064: 1 + 6*6 + 7*4 = 65 and 3 + 8*6 + 9*4 = 87, both 10 mod 11.
    expect(registryCodeCheckDigit('1000064')).toBe(0);
    expect(isChecksumValidRegistryCode('10000640')).toBe(true);
  });

  it('rejects a wrong check digit, letters and other lengths', () => {
    expect(isChecksumValidRegistryCode('10060702')).toBe(false);
    expect(isChecksumValidRegistryCode('1006070A')).toBe(false);
    expect(isChecksumValidRegistryCode('1006070')).toBe(false);
    expect(isChecksumValidRegistryCode('100607010')).toBe(false);
  });
});

describe('modulo11CheckDigit', () => {
  it('is the personal code rule for ten digits (SK test code 38001085718)', () => {
    expect(personalIdCheckDigit('3800108571')).toBe(8);
  });

  it('gives exactly one digit of eight that passes for any seven', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{7}$/), (first) => {
        const passing = [...'0123456789'].filter((last) => isChecksumValidRegistryCode(first + last));
        expect(passing).toEqual([String(modulo11CheckDigit(first))]);
      }),
    );
  });
});
