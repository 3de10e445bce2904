import { readFileSync } from 'node:fs';

export type Language = 'et' | 'en' | 'ru';
type Dictionary = { readonly [key: string]: string | Dictionary };

const dictionaries = Object.fromEntries(
  (['et', 'en', 'ru'] as const).map((language) => [
    language,
    JSON.parse(readFileSync(new URL(`../../../apps/web/src/i18n/${language}.json`, import.meta.url), 'utf8')) as Dictionary,
  ]),
) as Record<Language, Dictionary>;

/** What a key says in a language, with its {{values}} put in: a journey in any language finds things by the app's own texts. */
export type Say = (key: string, values?: Readonly<Record<string, string | number>>) => string;

export function textsOf(language: Language): Say {
  return (key, values = {}) => {
    const text = key
      .split('.')
      .reduce<string | Dictionary | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), dictionaries[language]);
    if (typeof text !== 'string') throw new Error(`no text ${key} in ${language}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
  };
}

/** Matches a text that starts as the key's text does before its first {{value}}. */
export function startOf(text: string): RegExp {
  const start = text.split('{{')[0] ?? '';
  return new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/** A country's name as the app shows it: the browser's own, which Node's ICU shares. */
export const countryIn = (language: Language, code: string): string => new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
