import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/i18n';
import { ID_CARD_ERROR_CODES } from './id-card/id-card-signer';
import { signingEndMessage, type SigningEndReason, type SigningMessage } from './signing-messages';

const SERVER_CODES = ['user_not_found', 'document_unusable', 'phone_absent', 'delivery_error', 'sim_error', 'invalid_certificate', 'no_certificate', 'unexpected', 'timeout', 'user_cancelled', 'already_submitted', 'contract_changed', 'anything_else'];

const expectTranslated = (message: SigningMessage) => {
  for (const lng of ['et', 'en', 'ru']) {
    for (const key of [message.titleKey, message.messageKey]) {
      expect(i18n.exists(key, { lng, ns: message.ns ?? 'translation' }), `${lng} ${key}`).toBe(true);
    }
  }
};

describe('signing end messages', () => {
  // Each language's texts load when first needed (i18n.ts).
  beforeAll(() => i18n.loadLanguages(['et', 'en', 'ru']));

  it.each(ID_CARD_ERROR_CODES)('the ID-card plugin error %s has a message in et, en and ru', (code) => {
    expectTranslated(signingEndMessage('ID_CARD', { kind: 'card', code }));
  });

  it.each(['SMART_ID', 'MOBILE_ID', 'ID_CARD'] as const)('every %s failure code has a message in et, en and ru', (method) => {
    for (const code of SERVER_CODES) expectTranslated(signingEndMessage(method, { kind: 'failure', code }));
    expectTranslated(signingEndMessage(method, { kind: 'network' }));
  });

  it('uses the sign-in catalogue of SPEC.md section 8 where its words fit signing', () => {
    const keyOf = (method: 'SMART_ID' | 'MOBILE_ID' | 'ID_CARD', reason: SigningEndReason) => signingEndMessage(method, reason).titleKey;
    expect(keyOf('SMART_ID', { kind: 'failure', code: 'user_not_found' })).toBe('SID.USER_NOT_FOUND.TITLE');
    expect(keyOf('SMART_ID', { kind: 'failure', code: 'document_unusable' })).toBe('SID.DOCUMENT_UNUSABLE.TITLE');
    expect(keyOf('MOBILE_ID', { kind: 'failure', code: 'user_not_found' })).toBe('MID.USER_NOT_FOUND.TITLE');
    expect(keyOf('MOBILE_ID', { kind: 'failure', code: 'phone_absent' })).toBe('MID.DEVICE_PROBLEM.TITLE');
    expect(keyOf('ID_CARD', { kind: 'failure', code: 'no_certificate' })).toBe('IDC.NO_CERTIFICATES.TITLE');
    expect(keyOf('ID_CARD', { kind: 'card', code: 'no_implementation' })).toBe('IDC.NO_IMPLEMENTATION.TITLE');
    expect(keyOf('SMART_ID', { kind: 'failure', code: 'unexpected' })).toBe('COMMON.TECHNICAL_ERROR.TITLE');
    // Its timeout and cancel texts speak of signing in.
    expect(keyOf('SMART_ID', { kind: 'failure', code: 'timeout' })).toBe('APPLICATION.SIGNING.TERMINATED.TITLE');
    expect(keyOf('MOBILE_ID', { kind: 'failure', code: 'user_cancelled' })).toBe('APPLICATION.SIGNING.CANCELLED.TITLE');
  });
});
