import type { Locale } from '@onboarding/domain';

/**
 * Format characters (Cf) — the bidi embeddings, overrides, isolates and marks
 * (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), zero-width characters,
 * the BOM — and lone surrogates (Cs): they reorder or hide what the reader sees,
 * or cannot be encoded at all. They are dropped, not replaced.
 */
const INVISIBLE = /[\p{Cf}\p{Cs}]/gu;

/** Control characters (CR, LF, tab, NEL, ...), line and paragraph separators and white space: one space per run. */
const BREAKS = /[\p{Cc}\p{Zl}\p{Zp}\s]+/gu;

/** Double quotation marks of any script, so the text cannot close its own quotation and go on as the bank's words. */
const DOUBLE_QUOTES = /["“”„‟«»″‶〝〞〟＂]/gu;

/** A scheme's `://`: `https://…`, `ftp://…`, and an IP address given as one number after it. */
const SCHEME_SEPARATOR = /:\/\//g;

/**
 * A full stop inside a would-be host name (`evil.example`, `www.0a`,
 * `a@evil.example`), also the ideographic and full-width ones that browsers read
 * as one: every dot between two characters but the one of a decimal number
 * (`12.5%`, `2.0`). Every host name ends in a dot and a top-level domain, which
 * starts with a letter, so no host name is left whole.
 */
const HOST_DOT = /(?<=[^\s.])[.\u3002\uFF0E\uFF61](?=\p{L})|(?<=[^\s.\p{N}])[.\u3002\uFF0E\uFF61](?=\p{N})/gu;

const QUOTES: Record<Locale, readonly [string, string]> = {
  et: ['„', '“'],
  en: ['“', '”'],
  ru: ['«', '»'],
};

/**
 * Text the applicant typed (a business name, a declared address or name), as a
 * mail may show it: on one line, in quotation marks of the mail's language, with
 * nothing that reorders, hides or breaks the line, and with every would-be link
 * defused (`https[:]//evil[.]example`) so that no mail client makes it clickable.
 * The HTML part is escaped by the layout on top of this.
 */
export function quoteApplicantText(text: string, language: Locale): string {
  const [open, close] = QUOTES[language];
  const plain = text
    .replace(INVISIBLE, '')
    .replace(BREAKS, ' ')
    // After the removals, so that what is left composes as it will be shown.
    .normalize('NFC')
    .replace(DOUBLE_QUOTES, "'")
    .replace(SCHEME_SEPARATOR, '[:]//')
    .replace(HOST_DOT, '[.]')
    .trim();
  return `${open}${plain}${close}`;
}

/** How Estonian needs the company in a sentence: ettevõtte (whose) or ettevõttele (to whom). */
export type CompanyCase = 'genitive' | 'allative';

/**
 * The application's company as a mail names it: by its name, quoted, when the register knows the company; as "your
 * company" when it does not (`businessName` null). A name the register does not know is only what the applicant
 * typed, and the bank's own sender must not carry an applicant's words ("Your account is blocked, call …") to anyone.
 */
export function companyPhrase(businessName: string | null, language: Locale, form: CompanyCase = 'genitive'): string {
  const name = businessName === null ? null : quoteApplicantText(businessName, language);
  switch (language) {
    case 'et': {
      const noun = form === 'allative' ? 'ettevõttele' : 'ettevõtte';
      return name === null ? `sinu ${noun}` : `${noun} ${name}`;
    }
    case 'en':
      return name ?? 'your company';
    case 'ru':
      return name === null ? 'вашей компании' : `компании ${name}`;
  }
}

/** A phrase (companyPhrase's) at the start of a sentence. */
export const atSentenceStart = (phrase: string): string => phrase.charAt(0).toUpperCase() + phrase.slice(1);
