import { LOCALES, type Locale } from '@onboarding/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPECIAL_CHARACTERS } from '../../../test/hostile-input.js';
import { quoteApplicantText } from './applicant-text.js';

const QUOTES: Record<Locale, [string, string]> = { et: ['„', '“'], en: ['“', '”'], ru: ['«', '»'] };

/** What is between the quotation marks, after checking that they are there. */
function inner(quoted: string, language: Locale): string {
  const [open, close] = QUOTES[language];
  expect(quoted.startsWith(open) && quoted.endsWith(close)).toBe(true);
  return quoted.slice(open.length, quoted.length - close.length);
}

/** Bidi controls, other format characters, lone surrogates, control characters, line and paragraph separators. */
const HIDDEN_OR_BREAKING = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\p{Cf}\p{Cs}\p{Cc}\p{Zl}\p{Zp}\r\n]/u;

/** What a mail client's linkifier takes for a link: a scheme, www., or a host name (also in an e-mail address): a dot before its top-level domain. */
const LOOKS_LIKE_LINK = /[a-z][a-z0-9+.-]*:\/\/|www[.\u3002\uFF0E\uFF61][\p{L}\p{N}]|[\p{L}\p{N}_-][.\u3002\uFF0E\uFF61]\p{L}/iu;

const DOUBLE_QUOTE = /["“”„‟«»″‶〝〞〟＂]/u;

/** Hostile text: any code point, the characters that break naive handling, and pieces of links. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom(...SPECIAL_CHARACTERS, '\u202A', '\u202B', '\u202C', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\r\n'),
      fc.constantFrom('https://', 'http://', 'www.', '.', '。', '．', '｡', '@', ':', '/', 'evil', 'example', 'ee', ' '),
      fc.webUrl(),
      fc.emailAddress(),
      fc.domain(),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('quoteApplicantText', () => {
  it('shows an ordinary business name as it is, in the quotation marks of each language', () => {
    expect(quoteApplicantText('Näidis Tehnoloogia OÜ', 'et')).toBe('„Näidis Tehnoloogia OÜ“');
    expect(quoteApplicantText('A. Le Coq AS', 'en')).toBe('“A. Le Coq AS”');
    expect(quoteApplicantText('Tehno 2.0 OÜ 12.5%', 'en')).toBe('“Tehno 2.0 OÜ 12.5%”');
    expect(quoteApplicantText('ООО Пример 2', 'ru')).toBe('«ООО Пример 2»');
  });

  it('drops bidi controls, puts line breaks on one line and defuses the link of the probe', () => {
    const probe = 'Evil OÜ\r\nYour account is blocked \u202Eknil\u202C, go to https://evil.example/login now';
    const quoted = quoteApplicantText(probe, 'en');
    expect(quoted).toBe('“Evil OÜ Your account is blocked knil, go to https[:]//evil[.]example/login now”');
    expect(quoteApplicantText('www.evil.example', 'et')).toBe('„www[.]evil[.]example“');
    expect(quoteApplicantText('mari@evil.example', 'et')).toBe('„mari@evil[.]example“');
    expect(quoteApplicantText('evil\u200B.example', 'et')).toBe('„evil[.]example“');
    expect(quoteApplicantText('evil。example', 'et')).toBe('„evil[.]example“');
    expect(quoteApplicantText('http://2130706433', 'et')).toBe('„http[:]//2130706433“');
  });

  it('does not let the text close its quotation', () => {
    expect(quoteApplicantText('X OÜ” — call +372 5555 5555 “', 'en')).toBe("“X OÜ' — call +372 5555 5555 '”");
    expect(quoteApplicantText('«X» "Y" „Z“', 'ru')).toBe("«'X' 'Y' 'Z'»");
  });

  it('keeps any text on one quoted line with nothing hidden, breaking or clickable in it (property)', () => {
    fc.assert(
      fc.property(hostileText, fc.constantFrom(...LOCALES), (text, language) => {
        const shown = inner(quoteApplicantText(text, language), language);
        expect(shown).not.toMatch(HIDDEN_OR_BREAKING);
        expect(shown).not.toMatch(LOOKS_LIKE_LINK);
        expect(shown).not.toMatch(DOUBLE_QUOTE);
        expect(shown).toBe(shown.trim());
        expect(shown).not.toMatch(/\s{2}/u);
      }),
      { numRuns: 2000 },
    );
  });

  it('changes nothing more when given its own result (property)', () => {
    fc.assert(
      fc.property(hostileText, fc.constantFrom(...LOCALES), (text, language) => {
        const once = quoteApplicantText(text, language);
        expect(quoteApplicantText(inner(once, language), language)).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps every letter, digit and single space of a name (property)', () => {
    const nameCharacter = fc.constantFrom(...'abcxyzABCÕÄÖÜŠŽõäöüšžДжЯя0129 &-,()'.split(''));
    fc.assert(
      fc.property(fc.string({ unit: nameCharacter, maxLength: 40 }), fc.constantFrom(...LOCALES), (name, language) => {
        expect(inner(quoteApplicantText(name, language), language)).toBe(name.trim().replace(/ +/g, ' '));
      }),
    );
  });
});
