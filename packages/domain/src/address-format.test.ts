import { describe, expect, it } from 'vitest';
import { formatAddress } from './address-format.js';

const tallinn = { countryCode: 'EE', county: 'Harju maakond', district: 'Tallinn', city: 'Kesklinna linnaosa', street: 'Narva mnt 5', postalCode: '10117' };

describe('formatAddress', () => {
  it('writes the parts in the order of the Estonian address system', () => {
    expect(formatAddress(tallinn)).toBe('Narva mnt 5, Kesklinna linnaosa, Tallinn, Harju maakond, 10117');
  });

  it('writes a municipality named after its settlement once', () => {
    expect(
      formatAddress({ countryCode: 'EE', county: 'Tartu maakond', district: 'Tartu linn', city: 'Tartu', street: 'Ülikooli tn 8', postalCode: '51003' }),
    ).toBe('Ülikooli tn 8, Tartu, Tartu maakond, 51003');
  });

  it('keeps the official Estonian place names in every language, and names the country when asked', () => {
    const names = { country: (code: string) => (code === 'EE' ? 'Estonia' : code) };
    expect(formatAddress(tallinn, names)).toBe('Narva mnt 5, Kesklinna linnaosa, Tallinn, Harju maakond, 10117, Estonia');
  });

  it('leaves out what an address does not have', () => {
    expect(formatAddress({ countryCode: 'FI', city: 'Helsinki', street: 'Mannerheimintie 1', postalCode: '00100', county: '', district: undefined })).toBe(
      'Mannerheimintie 1, Helsinki, 00100',
    );
  });
});
