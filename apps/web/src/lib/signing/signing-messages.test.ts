import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n/i18n';
import { ID_CARD_ERROR_CODES } from './id-card/id-card-signer';
import { signingEndMessage, signingMessageTexts, type SigningEndReason, type SigningMessage } from './signing-messages';

const SERVER_CODES = [
  'user_not_found',
  'document_unusable',
  'phone_absent',
  'delivery_error',
  'sim_error',
  'invalid_certificate',
  'no_certificate',
  'unexpected',
  'timeout',
  'user_cancelled',
  'already_submitted',
  'contract_changed',
  'certificate_revoked',
  'certificate_unknown',
  'ocsp_unavailable',
  'timestamp_unavailable',
  'container_invalid',
  'anything_else',
];

/** The signed container's failure codes and the texts they each have of their own. */
const CONTAINER_FAILURES = [
  ['certificate_revoked', 'CERTIFICATE_REVOKED'],
  ['certificate_unknown', 'CERTIFICATE_UNKNOWN'],
  ['ocsp_unavailable', 'OCSP_UNAVAILABLE'],
  ['timestamp_unavailable', 'TIMESTAMP_UNAVAILABLE'],
  ['container_invalid', 'CONTAINER_INVALID'],
] as const;

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

  it('uses the sign-in catalogue of docs/requirements.md section 8 where its words fit signing', () => {
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

  it.each(['SMART_ID', 'MOBILE_ID', 'ID_CARD'] as const)(
    '%s: each failure of the signed container has its own title and message in et, en and ru',
    (method) => {
      for (const [code, key] of CONTAINER_FAILURES) {
        expect(signingEndMessage(method, { kind: 'failure', code })).toEqual({
          titleKey: `APPLICATION.SIGNING.FAILURE.${key}.TITLE`,
          messageKey: `APPLICATION.SIGNING.FAILURE.${key}.MESSAGE`,
        });
      }
      for (const lng of ['et', 'en', 'ru']) {
        const t = i18n.getFixedT(lng);
        const texts = CONTAINER_FAILURES.map(([code]) => signingMessageTexts(t, signingEndMessage(method, { kind: 'failure', code })));
        for (const { title, message } of texts) {
          expect(title, lng).not.toMatch(/APPLICATION\.SIGNING/);
          expect(message, lng).not.toMatch(/APPLICATION\.SIGNING/);
        }
        expect(new Set(texts.map(({ title }) => title)).size, `${lng} titles`).toBe(CONTAINER_FAILURES.length);
        expect(new Set(texts.map(({ message }) => message)).size, `${lng} messages`).toBe(CONTAINER_FAILURES.length);
      }
    },
  );

  it('says what each failure of the signed container means and what to do (en)', () => {
    const t = i18n.getFixedT('en');
    const textOf = (code: string) => signingMessageTexts(t, signingEndMessage('SMART_ID', { kind: 'failure', code }));
    expect(textOf('certificate_revoked')).toEqual({
      title: 'Certificate revoked',
      message: expect.stringMatching(/revoked.*Choose another signing method/) as unknown,
    });
    expect(textOf('certificate_unknown').message).toMatch(/does not recognise your signing certificate/);
    expect(textOf('ocsp_unavailable').message).toMatch(/certificate validity service did not answer.*try again in a moment/);
    expect(textOf('timestamp_unavailable').message).toMatch(/time-stamping service did not answer.*try again in a moment/);
    expect(textOf('container_invalid')).toEqual({
      title: 'Technical error',
      message: expect.stringMatching(/technical error.*try again.*contact customer support/) as unknown,
    });
  });
});
