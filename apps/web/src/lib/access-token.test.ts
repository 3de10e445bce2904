import { describe, expect, it } from 'vitest';
import { fakeAccessToken } from '../test/fake-token';
import { decodeAccessToken, msUntilExpiry } from './access-token';

describe('decodeAccessToken', () => {
  it('reads the claims, names with letters beyond ASCII included', () => {
    expect(decodeAccessToken(fakeAccessToken({ givenName: 'Jüri', surname: 'Õunapuu' }))).toMatchObject({
      givenName: 'Jüri',
      surname: 'Õunapuu',
      personalId: '38001085718',
    });
  });

  it('gives nothing for no token, a token that is not a JWT, or claims of another shape', () => {
    expect(decodeAccessToken(null)).toBeNull();
    expect(decodeAccessToken('not-a-jwt')).toBeNull();
    expect(decodeAccessToken('a.%%%.c')).toBeNull();
    expect(decodeAccessToken(fakeAccessToken({ exp: 'soon' as unknown as number }))).toBeNull();
  });
});

describe('msUntilExpiry', () => {
  it('counts on the server clock', () => {
    expect(msUntilExpiry({ exp: 1000 }, 2000, 900_000)).toBe(98_000);
  });
});
