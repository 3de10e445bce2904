import { describe, expect, it } from 'vitest';
import { waitingTexts } from './signing-panels';

describe('waitingTexts', () => {
  it('asks to check the verification code only beside a code', () => {
    expect(waitingTexts('MOBILE_ID', { verificationCode: '1234' }).titleKey).toBe('APPLICATION.SIGNING.WAITING.TITLE');
    expect(waitingTexts('MOBILE_ID').titleKey).toBe('APPLICATION.SIGNING.WAITING.SENDING_TITLE');
    expect(waitingTexts('SMART_ID', { verificationCode: '1234' }).titleKey).toBe('APPLICATION.SIGNING.WAITING.TITLE');
    // A linked Smart-ID signature shows no code at all: PIN2 is all there is to do.
    expect(waitingTexts('SMART_ID').titleKey).toBe('APPLICATION.SIGNING.WAITING.PIN2_TITLE');
    expect(waitingTexts('ID_CARD').titleKey).toBe('APPLICATION.SIGNING.WAITING.PIN2_TITLE');
  });
});
