import { describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGE_KEYS } from '../sign-in-errors.js';
import { VALIDATION_CODES } from '../validation/codes.js';
import en from './en.json' with { type: 'json' };
import et from './et.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };
import { signInMessageKeys, validationMessageKey } from './keys.js';

type Tree = { [key: string]: string | Tree };
const catalogues: Record<string, Tree> = { en, et, ru };

const leaves = (tree: Tree, prefix = ''): Map<string, string> => {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) result.set(leaf, text);
  }
  return result;
};

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

/** Every key the code can ask for: one per validation code, a title and message per sign-in key. */
const expectedKeys = [...VALIDATION_CODES.map(validationMessageKey), ...SIGN_IN_MESSAGE_KEYS.flatMap((key) => Object.values(signInMessageKeys(key)))].sort();

// Parameters each code is given by the rules (src/validation) and the zod issue mapping.
const EXPECTED_PLACEHOLDERS: Partial<Record<string, string[]>> = {
  'VALIDATION.maxLength': ['max'],
  'VALIDATION.exactLength': ['length'],
  'VALIDATION.maxValue': ['max'],
  'VALIDATION.minAmount': ['minValue'],
  'VALIDATION.maxOptions': ['max'],
  'VALIDATION.minValue': ['min'],
  'VALIDATION.minValueInclusive': ['min'],
  'VALIDATION.totalHoldingNotEqual': ['expected', 'total'],
  'VALIDATION.totalHoldingTooBig': ['expected', 'total'],
  'VALIDATION.beneficiariesTotalNotEqual': ['expected', 'total'],
  'VALIDATION.beneficiariesTotalTooBig': ['expected', 'total'],
  'VALIDATION.legalEntityOwnersTotalTooBig': ['expected', 'total'],
  'VALIDATION.technicalListedCompanyPercent': ['expected', 'total'],
  'VALIDATION.companyInRegister': ['name'],
  'VALIDATION.wrongConfirmationCode': ['triesLeft'],
  'VALIDATION.companyInRegisterNotRepresented': ['name'],
};

describe('message catalogue (ET, EN, RU)', () => {
  it.each(Object.keys(catalogues))('%s has exactly the expected keys, none missing and none extra', (locale) => {
    expect([...leaves(catalogues[locale] ?? {}).keys()].sort()).toEqual(expectedKeys);
  });

  it.each(Object.keys(catalogues))('%s has a non-empty text for every key, with the right placeholders', (locale) => {
    for (const [key, text] of leaves(catalogues[locale] ?? {})) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(EXPECTED_PLACEHOLDERS[key] ?? []);
    }
  });

  it('is translated, not copied: Estonian and Russian differ from English', () => {
    const english = leaves(en);
    for (const locale of ['et', 'ru']) {
      for (const [key, text] of leaves(catalogues[locale] ?? {})) expect(text, `${locale} ${key}`).not.toBe(english.get(key));
    }
    for (const text of leaves(ru).values()) expect(text).toMatch(/[а-яё]/i);
  });

  it('keeps the spec wording in English', () => {
    const english = leaves(en);
    expect(english.get('VALIDATION.invalidPersonalId')).toBe('Incorrect Estonian ID code');
    expect(english.get('VALIDATION.maxLength')).toBe('Up to {{max}} characters');
    expect(english.get('VALIDATION.totalHoldingNotEqual')).toBe('Total holding ({{total}}%) is not {{expected}}%');
    expect(english.get('COMMON.TECHNICAL_ERROR.TITLE')).toBe('An error occurred');
  });
});
