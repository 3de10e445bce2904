import { describe, expect, it } from 'vitest';
import { isIdCardSignInOffered } from './id-card-offer.js';

describe('isIdCardSignInOffered', () => {
  it('offers the ID-card with an eid host, or in simulated mode through the simulated card reader', () => {
    expect(isIdCardSignInOffered({ IDENTITY_MODE: 'simulated' }, '')).toBe(true);
    expect(isIdCardSignInOffered({ IDENTITY_MODE: 'live' }, 'https://eid.pank.ee')).toBe(true);
    expect(isIdCardSignInOffered({ IDENTITY_MODE: 'live' }, '')).toBe(false);
  });
});
