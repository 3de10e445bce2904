import { describe, expect, it } from 'vitest';
import { ID_CARD_PLUGIN_ERRORS, SIGN_IN_ERRORS, SIGN_IN_MESSAGE_KEYS, signInMessageKey } from './sign-in-errors.js';

describe('sign-in error catalogue (docs/requirements.md section 8)', () => {
  it.each([
    ['ID_CARD', 'unexpected', 'COMMON.TECHNICAL_ERROR'],
    ['ID_CARD', 'no_certificate', 'IDC.NO_CERTIFICATES'],
    ['ID_CARD', 'no_implementation', 'IDC.NO_IMPLEMENTATION'],
    ['ID_CARD', 'invalid_certificate', 'IDC.INVALID_CERTIFICATE'],
    ['MOBILE_ID', 'timeout', 'MID.TIMEOUT'],
    ['MOBILE_ID', 'user_not_found', 'MID.USER_NOT_FOUND'],
    ['MOBILE_ID', 'user_cancelled', 'COMMON.USER_CANCEL'],
    ['MOBILE_ID', 'phone_absent', 'MID.DEVICE_PROBLEM'],
    ['MOBILE_ID', 'delivery_error', 'MID.DEVICE_PROBLEM'],
    ['MOBILE_ID', 'sim_error', 'MID.DEVICE_PROBLEM'],
    ['SMART_ID', 'timeout', 'SID.TIMEOUT'],
    ['SMART_ID', 'user_not_found', 'SID.USER_NOT_FOUND'],
    ['SMART_ID', 'user_cancelled', 'COMMON.USER_CANCEL'],
    ['SMART_ID', 'document_unusable', 'SID.DOCUMENT_UNUSABLE'],
    ['SMART_ID', 'sim_error', 'COMMON.TECHNICAL_ERROR'],
    ['MOBILE_ID', 'document_unusable', 'COMMON.TECHNICAL_ERROR'],
    ['ID_CARD', undefined, 'COMMON.TECHNICAL_ERROR'],
  ] as const)('%s %s shows %s', (method, code, key) => {
    expect(signInMessageKey(method, code)).toBe(key);
  });

  it('has one row per method and code, each with a known key', () => {
    expect(SIGN_IN_ERRORS).toHaveLength(14);
    const pairs = SIGN_IN_ERRORS.map((error) => `${error.method}:${error.code}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const error of SIGN_IN_ERRORS) expect(SIGN_IN_MESSAGE_KEYS).toContain(error.messageKey);
  });

  it('lists the ID-card plugin errors', () => {
    expect(ID_CARD_PLUGIN_ERRORS).toEqual([
      'user_cancel',
      'no_certificates',
      'invalid_argument',
      'driver_error',
      'technical_error',
      'no_implementation',
      'not_allowed',
    ]);
  });
});
