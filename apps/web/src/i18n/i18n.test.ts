import { waitFor } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import i18n from './i18n';
import en from './en.json';
import et from './et.json';
import ru from './ru.json';
import { localeCookie, resolveInitialLocale } from './locale';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function emptyValues(value: unknown, prefix = ''): string[] {
  return keysOf(value, prefix).filter((key) => {
    const leaf = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], value);
    return typeof leaf !== 'string' || leaf.trim() === '';
  });
}

describe('translations', () => {
  const english = new Set(keysOf(en));

  it.each([
    ['et', et],
    ['ru', ru],
  ])('%s has exactly the keys of en', (_locale, translations) => {
    const keys = new Set(keysOf(translations));
    expect(
      [...english].filter((key) => !keys.has(key)),
      'missing',
    ).toEqual([]);
    expect(
      [...keys].filter((key) => !english.has(key)),
      'extra',
    ).toEqual([]);
  });

  it.each([
    ['en', en],
    ['et', et],
    ['ru', ru],
  ])('%s has no empty text', (_locale, translations) => {
    expect(emptyValues(translations)).toEqual([]);
  });

  it('uses the same interpolation parameters in every language', () => {
    const parameters = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const textAt = (translations: unknown, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], translations) as string;
    // Estonian and Russian name the page's language in words, in lower case as a sentence needs it ("eesti keeles").
    const namedInWords: Record<string, string> = { 'PERSONAL_INFORMATION.LANGUAGE_NOTE': 'language' };
    for (const key of english) {
      const expected = parameters(textAt(en, key)).filter((parameter) => parameter !== namedInWords[key]);
      expect(parameters(textAt(et, key)), `et ${key}`).toEqual(expected);
      expect(parameters(textAt(ru, key)), `ru ${key}`).toEqual(expected);
    }
  });
});

describe('resolveInitialLocale', () => {
  const storage = (value: string | null) => ({ getItem: () => value });

  it('takes a supported lang query parameter first', () => {
    expect(resolveInitialLocale('?lang=ru', storage('en'))).toBe('ru');
    expect(resolveInitialLocale('?lang=EN', storage(null))).toBe('en');
  });

  it('falls back to the stored locale when lang is missing or unsupported', () => {
    expect(resolveInitialLocale('', storage('en'))).toBe('en');
    expect(resolveInitialLocale('?lang=de', storage('ru'))).toBe('ru');
  });

  it('defaults to Estonian', () => {
    expect(resolveInitialLocale('', storage(null))).toBe('et');
    expect(resolveInitialLocale('?lang=fi', storage('fi'))).toBe('et');
  });

  it('survives storage that throws (private browsing)', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(resolveInitialLocale('', throwing)).toBe('et');
  });
});

describe('the language cookie', () => {
  afterAll(() => i18n.changeLanguage('et'));

  it('repeats the stored choice for the server, for /start/ only, a year, Secure behind https', () => {
    expect(localeCookie('ru', false)).toBe('locale=ru; Path=/start/; Max-Age=31536000; SameSite=Lax');
    expect(localeCookie('en', true)).toBe('locale=en; Path=/start/; Max-Age=31536000; SameSite=Lax; Secure');
  });

  it('follows a change of language, with the stored choice', async () => {
    // The test page is not under /start/, where the cookie lives: what is written is checked instead.
    const written = vi.spyOn(Document.prototype, 'cookie', 'set');
    await i18n.changeLanguage('ru');
    await waitFor(() => expect(window.localStorage.getItem('locale')).toBe('ru'));
    expect(written).toHaveBeenLastCalledWith('locale=ru; Path=/start/; Max-Age=31536000; SameSite=Lax');
    expect(document.documentElement.lang).toBe('ru');
    written.mockRestore();
  });
});
