import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from './constants.js';

describe('locales', () => {
  it('default to Estonian among ET, EN and RU', () => {
    expect(LOCALES).toEqual(['et', 'en', 'ru']);
    expect(DEFAULT_LOCALE).toBe('et');
  });
});
