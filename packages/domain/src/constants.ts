/** Languages of the product (docs/requirements.md section 9); the first is the default. */
export const LOCALES = ['et', 'en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'et';
export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);
/** The cookie in which the browser repeats the stored language, so the server knows which texts the page will load first. */
export const LOCALE_COOKIE = 'locale';

/** docs/requirements.md section 9: "Default country EE". */
export const DEFAULT_COUNTRY_CODE = 'EE';

/** docs/requirements.md section 2: the application is served under /start/. */
export const BASE_PATH = '/start/';

// docs/requirements.md section 5 and 9: one application without a registry code per 30 days.
export const REGISTRY_CODELESS_APPLICATION_INTERVAL_DAYS = 30;

/**
 * Applications in progress for companies typed by hand, per person. Nobody has verified such a company, each
 * application keeps its own storage, and a real person founding or running foreign companies needs only a few.
 */
export const MAX_OPEN_MANUAL_APPLICATIONS = 3;
// docs/requirements.md section 3 and 9: "Account closed in the last 6 months".
export const ACCOUNT_CLOSURE_LOOKBACK_MONTHS = 6;

/**
 * Income and payment band keys (docs/requirements.md section 3 and 9). A key is
 * the upper bound in euros; 500001 stands for "over 500,000".
 */
export const INCOME_BANDS = [15000, 50000, 100000, 500000, 500001] as const;
export type IncomeBand = (typeof INCOME_BANDS)[number];

/** Cash turnover band keys (docs/requirements.md section 3 and 9); 0 is none, 15001 "over 15,000". */
export const CASH_BANDS = [0, 5000, 15000, 15001] as const;
export type CashBand = (typeof CASH_BANDS)[number];

/**
 * EMTAK code prefixes of fields of activity the bank looks at more closely
 * (docs/requirements.md section 3 "Overview": the specific-field-of-activity
 * notice): financial and insurance services (64-66, virtual currency services
 * among them), gambling (92), and weapons and ammunition (254).
 */
export const SPECIFIC_ACTIVITY_CODE_PREFIXES = ['64', '65', '66', '92', '254'] as const;

/** Beneficiary and first-level owner shares each total this (docs/requirements.md section 9). */
export const REQUIRED_TOTAL_SHARE_PERCENT = 100;

// docs/requirements.md section 9: the bank contacts within 3 working days after a submitted or failed case.
export const BANK_CONTACT_WORKING_DAYS = 3;

// docs/requirements.md section 4 and 9: sign-in polling and session timing.
export const POLL_INTERVAL_MS = 1000;
export const SESSION_TICK_MS = 1000;
export const TOKEN_REFRESH_EVERY_TICKS = 10;
export const INACTIVITY_TIMEOUT_MS = 90_000;
export const SSO_EXPIRY_DIFFERENCE_MS = 2500;
// docs/requirements.md section 2: the countdown shows seconds only when under 60, otherwise mm:ss.
export const SESSION_WARNING_SECONDS_ONLY_BELOW = 60;
// docs/requirements.md section 2: scroll restoration is delayed 500 ms.
export const SCROLL_RESTORATION_DELAY_MS = 500;

// docs/requirements.md section 9: PKCE values of the sign-in flow.
export const CODE_VERIFIER_LENGTH = 128;
export const CLIENT_STATE_LENGTH = 64;
export const CODE_CHALLENGE_METHOD = 'S256';

// docs/requirements.md section 7: retry policy of requests and queries.
export const REQUEST_RETRY_COUNT = 3;
export const REQUEST_RETRY_BASE_DELAY_MS = 100;
export const REQUEST_RETRY_JITTER_RATIO = 0.2;
export const QUERY_RETRY_COUNT = 2;

// docs/requirements.md section 5 and 9: field limits.
export const PERSONAL_ID_LENGTH = 11;
export const BIRTH_DATE_MIN = '1890-01-01';
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 14;
// docs/requirements.md section 9 names 8 as the registry code's default maximum; an Estonian code is exactly that long.
export const REGISTRY_CODE_LENGTH = 8;

/**
 * Text lengths the specification leaves open; chosen once here so that forms
 * and the API agree.
 */
export const TEXT_MAX_LENGTH = {
  name: 100,
  businessName: 250,
  email: 254,
  short: 100,
  text: 250,
  long: 2000,
  tin: 20,
  foreignRegistryCode: 30,
} as const;
/**
 * How many rows each list of the steps may hold: what the forms and the API refuse beyond ("less than or equal to
 * N", docs/requirements.md section 5). Without them one person could store lists of any length, and each save
 * keeps its change in the history. Each is well above what a real company fills in.
 */
export const LIST_MAX_ITEMS = {
  /** EMTAK codes besides the main one; a company active in twenty fields is already rare. */
  additionalFieldOfActivityCodes: 20,
  /** Every country there is (ISO 3166-1 has 249): a company may sell worldwide. */
  targetMarketCountryCodes: 250,
  /** The main suppliers and buyers, not every one. */
  partners: 30,
  /** A person is tax resident in one or two countries; ten covers the unusual. */
  taxResidences: 10,
  /** Board members, shareholders down the chain and beneficial owners of a company that opens its account online. */
  relatedPersons: 50,
  /** Shareholders of the applicant or of one company in its chain: at most every related person. */
  shareholders: 50,
} as const;
export const MAX_NUMBER_OF_EMPLOYEES = 1_000_000;
/**
 * A custom income or payment has at most this many digits before the decimal point: 999 999 999 € a month is
 * beyond any company that opens its account online, and more digits are "Invalid amount" (docs/requirements.md
 * section 5: "maximum integer digits").
 */
export const MAX_AMOUNT_INTEGER_DIGITS = 9;
/**
 * A custom monthly amount says exactly how much above the highest band's lower bound the company turns over:
 * below it one of the bands already says it ("Minimum amount", docs/requirements.md section 5).
 */
export const CUSTOM_AMOUNT_MIN_EUROS = 500_001;

// docs/requirements.md section 9: modal fade times.
export const MODAL_FADE_IN_MS = 300;
export const MODAL_FADE_OUT_MS = 200;

/** Card maximum widths (docs/requirements.md section 9). */
export const CARD_MAX_WIDTHS = { small: '15.75rem', medium: '25rem', large: '27.6875rem' } as const;

/** Layout breakpoints in pixels (docs/requirements.md section 2). */
export const BREAKPOINTS = { SM: 600, LG: 920 } as const;

/** Sanitiser URL schemes (docs/requirements.md section 9); relative and anchor links are allowed as well. */
export const SANITIZER_ALLOWED_URI_SCHEMES = ['http', 'https', 'mailto', 'tel', 'ftp', 'data:image'] as const;
/**
 * The image types a `data:image` link may hold: raster images only, because an SVG image is a document that can
 * carry script (`data:image/svg+xml,<svg onload=…>`).
 */
export const SANITIZER_DATA_IMAGE_TYPES = ['png', 'gif', 'jpeg', 'jpg', 'webp', 'bmp', 'avif'] as const;
