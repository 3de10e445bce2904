import { LOCALES } from '@onboarding/domain';
import { describe, expect, it } from 'vitest';
import { DISPLAY_TEXT_MAX_CHARS, displayTextFormatOf, fitDisplayText, fitsDisplayText } from './gsm7.js';
import { MOBILE_ID_DISPLAY_TEXTS, MOBILE_ID_LANGUAGES } from './mobile-id-display-texts.js';

const configured = Object.entries(MOBILE_ID_DISPLAY_TEXTS).flatMap(([prompt, texts]) => LOCALES.map((locale) => [prompt, locale, texts[locale]] as const));

describe('Mobile-ID display texts (docs/eid-facts.md sections 1.11, 3.3)', () => {
  it.each(configured)('%s in %s fits its encoding’s room, whole', (_prompt, _locale, text) => {
    const format = displayTextFormatOf(text);
    expect(text.trim()).not.toBe('');
    expect(fitsDisplayText(text, format)).toBe(true);
    expect([...text].length).toBeLessThanOrEqual(DISPLAY_TEXT_MAX_CHARS[format]);
    expect(fitDisplayText(text)).toEqual({ displayText: text, displayTextFormat: format });
  });

  it('sends English as GSM-7, and Estonian with õ and Russian as UCS-2', () => {
    expect(displayTextFormatOf(MOBILE_ID_DISPLAY_TEXTS.signIn.en)).toBe('GSM-7');
    expect(displayTextFormatOf(MOBILE_ID_DISPLAY_TEXTS.signing.en)).toBe('GSM-7');
    expect(displayTextFormatOf(MOBILE_ID_DISPLAY_TEXTS.signIn.et)).toBe('UCS-2');
    expect(displayTextFormatOf(MOBILE_ID_DISPLAY_TEXTS.signIn.ru)).toBe('UCS-2');
    expect(displayTextFormatOf(MOBILE_ID_DISPLAY_TEXTS.signing.ru)).toBe('UCS-2');
  });

  it('names a phone language for every UI language', () => {
    expect(MOBILE_ID_LANGUAGES).toEqual({ et: 'EST', en: 'ENG', ru: 'RUS' });
  });
});

describe('GSM-7 room', () => {
  it('is 100 characters in GSM-7 and 50 in UCS-2, counted as characters', () => {
    expect(fitsDisplayText('a'.repeat(100), 'GSM-7')).toBe(true);
    expect(fitsDisplayText('a'.repeat(101), 'GSM-7')).toBe(false);
    expect(fitsDisplayText('ж'.repeat(50), 'UCS-2')).toBe(true);
    expect(fitsDisplayText('ж'.repeat(51), 'UCS-2')).toBe(false);
  });

  it('refuses GSM-7 for a text it cannot carry: õ, š, ž, Cyrillic, and the two-septet extension characters', () => {
    for (const text of ['õ', 'š', 'ž', 'Счёт', '€', '[']) expect(fitsDisplayText(text, 'GSM-7')).toBe(false);
    expect(fitsDisplayText('Äö ü', 'GSM-7')).toBe(true);
  });

  it('cuts a longer text to its room', () => {
    expect(fitDisplayText('õ'.repeat(60))).toEqual({ displayText: 'õ'.repeat(50), displayTextFormat: 'UCS-2' });
    expect(fitDisplayText('a'.repeat(120))).toEqual({ displayText: 'a'.repeat(100), displayTextFormat: 'GSM-7' });
  });
});
