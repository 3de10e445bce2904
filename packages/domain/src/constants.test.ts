import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from './constants.js';

describe('locales', () => {
  it('default to Estonian among ET, EN and RU', () => {
    expect(LOCALES).toEqual(['et', 'en', 'ru']);
    expect(DEFAULT_LOCALE).toBe('et');
  });
});

describe('section 9 numbers', () => {
  it('are named once, as the spec gives them', async () => {
    const constants = await import('./constants.js');
    expect(constants).toMatchObject({
      POLL_INTERVAL_MS: 1000,
      SESSION_TICK_MS: 1000,
      TOKEN_REFRESH_EVERY_TICKS: 10,
      INACTIVITY_TIMEOUT_MS: 90000,
      SSO_EXPIRY_DIFFERENCE_MS: 2500,
      CODE_VERIFIER_LENGTH: 128,
      CLIENT_STATE_LENGTH: 64,
      CODE_CHALLENGE_METHOD: 'S256',
      INCOME_BANDS: [15000, 50000, 100000, 500000, 500001],
      CASH_BANDS: [0, 5000, 15000, 15001],
      REGISTRY_CODELESS_APPLICATION_INTERVAL_DAYS: 30,
      MAX_OPEN_MANUAL_APPLICATIONS: 3,
      ACCOUNT_CLOSURE_LOOKBACK_MONTHS: 6,
      BIRTH_DATE_MIN: '1890-01-01',
      PHONE_MIN_DIGITS: 7,
      PHONE_MAX_DIGITS: 14,
      REGISTRY_CODE_LENGTH: 8,
      PERSONAL_ID_LENGTH: 11,
      REQUIRED_TOTAL_SHARE_PERCENT: 100,
      BANK_CONTACT_WORKING_DAYS: 3,
      MODAL_FADE_IN_MS: 300,
      MODAL_FADE_OUT_MS: 200,
      CARD_MAX_WIDTHS: { small: '15.75rem', medium: '25rem', large: '27.6875rem' },
      BREAKPOINTS: { SM: 600, LG: 920 },
      DEFAULT_COUNTRY_CODE: 'EE',
    });
    expect(constants.SANITIZER_ALLOWED_URI_SCHEMES).toEqual(['http', 'https', 'mailto', 'tel', 'ftp', 'data:image']);
  });
});

describe('list limits', () => {
  it('bound every list a client fills, above what a real company needs', async () => {
    const { LIST_MAX_ITEMS } = await import('./constants.js');
    expect(LIST_MAX_ITEMS).toEqual({
      additionalFieldOfActivityCodes: 20,
      targetMarketCountryCodes: 250,
      partners: 30,
      taxResidences: 10,
      relatedPersons: 50,
      shareholders: 50,
    });
    // A company's shareholders are among its related persons: the one list never needs more rows than the other.
    expect(LIST_MAX_ITEMS.shareholders).toBeLessThanOrEqual(LIST_MAX_ITEMS.relatedPersons);
  });
});
