import { isIP } from 'node:net';
import path from 'node:path';
import { electronicIban, isEstonianIban, MAX_SERVICE_FEE_CENTS } from '@onboarding/domain';
import { z } from 'zod';
import { BrandError, DEFAULT_BRAND_DIR, loadBrand, type Brand } from './brand/index.js';

const booleanFromString = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** An address, or a network in CIDR notation, or one of proxy-addr's names for reserved ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: `false`; the addresses of the proxies in front (comma-separated addresses or CIDR networks), so the
 * client is the nearest address in X-Forwarded-For that is not one of them, whatever the client wrote before it;
 * or `true`, every hop trusted, so the client is the left-most address (right only behind a proxy that overwrites
 * the header).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): boolean | string[] => {
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0' || value === '') return false;
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length > 0)
      context.addIssue({ code: 'custom', message: `must be true, false or the proxies' addresses such as 10.0.0.0/8,127.0.0.1 (not ${wrong.join(', ')})` });
    return entries;
  });

/** A comma-separated list of PEM file paths. */
const pemFileList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().min(1)).min(1));

const httpUrl = z.url({ protocol: /^https?$/ });

/** An amount of euro as people write it, 35, 35.50 or 35,50, in cents: at least a cent, at most MAX_SERVICE_FEE_CENTS. */
const euroAmount = z
  .string()
  .trim()
  .regex(/^\d{1,6}([.,]\d{1,2})?$/, 'must be an amount of euro such as 35 or 35.50, without a currency sign')
  .transform((value) => {
    const [euro = '0', cents = ''] = value.split(/[.,]/);
    return Number(euro) * 100 + Number(cents.padEnd(2, '0'));
  })
  .pipe(
    z
      .number()
      .int()
      .min(1, 'must be more than 0')
      .max(MAX_SERVICE_FEE_CENTS, `must be at most ${String(MAX_SERVICE_FEE_CENTS / 100)}`),
  );

/**
 * An Estonian IBAN as people write it (in groups, any case), in its electronic form; its check digits must be right, so
 * a mistyped account stops the start rather than sending the applicants' payments nowhere, or to someone else.
 */
const estonianIban = z
  .string()
  .transform(electronicIban)
  .refine(isEstonianIban, 'must be an Estonian IBAN (EE and 18 digits) whose check digits are right, such as EE38 2200 2210 2014 5685');

/** A key-encryption key: 32 random bytes in base64 (`openssl rand -base64 32`). */
export const KEY_ENCRYPTION_KEY_PATTERN = /^[A-Za-z0-9+/]{43}=$/;

/** Key-encryption keys, comma-separated, the one that encrypts first; the others only decrypt (a rotation). */
const keyEncryptionKeyList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(KEY_ENCRYPTION_KEY_PATTERN, 'must be 32 bytes in base64 each, comma-separated (openssl rand -base64 32)')).min(1));

/** A Standard Webhooks secret: `whsec_`, then 24 to 64 bytes in base64 (the specification's range). */
function isWebhookSecret(value: string): boolean {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value);
  if (!match?.[1] || match[1].length % 4 !== 0) return false;
  const bytes = Buffer.from(match[1], 'base64').length;
  return bytes >= 24 && bytes <= 64;
}

// The identity services' addresses of live mode: the trust in their answers starts with TLS.
/** An API host's address: its origin only, as the page prefixes every path with it. */
const apiOrigin = httpUrl
  .refine((value) => {
    const url = new URL(value);
    return url.pathname === '/' && !url.search && !url.hash;
  }, 'must be an origin such as https://api.pank.ee, without a path')
  .transform((value) => new URL(value).origin);

const liveHttpsOnly = ['SMART_ID_BASE_URL', 'MOBILE_ID_BASE_URL', 'EID_PUBLIC_URL', 'REGISTER_URL'] as const;

// Settings that live identity services cannot do without
// (docs/eid-facts.md sections 1-5).
const requiredWhenLive = [
  'SMART_ID_BASE_URL',
  'SMART_ID_RELYING_PARTY_UUID',
  'SMART_ID_RELYING_PARTY_NAME',
  'SMART_ID_TRUST_ANCHORS',
  'MOBILE_ID_BASE_URL',
  'MOBILE_ID_RELYING_PARTY_UUID',
  'MOBILE_ID_RELYING_PARTY_NAME',
  'MOBILE_ID_TRUST_ANCHORS',
  'ID_CARD_TRUST_ANCHORS',
  'TIMESTAMP_URL',
  'TIMESTAMP_TRUST_ANCHORS',
] as const;

/**
 * Every environment variable the server reads, parsed once at start.
 * Nothing else in the code base reads process.env (an ESLint rule enforces it).
 */
export const configSchema = z
  .object({
    /** `production` refuses simulated identities and magic sign-in unless DEMO_DEPLOYMENT says otherwise. */
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /**
     * A public demonstration: NODE_ENV production with simulated identities, magic sign-in and the dev mailbox,
     * so anyone can sign in as anyone. Logged as a warning at every start. Never for a bank's customers.
     */
    DEMO_DEPLOYMENT: booleanFromString.default(false),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    // Parsed, so the scheme is compared as a URL's: HTTPS:// and Https:// are https, and the switches below see it.
    // Unset: http://localhost on PORT (see loadConfig).
    PUBLIC_URL: httpUrl.optional().transform((value) => (value === undefined ? undefined : new URL(value).href.replace(/\/$/, ''))),
    /**
     * Where the web app calls the authentication API (/oauth2/v2) and the onboarding API (/onboarding), when a bank
     * serves them on hosts of their own (docs/requirements.md section 7). Unset: the page's own origin. Their
     * answers then allow the page's origin (CORS) and the page's CSP allows them.
     */
    AUTH_API_URL: apiOrigin.optional(),
    ONBOARDING_API_URL: apiOrigin.optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    /** Connections to DATABASE_URL that one instance opens at most; more requests than that wait their turn. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
    DATA_DIR: z.string().min(1).default('./data'),
    WEB_DIST_DIR: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * The folder of the bank's brand file, brand.json (name, logo, colours, typeface, support contacts; README "Your
     * brand"). Unset: the demo brand in apps/api/brand.
     */
    BRAND_DIR: z.string().min(1).optional(),
    /**
     * The account opening service fee of the price list, in euro; with SERVICE_FEE_IBAN, a submission whose follow-up
     * is the fee mails its invoice. Unset (both): no invoice from the product; the bank sends its own.
     */
    SERVICE_FEE_EUR: euroAmount.optional(),
    /** The account the service fee is paid to (an Estonian IBAN); only ever this one, never one a request names. */
    SERVICE_FEE_IBAN: estonianIban.optional(),
    /** Days from the invoice to its due date. */
    SERVICE_FEE_DUE_DAYS: z.coerce.number().int().min(1).max(90).default(14),
    IDENTITY_MODE: z.enum(['simulated', 'live']).default('simulated'),
    TRUST_PROXY: trustProxy.default(false),
    /** Bearer token the Prometheus scraper sends for /metrics; unset: no /metrics at all. */
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{32,256}$/, 'must be 32 to 256 printable characters without spaces')
      .optional(),
    /**
     * On SIGTERM, how long /readyz answers 503 while the instance goes on serving, before it stops taking
     * connections: the time a load balancer needs to see it and send new requests elsewhere. Probe at least
     * twice in this time. SIGINT (Ctrl-C at a terminal) does not wait.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
    /** After the drain, how long requests in flight may take to finish before the process exits anyway. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),

    /** The online bank a representative of a company that already has an account is sent to. */
    ONLINE_BANK_URL: httpUrl.default('https://www.pank.ee/ettevote'),

    // Mail.
    /** smtp:// or smtps:// URL of the mail server; unset: mail stays in the outbox table (see /dev/mailbox when simulated). */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Ettevõtte konto avamine <noreply@pank.ee>'),
    /** How often the outbox is checked for mail to send. */
    MAIL_SEND_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
    /** Save-and-continue-later mails allowed per application in an hour, and per recipient mailbox in a day (all instances together). */
    SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR: z.coerce.number().int().positive().max(1000).default(3),
    SAVE_AND_CONTINUE_MAILS_PER_ADDRESS_PER_DAY: z.coerce.number().int().positive().max(10_000).default(5),
    /**
     * Save-and-continue-later mails one person may have sent in a day, across all their applications: applications
     * cost nothing to start, so the limit per application alone would let one person send without end.
     */
    SAVE_AND_CONTINUE_MAILS_PER_PERSON_PER_DAY: z.coerce.number().int().positive().max(10_000).default(5),
    /** E-mail confirmation codes one person may have sent in a day (to any addresses); each is a mail to an address not yet confirmed. */
    EMAIL_CONFIRMATION_CODES_PER_PERSON_PER_DAY: z.coerce.number().int().positive().max(1000).default(5),
    /**
     * Decision mails (a bank's decision on a submitted application) allowed per application in an hour. A real
     * application is mailed at most a handful of decisions in its whole life (invoice, booking, board signature, more
     * information, the answer), rarely two in an hour; a bank client that posts in a loop is refused (429) beyond this.
     */
    DECISION_MAILS_PER_APPLICATION_PER_HOUR: z.coerce.number().int().positive().max(1000).default(5),
    /**
     * Invitations to sign the contract too (decision 39) one applicant may have mailed in a day, across their
     * applications, first mails and mails again together: each goes to an address only the applicant vouches for.
     */
    CO_SIGNING_INVITATIONS_PER_PERSON_PER_DAY: z.coerce.number().int().positive().max(1000).default(10),
    /** Days an invitation to sign the contract too opens it; after that the applicant invites again. */
    INVITATION_VALID_DAYS: z.coerce.number().int().min(1).max(90).default(14),

    // Events to the bank's systems (modules/events): CloudEvents by webhook, signed per Standard Webhooks.
    /** Where every event is POSTed; unset: events stay in the outbox table (see /dev/webhooks when simulated). */
    WEBHOOK_URL: httpUrl.optional(),
    /**
     * The Standard Webhooks signing secret, `whsec_` and 24 to 64 random bytes in base64. Required with WEBHOOK_URL
     * when live; unset when simulated: generated once into DATA_DIR and shown at /dev/webhooks.
     */
    WEBHOOK_SECRET: z.string().refine(isWebhookSecret, 'must be whsec_ followed by 24 to 64 bytes in base64').optional(),
    /** How long one delivery may take before it counts as failed and is retried. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),

    // Sign-in (/oauth2/v2).
    /**
     * PEM PKCS#8 private key (EC P-256) that signs the applicants' access tokens. Unset: kept in the database
     * (sealed with the key-encryption key) with DATABASE_URL, generated once into DATA_DIR/keys on PGlite.
     */
    AUTH_SIGNING_KEY_FILE: z.string().min(1).optional(),
    /** The same for the integration API's access tokens: a key of its own, never the applicants' (decision 21). */
    INTEGRATION_SIGNING_KEY_FILE: z.string().min(1).optional(),
    /**
     * Key-encryption keys that seal the signing keys kept in the database, which never sees them: base64 of 32
     * random bytes, comma-separated, the first seals and all open (a rotation: docs/operations.md). Or
     * KEY_ENCRYPTION_KEYS_FILE, a file holding the same. Required in live mode when signing keys are kept in
     * PostgreSQL; unset in simulated mode: generated once into DATA_DIR/keys.
     */
    KEY_ENCRYPTION_KEYS: keyEncryptionKeyList.optional(),
    KEY_ENCRYPTION_KEYS_FILE: z.string().min(1).optional(),
    /**
     * JSON file of the bank's machine clients of /integration/v1: `[{ clientId, scopes, publicKeys: [JWK] }]`, read and
     * checked at start. Unset: the demo client `demo-bank` in simulated mode, none in live mode.
     */
    INTEGRATION_CLIENTS_FILE: z.string().min(1).optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
    /** A signed-in session ends this long after the last token refresh. */
    SESSION_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
    /**
     * How long an instance trusts a session it found alive before asking the database again (0: every request).
     * Its own logouts and revocations take effect at once; another instance's, within this time.
     */
    SESSION_CHECK_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** Bytes of JSON one step's data (saved or draft) may take; a larger one is refused with 413. */
    MAX_STEP_BYTES: z.coerce.number().int().min(4096).max(1_048_576).default(65_536),
    /** Bytes of JSON all of an application's steps and drafts may take together; a save past it is refused with 413. */
    MAX_APPLICATION_BYTES: z.coerce.number().int().min(16_384).max(16_777_216).default(524_288),
    /**
     * Bytes an application's history (application_events, as stored, plus a fixed share per row) may take; a save
     * past it is refused with 413. A real applicant's steps take a few kilobytes each and even an hour of typing
     * autosaves a few hundred small rows: 2 MB is far above either, and stops one person adding history without end.
     */
    MAX_HISTORY_BYTES: z.coerce.number().int().min(16_384).max(67_108_864).default(2_097_152),
    // Retention (modules/retention, docs/operations.md "Retention"): what the purge deletes, and how often it runs.
    /** An application never submitted or signed, untouched this many days, is abandoned and purged with its history. */
    RETENTION_ABANDONED_DAYS: z.coerce.number().int().min(30).max(3650).default(180),
    /** Ended sessions and sign-ins, sent mail and delivered webhooks are kept this many days, then purged. */
    RETENTION_OPERATIONAL_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** How often each instance tries the purge (one at a time across instances); 0: never (run `npm run purge`). */
    RETENTION_PURGE_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
    /** Signing starts only on business register facts read at most this many minutes ago; older ones are read again. */
    REGISTER_FACTS_MAX_AGE_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
    /** Magic sign-in (test and demo environments only); default: on when simulated, off when live. */
    MAGIC_SIGN_IN: booleanFromString.optional(),
    // Rate limits (modules/rate-limits), counted in the database and shared by every instance, per RATE_LIMIT_WINDOW_SECONDS.
    /** Sign-in starts (and failed-sign-in events) per client address. */
    RATE_LIMIT_STARTS_PER_ADDRESS: z.coerce.number().int().positive().default(30),
    /** Sign-in starts per client address and personal code (never per code alone: that would lock the person out). */
    RATE_LIMIT_STARTS_PER_PERSON: z.coerce.number().int().positive().default(5),
    /** Token exchanges and refreshes, and register look-ups, per client address. */
    RATE_LIMIT_REQUESTS_PER_ADDRESS: z.coerce.number().int().positive().default(600),
    /** Register look-ups, save-and-continue mails and signing starts per signed-in person. */
    RATE_LIMIT_REQUESTS_PER_USER: z.coerce.number().int().positive().default(60),
    /**
     * Step saves (Continue) per signed-in person. Each keeps its change in the history; a person filling the form
     * presses Continue a few times a step, so 120 in ten minutes is far beyond anyone's pace.
     */
    RATE_LIMIT_SAVES_PER_USER: z.coerce.number().int().positive().default(120),
    /**
     * Draft autosaves per signed-in person. The web app saves a draft once typing has paused for 1.5 s
     * (DRAFT_DEBOUNCE_MS), so continuous typing makes at most 400 in ten minutes: 600 leaves room for two tabs.
     */
    RATE_LIMIT_DRAFTS_PER_USER: z.coerce.number().int().positive().default(600),
    /** Contract previews (GET .../contract) per signed-in person: each draws up a PDF, a person reads a few. */
    RATE_LIMIT_PREVIEWS_PER_USER: z.coerce.number().int().positive().default(30),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),

    // Identity services. Unset in simulated mode: the built-in simulators and their test CA are used.
    /** Smart-ID RP API v3, ending in /v3/ (docs/eid-facts.md section 1.1), e.g. https://rp-api.smart-id.com/v3/. */
    SMART_ID_BASE_URL: httpUrl.refine((value) => /\/v3\/?$/.test(new URL(value).pathname), 'must be the Smart-ID RP API v3 address, ending in /v3/').optional(),
    /**
     * The scheme name Smart-ID signs and links with (docs/eid-facts.md section 1.10): smart-id-demo at SK's
     * DEMO host and with the simulators, smart-id elsewhere, unless set.
     */
    SMART_ID_SCHEME_NAME: z.enum(['smart-id', 'smart-id-demo']).optional(),
    SMART_ID_RELYING_PARTY_UUID: z.uuid().optional(),
    SMART_ID_RELYING_PARTY_NAME: z.string().min(1).optional(),
    SMART_ID_TRUST_ANCHORS: pemFileList.optional(),
    MOBILE_ID_BASE_URL: httpUrl.optional(),
    MOBILE_ID_RELYING_PARTY_UUID: z.uuid().optional(),
    MOBILE_ID_RELYING_PARTY_NAME: z.string().min(1).optional(),
    MOBILE_ID_TRUST_ANCHORS: pemFileList.optional(),
    /** Smart-ID: display text shown on the phone with the PIN1 prompt. Mobile-ID's are per language (identity/mobile-id-display-texts.ts). */
    IDENTITY_DISPLAY_TEXT: z.string().min(1).max(60).default('Ettevõtte konto avamine'),
    /** How long the simulators wait before a session completes, so a person sees the code. */
    SIMULATOR_COMPLETION_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(3000),
    /**
     * Simulated mode: where `npm run simulators` answers. The instance then uses those stand-ins, as it would SK's
     * services, instead of starting its own: several instances share them, and their CPU is not the instance's.
     */
    SIMULATORS_URL: httpUrl.optional(),
    /** `npm run simulators`: the address and port the simulators listen on. */
    SIMULATORS_HOST: z.string().min(1).default('127.0.0.1'),
    SIMULATORS_PORT: z.coerce.number().int().min(0).max(65535).default(3100),

    // The e-Business Register (modules/registry/rik). Unset in simulated mode: the simulators' stand-in.
    /** RIK's XML service, e.g. https://ariregxmlv6.rik.ee/ (docs/register-facts.md section 1.1). */
    REGISTER_URL: httpUrl.optional(),
    /** The user created under the bank's contract with RIK (docs/register-facts.md section 1.3). */
    REGISTER_USERNAME: z.string().trim().min(1).optional(),
    /** That user's password, or REGISTER_PASSWORD_FILE, a file holding it. Never logged. */
    REGISTER_PASSWORD: z.string().min(1).optional(),
    REGISTER_PASSWORD_FILE: z.string().min(1).optional(),
    /** How long one register query may take before the look-up fails (a failure, never "not found"). */
    REGISTER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** Outages in a row (unreachable, timed out, 5xx) after which the register is not asked for a while; shared by the instances. */
    REGISTER_BREAKER_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
    /** How long the register is not asked once the breaker opened; then one trial query decides. */
    REGISTER_BREAKER_COOL_DOWN_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),

    // ID-card: a separate HTTPS listener that asks for a client certificate.
    ID_CARD_TRUST_ANCHORS: pemFileList.optional(),
    /** Port of the ID-card (eid) HTTPS listener; 0 picks a free one; unset: no listener. */
    EID_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    EID_TLS_CERT_FILE: z.string().min(1).optional(),
    EID_TLS_KEY_FILE: z.string().min(1).optional(),
    /** Public address of the eid host that the browser calls for ID-card sign-in. */
    EID_PUBLIC_URL: httpUrl.optional(),
    /** Header in which a trusted reverse proxy passes the client certificate (URL-encoded PEM). */
    EID_CLIENT_CERT_HEADER: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a lower-case header name')
      .optional(),

    // The signed container (ASiC-E, XAdES baseline LT). Unset in simulated mode: the simulators' TSA and OCSP responder.
    /** RFC 3161 time-stamping authority, e.g. SK's. */
    TIMESTAMP_URL: httpUrl.optional(),
    /** PEM files of the CAs that issue the TSA's certificates. */
    TIMESTAMP_TRUST_ANCHORS: pemFileList.optional(),
    /** How long a time-stamp or an OCSP answer may take before signing ends with a "try again" message. */
    TIMESTAMP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    OCSP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  })
  .superRefine((config, context) => {
    if (config.IDENTITY_MODE === 'live') {
      for (const key of requiredWhenLive) {
        if (config[key] === undefined) context.addIssue({ code: 'custom', path: [key], message: 'is required when IDENTITY_MODE is live' });
      }
      if (config.MAGIC_SIGN_IN === true) {
        context.addIssue({ code: 'custom', path: ['MAGIC_SIGN_IN'], message: 'must be off when IDENTITY_MODE is live' });
      }
      if (config.WEBHOOK_URL !== undefined && config.WEBHOOK_SECRET === undefined) {
        context.addIssue({ code: 'custom', path: ['WEBHOOK_SECRET'], message: 'is required with WEBHOOK_URL when IDENTITY_MODE is live' });
      }
      // The database must never hold a signing key it could use: live mode seals them with a key from outside it.
      const keysInDatabase =
        config.DATABASE_URL !== undefined && (config.AUTH_SIGNING_KEY_FILE === undefined || config.INTEGRATION_SIGNING_KEY_FILE === undefined);
      if (keysInDatabase && config.KEY_ENCRYPTION_KEYS === undefined && config.KEY_ENCRYPTION_KEYS_FILE === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['KEY_ENCRYPTION_KEYS'],
          message: 'or KEY_ENCRYPTION_KEYS_FILE is required when IDENTITY_MODE is live with DATABASE_URL: it seals the token signing keys kept in the database',
        });
      }
      for (const key of ['REGISTER_URL', 'REGISTER_USERNAME'] as const) {
        if (config[key] === undefined) context.addIssue({ code: 'custom', path: [key], message: 'is required when IDENTITY_MODE is live' });
      }
      if (config.REGISTER_PASSWORD === undefined && config.REGISTER_PASSWORD_FILE === undefined) {
        context.addIssue({ code: 'custom', path: ['REGISTER_PASSWORD'], message: 'or REGISTER_PASSWORD_FILE is required when IDENTITY_MODE is live' });
      }
      for (const key of liveHttpsOnly) {
        const value = config[key];
        if (value !== undefined && new URL(value).protocol !== 'https:') {
          context.addIssue({ code: 'custom', path: [key], message: 'must be an https:// address when IDENTITY_MODE is live' });
        }
      }
    }
    if (config.REGISTER_PASSWORD !== undefined && config.REGISTER_PASSWORD_FILE !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['REGISTER_PASSWORD_FILE'],
        message: 'REGISTER_PASSWORD and REGISTER_PASSWORD_FILE exclude each other: set one',
      });
    }
    if (
      config.REGISTER_URL !== undefined &&
      (config.REGISTER_USERNAME === undefined || (config.REGISTER_PASSWORD ?? config.REGISTER_PASSWORD_FILE) === undefined)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['REGISTER_USERNAME'],
        message: 'REGISTER_URL needs REGISTER_USERNAME and REGISTER_PASSWORD or REGISTER_PASSWORD_FILE',
      });
    }
    // An invoice needs both: a price without an account cannot be paid, an account without a price has nothing to invoice.
    if ((config.SERVICE_FEE_EUR === undefined) !== (config.SERVICE_FEE_IBAN === undefined)) {
      const missing = config.SERVICE_FEE_EUR === undefined ? 'SERVICE_FEE_EUR' : 'SERVICE_FEE_IBAN';
      context.addIssue({ code: 'custom', path: [missing], message: 'SERVICE_FEE_EUR and SERVICE_FEE_IBAN go together: set both, or neither' });
    }
    if (config.KEY_ENCRYPTION_KEYS !== undefined && config.KEY_ENCRYPTION_KEYS_FILE !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['KEY_ENCRYPTION_KEYS_FILE'],
        message: 'KEY_ENCRYPTION_KEYS and KEY_ENCRYPTION_KEYS_FILE exclude each other: set one',
      });
    }
    if ((config.EID_TLS_CERT_FILE === undefined) !== (config.EID_TLS_KEY_FILE === undefined)) {
      context.addIssue({ code: 'custom', path: ['EID_TLS_KEY_FILE'], message: 'EID_TLS_CERT_FILE and EID_TLS_KEY_FILE go together' });
    }
    if (config.NODE_ENV === 'production' && !config.DEMO_DEPLOYMENT) {
      // Simulated identities and magic sign-in let anyone sign in as anyone; the dev mailbox shows everyone's mail.
      if (config.IDENTITY_MODE === 'simulated') {
        context.addIssue({
          code: 'custom',
          path: ['IDENTITY_MODE'],
          message: 'must be "live" when NODE_ENV is production (or set DEMO_DEPLOYMENT=true for a public demo)',
        });
      }
      if (config.MAGIC_SIGN_IN === true) {
        context.addIssue({
          code: 'custom',
          path: ['MAGIC_SIGN_IN'],
          message: 'must be off when NODE_ENV is production (or set DEMO_DEPLOYMENT=true for a public demo)',
        });
      }
    }
    if (config.SIMULATORS_URL !== undefined && config.IDENTITY_MODE === 'live') {
      context.addIssue({ code: 'custom', path: ['SIMULATORS_URL'], message: 'is for simulated identities; it must be unset when IDENTITY_MODE is live' });
    }
    if (config.DEMO_DEPLOYMENT && config.IDENTITY_MODE === 'live') {
      context.addIssue({ code: 'custom', path: ['DEMO_DEPLOYMENT'], message: 'is for simulated identities; it must be off when IDENTITY_MODE is live' });
    }
  });

/** What the product invoices for opening an account: the price, whom and to which account it is paid, and the days to pay. */
export type ServiceFeeTerms = { amountCents: number; dueDays: number; payee: { name: string; iban: string } };

export type Config = Omit<z.infer<typeof configSchema>, 'PUBLIC_URL'> & {
  /** Address users reach the server at, without a trailing slash; unset: http://localhost on PORT. */
  PUBLIC_URL: string;
  /** Absolute path of the built web app that is served at /start/. */
  webDistDir: string;
  /** Absolute path of the embedded database, used when DATABASE_URL is unset. */
  dataDir: string;
  /** Magic sign-in resolved from MAGIC_SIGN_IN and IDENTITY_MODE. */
  isMagicSignInEnabled: boolean;
  /** The bank's brand from BRAND_DIR, checked at start. */
  brand: Brand;
  /** The service fee terms from SERVICE_FEE_EUR, SERVICE_FEE_IBAN, SERVICE_FEE_DUE_DAYS and the brand's name; undefined when not set. */
  serviceFee: ServiceFeeTerms | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The address of a server that nobody told its public address: this machine on the port it listens on.
 * PORT 0 (any free port) has no such address before listening; 3000 then, as before.
 */
function defaultPublicUrl(port: number): string {
  return `http://localhost:${String(port === 0 ? 3000 : port)}`;
}

const defaultWebDistDir = path.resolve(import.meta.dirname, '../../web/dist');

/** Parses the given environment (process.env by default); throws ConfigError naming each bad key. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const keys = Object.keys(configSchema.shape);
  // Empty strings count as unset, as a shell `FOO=` usually means.
  const input = Object.fromEntries(keys.map((key) => [key, env[key] === '' ? undefined : env[key]]));
  const result = configSchema.safeParse(input);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  let brand: Brand;
  try {
    brand = loadBrand(result.data.BRAND_DIR ?? DEFAULT_BRAND_DIR);
  } catch (error) {
    if (error instanceof BrandError) throw new ConfigError(error.problems.map((problem) => `BRAND_DIR ${error.file}: ${problem}`));
    throw error;
  }
  return {
    ...result.data,
    PUBLIC_URL: result.data.PUBLIC_URL ?? defaultPublicUrl(result.data.PORT),
    webDistDir: path.resolve(result.data.WEB_DIST_DIR ?? defaultWebDistDir),
    dataDir: path.resolve(result.data.DATA_DIR),
    isMagicSignInEnabled: result.data.MAGIC_SIGN_IN ?? result.data.IDENTITY_MODE === 'simulated',
    brand,
    serviceFee:
      result.data.SERVICE_FEE_EUR !== undefined && result.data.SERVICE_FEE_IBAN !== undefined
        ? {
            amountCents: result.data.SERVICE_FEE_EUR,
            dueDays: result.data.SERVICE_FEE_DUE_DAYS,
            payee: { name: brand.name, iban: result.data.SERVICE_FEE_IBAN },
          }
        : undefined,
  };
}

/**
 * How old register facts may be: signing reads older ones again (modules/onboarding/register-refresh.ts), and the
 * register's stored answers are reused for as long (modules/registry/register-cache.ts). One setting, one window.
 */
export const registerFactsMaxAgeMs = (config: Pick<Config, 'REGISTER_FACTS_MAX_AGE_MINUTES'>): number => config.REGISTER_FACTS_MAX_AGE_MINUTES * 60_000;
