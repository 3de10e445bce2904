import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  acspV2Payload,
  authCode,
  buildDeviceLink,
  hasValidAuthCode,
  isValidCallback,
  notificationVerificationCode,
  parseDeviceLink,
  schemeNameFor,
  sessionSecretDigest,
  signPss,
  unprotectedDeviceLink,
  userChallengeOf,
  verifyPss,
  type AcspV2Fields,
} from './smart-id-v3-protocol.js';

// SK's published example values (docs/eid-facts.md section 1.12, "SK's vectors, with their full inputs").
const SK = {
  sessionSecret: 'B98ODiVCebRedSwdTk51zFSaGYyHtY1H2A0ocAi3/Ps=',
  sessionToken: 'wGIrqveE6AuGDATZKmR1mtAZ',
  rpChallenge: 'GYS+yoah6emAcVDNIajwSs6UB/M95XrDxMzXBUkwQJ9YFDipXXzGpPc7raWcuc2+TEoRc7WvIZ/7dU/iRXenYg==',
  relyingPartyName: 'DEMO',
  brokeredRpName: 'Example RP',
  interactions:
    'W3sidHlwZSI6ImNvbmZpcm1hdGlvbk1lc3NhZ2UiLCJkaXNwbGF5VGV4dDIwMCI6IkxvbmdlciBkZXNjcmlwdGlvbiBvZiB0aGUgdHJhbnNhY3Rpb24gY29udGV4dCJ9LHsidHlwZSI6ImRpc3BsYXlUZXh0QW5kUElOIiwiZGlzcGxheVRleHQ2MCI6IlNob3J0IGRlc2NyaXB0aW9uIG9mIHRoZSB0cmFuc2FjdGlvbiBjb250ZXh0In1d',
  initialCallbackUrl: 'https://rp.example.com/callback-url?value=RrKjjT4aggzu27YBddX1bQ',
  deviceLinkBase: 'https://smart-id.com/device-link',
  serverRandom: 'MTlop6EXCrQ6FOErcKjxUhbV',
  userChallengeVerifier: 'XtPfaGa8JnGtYrJjboooUf0KfY9sMEHrWFpSQrsUv9c',
  userChallenge: 'GnsWXXEjTCKR89fj9uo5u5ReBZ9JR7_pezLAI5jMS00',
};
// SK's examples use the live scheme name.
const context = (initialCallbackUrl = '') => ({
  schemeName: 'smart-id',
  signatureProtocol: 'ACSP_V2',
  challenge: SK.rpChallenge,
  relyingPartyName: SK.relyingPartyName,
  brokeredRpName: SK.brokeredRpName,
  interactions: SK.interactions,
  initialCallbackUrl,
});

describe("SK's device-link vectors", () => {
  it('Web2App authCode', () => {
    const link = { deviceLinkBase: SK.deviceLinkBase, deviceLinkType: 'Web2App', sessionToken: SK.sessionToken, sessionType: 'auth', lang: 'eng' } as const;
    expect(unprotectedDeviceLink(link)).toBe(
      'https://smart-id.com/device-link?deviceLinkType=Web2App&sessionToken=wGIrqveE6AuGDATZKmR1mtAZ&sessionType=auth&version=1.0&lang=eng',
    );
    expect(authCode(SK.sessionSecret, context(SK.initialCallbackUrl), unprotectedDeviceLink(link))).toBe('aegUh6gCKkXBJhhvtJqSTWB5_2W8TDQt5eZ7db6krv0');
  });

  it('QR link with elapsedSeconds, and its reading back', () => {
    const link = {
      deviceLinkBase: SK.deviceLinkBase,
      deviceLinkType: 'QR',
      elapsedSeconds: 22,
      sessionToken: SK.sessionToken,
      sessionType: 'auth',
      lang: 'eng',
    } as const;
    const built = buildDeviceLink(link, SK.sessionSecret, context());
    expect(built).toBe(
      'https://smart-id.com/device-link?deviceLinkType=QR&elapsedSeconds=22&sessionToken=wGIrqveE6AuGDATZKmR1mtAZ&sessionType=auth&version=1.0&lang=eng&authCode=OY1eHaD4UYedrBwtqUbSkpa0w7ttm4FllPkCD_3wlE0',
    );
    const parsed = parseDeviceLink(built);
    expect(parsed).toMatchObject({ ...link, authCode: 'OY1eHaD4UYedrBwtqUbSkpa0w7ttm4FllPkCD_3wlE0' });
    expect(parsed && hasValidAuthCode(parsed, SK.sessionSecret, context())).toBe(true);
    expect(parsed && hasValidAuthCode(parsed, SK.sessionSecret, context(SK.initialCallbackUrl))).toBe(false);
    expect(parseDeviceLink(built.replace('elapsedSeconds=22', 'elapsedSeconds=23'))).not.toBeNull();
    // Order, extra parameters and elapsedSeconds outside QR are not SK's link.
    expect(parseDeviceLink(built.replace('&version=1.0&lang=eng', '&lang=eng&version=1.0'))).toBeNull();
    expect(parseDeviceLink(built.replace('deviceLinkType=QR', 'deviceLinkType=Web2App'))).toBeNull();
  });

  it('sessionSecretDigest and the userChallenge of the verifier (hashed as text)', () => {
    expect(sessionSecretDigest(SK.sessionSecret)).toBe('U4CKK13H1XFiyBofev9asqrzIrY5_Gszi_nL_zDKkBc');
    expect(userChallengeOf(SK.userChallengeVerifier)).toBe(SK.userChallenge);
  });

  it('notification verification code 7180', () => {
    expect(notificationVerificationCode(Buffer.from(SK.rpChallenge, 'base64'))).toBe('7180');
  });
});

describe('callback checks', () => {
  const good = {
    sessionSecret: SK.sessionSecret,
    sessionSecretDigest: 'U4CKK13H1XFiyBofev9asqrzIrY5_Gszi_nL_zDKkBc',
    userChallengeVerifier: SK.userChallengeVerifier,
    userChallenge: SK.userChallenge,
  };
  it('accepts the matching digest and verifier', () => expect(isValidCallback(good)).toBe(true));
  it('refuses a wrong digest', () =>
    expect(isValidCallback({ ...good, sessionSecretDigest: sessionSecretDigest('AAAAAAAAAAAAAAAAAAAAAAAAAAAA') })).toBe(false));
  it('refuses a wrong verifier, and the challenge given as its own verifier', () => {
    expect(isValidCallback({ ...good, userChallengeVerifier: `${SK.userChallengeVerifier.slice(0, -1)}d` })).toBe(false);
    expect(isValidCallback({ ...good, userChallengeVerifier: SK.userChallenge })).toBe(false);
  });
});

describe('ACSP_V2', () => {
  const fields: AcspV2Fields = {
    schemeName: 'smart-id',
    serverRandom: SK.serverRandom,
    rpChallenge: SK.rpChallenge,
    userChallenge: SK.userChallenge,
    relyingPartyName: SK.relyingPartyName,
    brokeredRpName: SK.brokeredRpName,
    interactions: SK.interactions,
    interactionTypeUsed: 'confirmationMessage',
    initialCallbackUrl: SK.initialCallbackUrl,
    flowType: 'Web2App',
  };
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

  it("SK's example payload hashes to SK's digest", async () => {
    const { createHash } = await import('node:crypto');
    expect(createHash('sha512').update(acspV2Payload(fields)).digest('base64')).toBe(
      'pKOjbNl/5Fy8NfrFqsj6pSn8W8O+Ik8rM33QSsbyD3J9qDJvEm90SboUciuY4wHGWa0Pnq8BgT3NJKmJiUDfKg==',
    );
  });

  it('a valid RSASSA-PSS signature verifies over the rebuilt payload', () => {
    const signature = signPss(privateKey, acspV2Payload(fields), 'SHA-512');
    expect(verifyPss(publicKey, acspV2Payload({ ...fields }), 'SHA-512', signature)).toBe(true);
  });

  it('refuses a tampered payload, a wrong key, a wrong scheme name and another hash', () => {
    const signature = signPss(privateKey, acspV2Payload(fields), 'SHA-512');
    expect(verifyPss(publicKey, acspV2Payload({ ...fields, flowType: 'QR' }), 'SHA-512', signature)).toBe(false);
    expect(verifyPss(publicKey, acspV2Payload({ ...fields, serverRandom: 'x' }), 'SHA-512', signature)).toBe(false);
    expect(verifyPss(other.publicKey, acspV2Payload(fields), 'SHA-512', signature)).toBe(false);
    expect(verifyPss(publicKey, acspV2Payload({ ...fields, schemeName: 'smart-id-demo' }), 'SHA-512', signature)).toBe(false);
    expect(verifyPss(publicKey, acspV2Payload(fields), 'SHA-256', signature)).toBe(false);
  });
});

describe('scheme name', () => {
  it('is smart-id-demo at SK DEMO and on loopback, else smart-id', () => {
    expect(schemeNameFor('https://sid.demo.sk.ee/smart-id-rp/v3/')).toBe('smart-id-demo');
    expect(schemeNameFor('http://127.0.0.1:4000/smart-id-rp/v3/')).toBe('smart-id-demo');
    expect(schemeNameFor('https://rp-api.smart-id.com/v3/')).toBe('smart-id');
  });
});
