import { describe, expect, it } from 'vitest';
import { parseWithIssues } from '../validation/zod-issues.js';
import {
  authenticationEventSchema,
  authenticationStatusResponseSchema,
  magicSignInPayloadSchema,
  mobileIdStartInputSchema,
  mobileIdStartRequestSchema,
  smartIdStartRequestSchema,
  tokenRequestSchema,
} from './auth.js';

const common = {
  responseType: 'code',
  clientId: 'onboarding',
  channel: 'PUBLIC_WEB',
  clientState: 'a'.repeat(64),
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  codeChallengeMethod: 'S256',
};

const issuesOf = (result: ReturnType<typeof parseWithIssues>) => (result.success ? [] : result.issues);

describe('authentication payloads (docs/requirements.md section 3)', () => {
  it('accepts SK demo identities for Mobile-ID', () => {
    expect(parseWithIssues(mobileIdStartInputSchema, { personalId: '60001019906', phoneNumber: '+37200000766' }).success).toBe(true);
  });

  it('rejects a wrong personal ID and phone with their codes', () => {
    expect(issuesOf(parseWithIssues(mobileIdStartInputSchema, { personalId: '60001019907', phoneNumber: '12' }))).toEqual([
      { path: 'personalId', code: 'invalidPersonalId', params: {} },
      { path: 'phoneNumber', code: 'invalidPhone', params: {} },
    ]);
    expect(issuesOf(parseWithIssues(mobileIdStartInputSchema, {}))).toEqual([
      { path: 'personalId', code: 'required', params: {} },
      { path: 'phoneNumber', code: 'required', params: {} },
    ]);
  });

  it('takes the common fields on every start request', () => {
    const body = { ...common, personalId: '60001019906', phoneNumber: '+37200000766' };
    expect(parseWithIssues(mobileIdStartRequestSchema, body).success).toBe(true);
    expect(issuesOf(parseWithIssues(mobileIdStartRequestSchema, { ...body, clientState: 'short', codeChallengeMethod: 'plain' }))).toEqual([
      { path: 'clientState', code: 'exactLength', params: { length: 64 } },
      { path: 'codeChallengeMethod', code: 'required', params: {} },
    ]);
  });

  it('fixes the Smart-ID country to EE', () => {
    const body = { ...common, personalId: '50001029996', personalIdCountryCode: 'EE' };
    expect(parseWithIssues(smartIdStartRequestSchema, body).success).toBe(true);
    expect(parseWithIssues(smartIdStartRequestSchema, { ...body, personalIdCountryCode: 'LV' }).success).toBe(false);
  });

  it('requires state and code once the status is COMPLETE', () => {
    expect(authenticationStatusResponseSchema.parse({ status: 'RUNNING' })).toEqual({ status: 'RUNNING' });
    expect(parseWithIssues(authenticationStatusResponseSchema, { status: 'COMPLETE', state: 's', code: 'c' }).success).toBe(true);
    expect(parseWithIssues(authenticationStatusResponseSchema, { status: 'COMPLETE', state: 's' }).success).toBe(false);
  });

  it('takes a 128-character verifier in token exchange', () => {
    const request = { authorizationCode: 'abc', codeVerifier: 'x'.repeat(128), grantType: 'AUTHORIZATION_CODE' };
    expect(parseWithIssues(tokenRequestSchema, request).success).toBe(true);
    expect(issuesOf(parseWithIssues(tokenRequestSchema, { ...request, codeVerifier: 'x'.repeat(127) }))).toEqual([
      { path: 'codeVerifier', code: 'exactLength', params: { length: 128 } },
    ]);
  });

  it('falls back from idCode and idCountry in the magic payload and passes other fields through', () => {
    expect(magicSignInPayloadSchema.parse({ idCode: '38001085718', firstName: 'Mari' })).toEqual({
      channel: 'PUBLIC_WEB',
      personalId: '38001085718',
      personalIdCountryCode: 'EE',
      firstName: 'Mari',
    });
    expect(magicSignInPayloadSchema.parse({ personalId: '1', idCode: '2', idCountry: 'LV' })).toMatchObject({
      personalId: '1',
      personalIdCountryCode: 'LV',
    });
    expect(magicSignInPayloadSchema.parse({ idCode: '2', personalIdCountryCode: 'FI', idCountry: 'LV' })).toMatchObject({
      personalIdCountryCode: 'FI',
    });
    expect(issuesOf(parseWithIssues(magicSignInPayloadSchema, {}))).toEqual([{ path: 'personalId', code: 'required', params: {} }]);
  });

  it('records an authentication event with visitorId and result', () => {
    const event = {
      authenticationMethod: 'SMART_ID',
      personalId: '50001029996',
      personalIdCountryCode: 'EE',
      errorCode: 'SID.TIMEOUT',
      visitorId: 'f00',
      result: 'FAILED',
    };
    expect(authenticationEventSchema.parse(event)).toEqual(event);
    expect(parseWithIssues(authenticationEventSchema, { ...event, result: 'MAYBE' }).success).toBe(false);
  });

  it("takes exactly the spec's fields of an event, each well-formed and short", () => {
    const event = { authenticationMethod: 'MOBILE_ID', phoneNumber: '+37200000766', visitorId: 'a'.repeat(64), result: 'FAILED' };
    expect(authenticationEventSchema.parse(event)).toEqual(event);
    const refused = (change: Record<string, unknown>) => parseWithIssues(authenticationEventSchema, { ...event, ...change }).success;
    expect(refused({ extra: { anything: 1 } })).toBe(false);
    expect(refused({ personalId: '12345678901' })).toBe(false);
    expect(refused({ phoneNumber: 'call me at https://evil.example' })).toBe(false);
    expect(refused({ errorCode: 'SID.TIMEOUT\r\nSet-Cookie: x' })).toBe(false);
    expect(refused({ errorCode: 'E'.repeat(65) })).toBe(false);
    expect(refused({ visitorId: 'v'.repeat(129) })).toBe(false);
    expect(refused({ personalIdCountryCode: 'Estonia' })).toBe(false);
  });
});
