import { describe, expect, it } from 'vitest';
import enDomain from '@onboarding/domain/i18n/en.json';
import etDomain from '@onboarding/domain/i18n/et.json';
import ruDomain from '@onboarding/domain/i18n/ru.json';
import en from './en.json';
import et from './et.json';
import ru from './ru.json';

/**
 * One voice per language, as docs/glossary.md describes it: Estonian says "sina",
 * Russian says "вы" in lower case, both use the glossary's terms and typography.
 * Each check names the texts that break it, so a new text cannot drift unnoticed.
 */

type Text = { key: string; text: string };

function textsOf(value: unknown, prefix: string): Text[] {
  if (typeof value === 'string') return [{ key: prefix, text: value }];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => textsOf(child, `${prefix}.${key}`));
}

const estonian = [...textsOf(et, 'web'), ...textsOf(etDomain, 'domain')];
const russian = [...textsOf(ru, 'web'), ...textsOf(ruDomain, 'domain')];
const english = [...textsOf(en, 'web'), ...textsOf(enDomain, 'domain')];

/** The keys of the texts in which `pattern` occurs (`pattern` needs the g flag). */
function offending(texts: readonly Text[], pattern: RegExp): string[] {
  return texts.filter(({ text }) => [...text.matchAll(pattern)].length > 0).map(({ key, text }) => `${key}: ${text}`);
}

/** The keys of the texts in which `pattern` occurs after the first word of a sentence. */
function midSentence(texts: readonly Text[], pattern: RegExp): string[] {
  return texts
    .filter(({ text }) =>
      [...text.matchAll(pattern)].some((match) => {
        const before = text.slice(0, match.index).trimEnd();
        return before !== '' && !/[.!?]$/.test(before);
      }),
    )
    .map(({ key, text }) => `${key}: ${text}`);
}

/** The keys of the texts in which `word` occurs without `qualifier` right before it. */
function unqualified(texts: readonly Text[], word: RegExp, qualifier: RegExp): string[] {
  return texts
    .filter(({ text }) => [...text.matchAll(word)].some((match) => !qualifier.test(text.slice(0, match.index))))
    .map(({ key, text }) => `${key}: ${text}`);
}

/** A whole word from a list, in any case: `(?<!\p{L})(a|b)(?!\p{L})`. */
const words = (list: readonly string[]) => new RegExp(`(?<!\\p{L})(?:${list.join('|')})(?!\\p{L})`, 'giu');

describe('Estonian says "sina"', () => {
  it('never "teie" or its forms', () => {
    expect(offending(estonian, words(['teie', 'teid', 'teile', 'teil', 'teilt', 'teiega']))).toEqual([]);
  });

  it('gives instructions in the singular, not the plural imperative', () => {
    const plural = [
      'otsige',
      'proovige',
      'täpsustage',
      'kasutage',
      'hinnake',
      'sisestage',
      'valige',
      'kontrollige',
      'vajutage',
      'kinnitage',
      'lisage',
      'märkige',
      'kirjeldage',
      'parandage',
      'salvestage',
      'allkirjastage',
      'vaadake',
      'võtke',
      'tulge',
      'logige',
      'laadige',
      'jätkake',
      'sulgege',
      'avage',
      'paigaldage',
      'looge',
      'järgige',
      'oodake',
    ];
    expect(offending(estonian, words(plural))).toEqual([]);
  });

  it('never speaks as "I": the bank is "we" or "pank"', () => {
    expect(offending(estonian, words(['salvestan', 'laadin', 'saadan', 'otsin']))).toEqual([]);
  });

  it('uses the glossary terms', () => {
    expect(offending(estonian, /ärikonto|panga kontor|internetis(?!\p{L})|võrguviga|\(RTI\)/giu)).toEqual([]);
    // "Tühista" annuls; a button that gives up is "Loobu" or "Katkesta".
    expect(estonian.filter(({ text }) => /^Tühista(?!\p{L})/u.test(text)).map(({ key }) => key)).toEqual([]);
  });
});

describe('Russian says "вы"', () => {
  it('writes "вы" in lower case within a sentence', () => {
    expect(midSentence(russian, /(?<!\p{L})(?:Вы|Вас|Вам|Вами|Ваш\p{L}*)(?!\p{L})/gu)).toEqual([]);
  });

  it('says "компания", never "предприятие"', () => {
    expect(offending(russian, /предприяти/giu)).toEqual([]);
  });

  it('tries "ещё раз", not "снова"', () => {
    expect(offending(russian, /попробовать снова|попробуйте снова/giu)).toEqual([]);
  });

  it("uses the Estonian-Russian legal terms, not Russia's or calques", () => {
    expect(offending(russian, words(['ИНН', 'ООО', 'бенефициар\\p{L}*', 'контор\\p{L}*', 'осведомл\\p{L}*', 'за вас', 'идентифицируйте']))).toEqual([]);
    expect(offending(russian, /частн\p{L}* лиц/giu)).toEqual([]);
    expect(offending(russian, /акционер\p{L}*(?: или|,) пайщик/giu)).toEqual([]);
  });

  it('never shortens "фактический выгодоприобретатель" or "наблюдательный совет"', () => {
    expect(unqualified(russian, /выгодоприобретател/giu, /фактическ\p{L}*\s$/iu)).toEqual([]);
    expect(unqualified(russian, /(?<!\p{L})совет\p{L}{0,2}(?!\p{L})/gu, /наблюдательн\p{L}*\s$/iu)).toEqual([]);
  });

  it('writes "например" out', () => {
    expect(offending(russian, /(?<!\p{L})напр\./gu)).toEqual([]);
  });
});

describe('lower case within a sentence', () => {
  it("for a language's name", () => {
    expect(midSentence(estonian, /(?:Eesti|Inglise|Vene) keel/gu)).toEqual([]);
    expect(midSentence(russian, /(?:Русск|Эстонск|Английск)\p{L}*/gu)).toEqual([]);
    // The names in LANGUAGES are capitalised labels: a sentence cannot take one as a parameter.
    expect(offending([...estonian, ...russian], /\{\{language\}\}/g)).toEqual([]);
  });

  it('for the Business Register', () => {
    expect(midSentence(estonian, /Äriregist/gu)).toEqual([]);
    expect(midSentence(russian, /Коммерческ\p{L}* регистр/gu)).toEqual([]);
  });
});

describe('typography', () => {
  it('quotes „…“ in Estonian and «…» in Russian', () => {
    expect(offending(estonian, /["«»”]/g)).toEqual([]);
    expect(offending(russian, /["”]/g)).toEqual([]);
  });

  it('writes the English apostrophe as ’', () => {
    expect(offending(english, /'/g)).toEqual([]);
  });

  it('never a figure dash (U+2012)', () => {
    expect(offending([...estonian, ...russian], /\u2012/g)).toEqual([]);
  });

  it('keeps a Russian dash and per cent sign off the line start with a no-break space', () => {
    expect(offending(russian, /[^\u00a0]—/g)).toEqual([]);
    expect(offending(russian, /(?:\d|\}\})%/g)).toEqual([]);
  });
});
