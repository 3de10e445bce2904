import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** A complete live configuration of a production deployment. */
const LIVE = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://konto.pank.ee',
  IDENTITY_MODE: 'live',
  SMART_ID_BASE_URL: 'https://sid.demo.sk.ee/smart-id-rp/v3/',
  SMART_ID_RELYING_PARTY_UUID: '00000000-0000-4000-8000-000000000000',
  SMART_ID_RELYING_PARTY_NAME: 'DEMO',
  SMART_ID_TRUST_ANCHORS: '/etc/onboarding/sid-ca.pem, /etc/onboarding/sid-ca-2.pem',
  MOBILE_ID_BASE_URL: 'https://tsp.demo.sk.ee/mid-api',
  MOBILE_ID_RELYING_PARTY_UUID: '00000000-0000-4000-8000-000000000000',
  MOBILE_ID_RELYING_PARTY_NAME: 'DEMO',
  MOBILE_ID_TRUST_ANCHORS: '/etc/onboarding/mid-ca.pem',
  ID_CARD_TRUST_ANCHORS: '/etc/onboarding/esteid2018.pem',
  REGISTER_URL: 'https://ariregxmlv6.rik.ee/',
  REGISTER_USERNAME: 'pank',
  REGISTER_PASSWORD_FILE: '/etc/onboarding/register-password',
  TIMESTAMP_URL: 'http://demo.sk.ee/tsa',
  TIMESTAMP_TRUST_ANCHORS: '/etc/onboarding/tsa-ca.pem',
};

/** A Standard Webhooks secret: whsec_ and 32 bytes in base64. */
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

describe('loadConfig', () => {
  it('has defaults that serve the product on port 3000 with PGlite in ./data and simulated identities', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.IDENTITY_MODE).toBe('simulated');
  });

  it('is reached at localhost on PORT unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://konto.pank.ee/' }).PUBLIC_URL).toBe('https://konto.pank.ee');
  });

  it('trusts no proxy by default; TRUST_PROXY takes true, false or the proxies’ addresses and networks', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const wrong of ['yes', '10.0.0.0/33', '10.0.0/8', 'lb.internal', '127.0.0.1,', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY: must be true, false or the proxies' addresses/);
    }
  });

  it('reads PORT, HOST and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '8080', HOST: '127.0.0.1', DATABASE_URL: 'postgres://u@db:5432/onboarding' });
    expect(config).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', DATABASE_URL: 'postgres://u@db:5432/onboarding' });
  });

  it('opens at most 10 PostgreSQL connections unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '24' }).DATABASE_POOL_SIZE).toBe(24);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('allows 3 save-and-continue-later mails per application an hour and 5 per address a day unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR: 3, SAVE_AND_CONTINUE_MAILS_PER_ADDRESS_PER_DAY: 5 });
    const config = loadConfig({ SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR: '2', SAVE_AND_CONTINUE_MAILS_PER_ADDRESS_PER_DAY: '10' });
    expect(config).toMatchObject({ SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR: 2, SAVE_AND_CONTINUE_MAILS_PER_ADDRESS_PER_DAY: 10 });
    expect(() => loadConfig({ SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR: '0' })).toThrow(/SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR/);
    expect(() => loadConfig({ SAVE_AND_CONTINUE_MAILS_PER_ADDRESS_PER_DAY: 'many' })).toThrow(/SAVE_AND_CONTINUE_MAILS_PER_ADDRESS_PER_DAY/);
  });

  it('reads the integration clients from INTEGRATION_CLIENTS_FILE, unset by default', () => {
    expect(loadConfig({}).INTEGRATION_CLIENTS_FILE).toBeUndefined();
    expect(loadConfig({ INTEGRATION_CLIENTS_FILE: '/etc/onboarding/clients.json' }).INTEGRATION_CLIENTS_FILE).toBe('/etc/onboarding/clients.json');
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad key at once', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', MAIL_SEND_INTERVAL_MS: 'soon', IDENTITY_MODE: 'fake', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const keys = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
      expect(keys.sort()).toEqual(['DATABASE_URL', 'IDENTITY_MODE', 'LOG_LEVEL', 'MAIL_SEND_INTERVAL_MS', 'PORT']);
    }
  });

  it('refuses simulated identities and magic sign-in in production, whatever the address looks like', () => {
    for (const PUBLIC_URL of ['https://konto.pank.ee', 'HTTPS://konto.pank.ee', 'Https://konto.pank.ee/', 'http://10.0.0.5:3000', undefined]) {
      expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL })).toThrow(/IDENTITY_MODE: must be "live" when NODE_ENV is production/);
    }
    expect(() => loadConfig({ NODE_ENV: 'production', MAGIC_SIGN_IN: 'true' })).toThrow(/MAGIC_SIGN_IN: must be off when NODE_ENV is production/);
    expect(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'HTTPS://Konto.Pank.ee/' }).PUBLIC_URL).toBe('https://konto.pank.ee');
  });

  it('asks the e-Business Register at REGISTER_URL with a user and password when live, the stand-in when simulated', () => {
    expect(loadConfig({})).toMatchObject({ REGISTER_URL: undefined, REGISTER_TIMEOUT_MS: 10_000 });
    expect(loadConfig(LIVE).REGISTER_URL).toBe('https://ariregxmlv6.rik.ee/');
    const { REGISTER_URL: _url, REGISTER_PASSWORD_FILE: _file, ...withoutRegister } = LIVE;
    expect(() => loadConfig(withoutRegister)).toThrow(/REGISTER_URL: is required when IDENTITY_MODE is live/);
    expect(() => loadConfig({ ...LIVE, REGISTER_PASSWORD_FILE: undefined })).toThrow(/REGISTER_PASSWORD: or REGISTER_PASSWORD_FILE is required/);
    expect(() => loadConfig({ ...LIVE, REGISTER_PASSWORD: 'secret' })).toThrow(/exclude each other/);
    expect(() => loadConfig({ ...LIVE, REGISTER_URL: 'http://ariregxmlv6.rik.ee/' })).toThrow(/REGISTER_URL: must be an https:\/\/ address/);
    expect(() => loadConfig({ REGISTER_URL: 'http://127.0.0.1:9000/' })).toThrow(/REGISTER_URL needs REGISTER_USERNAME/);
  });

  it('uses simulators of another process only in simulated mode, and lets them listen on 127.0.0.1:3100 unless told otherwise', () => {
    expect(loadConfig({ SIMULATORS_URL: 'http://127.0.0.1:3100' }).SIMULATORS_URL).toBe('http://127.0.0.1:3100');
    expect(loadConfig({})).toMatchObject({ SIMULATORS_URL: undefined, SIMULATORS_HOST: '127.0.0.1', SIMULATORS_PORT: 3100 });
    expect(() => loadConfig({ ...LIVE, SIMULATORS_URL: 'http://127.0.0.1:3100' })).toThrow(/SIMULATORS_URL: is for simulated identities/);
    expect(() => loadConfig({ SIMULATORS_URL: 'sim:3100' })).toThrow(/SIMULATORS_URL/);
  });

  it('starts a public demo in production only when DEMO_DEPLOYMENT asks for it, and never with live identities', () => {
    const demo = loadConfig({ NODE_ENV: 'production', DEMO_DEPLOYMENT: 'true', PUBLIC_URL: 'https://demo.pank.ee' });
    expect(demo.IDENTITY_MODE).toBe('simulated');
    expect(demo.isMagicSignInEnabled).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DEPLOYMENT: 'yes' })).toThrow(/DEMO_DEPLOYMENT/);
    expect(() => loadConfig({ ...LIVE, DEMO_DEPLOYMENT: 'true' })).toThrow(/DEMO_DEPLOYMENT: is for simulated identities/);
  });

  it('refuses http:// identity service addresses in live mode', () => {
    for (const key of ['SMART_ID_BASE_URL', 'MOBILE_ID_BASE_URL', 'EID_PUBLIC_URL']) {
      expect(() => loadConfig({ ...LIVE, [key]: 'http://sid.demo.sk.ee/smart-id-rp/v3/' })).toThrow(new RegExp(`${key}: must be an https:// address`));
      expect(() => loadConfig({ ...LIVE, [key]: 'HTTPS://sid.demo.sk.ee/smart-id-rp/v3/' })).not.toThrow();
    }
  });

  it('takes the Smart-ID RP API v3 only, and SMART_ID_SCHEME_NAME of the two schemes', () => {
    expect(() => loadConfig({ ...LIVE, SMART_ID_BASE_URL: 'https://sid.demo.sk.ee/smart-id-rp/v2/' })).toThrow(
      /SMART_ID_BASE_URL: must be the Smart-ID RP API v3 address/,
    );
    expect(loadConfig({ ...LIVE, SMART_ID_BASE_URL: 'https://rp-api.smart-id.com/v3' }).SMART_ID_BASE_URL).toBe('https://rp-api.smart-id.com/v3');
    expect(loadConfig({ ...LIVE, SMART_ID_SCHEME_NAME: 'smart-id-demo' }).SMART_ID_SCHEME_NAME).toBe('smart-id-demo');
    expect(() => loadConfig({ ...LIVE, SMART_ID_SCHEME_NAME: 'other' })).toThrow(/SMART_ID_SCHEME_NAME/);
  });

  it('asks for every setting of the live identity services, and refuses magic sign-in there', () => {
    try {
      loadConfig({ IDENTITY_MODE: 'live', MAGIC_SIGN_IN: 'true' });
      expect.unreachable();
    } catch (error) {
      const keys = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
      expect(keys.sort()).toEqual([
        'ID_CARD_TRUST_ANCHORS',
        'MAGIC_SIGN_IN',
        'MOBILE_ID_BASE_URL',
        'MOBILE_ID_RELYING_PARTY_NAME',
        'MOBILE_ID_RELYING_PARTY_UUID',
        'MOBILE_ID_TRUST_ANCHORS',
        'REGISTER_PASSWORD',
        'REGISTER_URL',
        'REGISTER_USERNAME',
        'SMART_ID_BASE_URL',
        'SMART_ID_RELYING_PARTY_NAME',
        'SMART_ID_RELYING_PARTY_UUID',
        'SMART_ID_TRUST_ANCHORS',
        'TIMESTAMP_TRUST_ANCHORS',
        'TIMESTAMP_URL',
      ]);
    }
  });

  it('accepts a complete live configuration, with magic sign-in off by default', () => {
    const config = loadConfig(LIVE);
    expect(config.IDENTITY_MODE).toBe('live');
    expect(config.SMART_ID_TRUST_ANCHORS).toEqual(['/etc/onboarding/sid-ca.pem', '/etc/onboarding/sid-ca-2.pem']);
    expect(config.isMagicSignInEnabled).toBe(false);
  });

  it('sends no events unless WEBHOOK_URL is set, and waits 10 s for each delivery unless told otherwise', () => {
    const config = loadConfig({});
    expect(config.WEBHOOK_URL).toBeUndefined();
    expect(config.WEBHOOK_SECRET).toBeUndefined();
    expect(config.WEBHOOK_TIMEOUT_MS).toBe(10_000);
    const configured = loadConfig({ WEBHOOK_URL: 'https://core.pank.ee/hooks/onboarding', WEBHOOK_SECRET: SECRET, WEBHOOK_TIMEOUT_MS: '2500' });
    expect(configured).toMatchObject({ WEBHOOK_URL: 'https://core.pank.ee/hooks/onboarding', WEBHOOK_SECRET: SECRET, WEBHOOK_TIMEOUT_MS: 2500 });
  });

  it('takes only an http(s) WEBHOOK_URL and a whsec_ secret of 24 to 64 bytes', () => {
    expect(() => loadConfig({ WEBHOOK_URL: 'ftp://core.pank.ee/hooks' })).toThrow(/WEBHOOK_URL/);
    for (const secret of ['abc', `whsec_${Buffer.alloc(16).toString('base64')}`, `whsec_${Buffer.alloc(65).toString('base64')}`, 'whsec_not base64!']) {
      expect(() => loadConfig({ WEBHOOK_SECRET: secret }), secret).toThrow(/WEBHOOK_SECRET/);
    }
    expect(loadConfig({ WEBHOOK_SECRET: `whsec_${Buffer.alloc(64, 1).toString('base64')}` }).WEBHOOK_SECRET).toMatch(/^whsec_/);
  });

  it('asks for WEBHOOK_SECRET with WEBHOOK_URL in live mode; simulated mode generates one', () => {
    expect(() => loadConfig({ ...LIVE, WEBHOOK_URL: 'https://core.pank.ee/hooks/onboarding' })).toThrow(/WEBHOOK_SECRET: is required with WEBHOOK_URL/);
    expect(loadConfig({ ...LIVE, WEBHOOK_URL: 'https://core.pank.ee/hooks/onboarding', WEBHOOK_SECRET: SECRET }).WEBHOOK_URL).toBeDefined();
    expect(loadConfig({ WEBHOOK_URL: 'http://localhost:4000/hooks' }).WEBHOOK_SECRET).toBeUndefined();
  });

  it('refuses live mode on PostgreSQL without a key-encryption key for the signing keys it keeps', () => {
    const onPostgres = { ...LIVE, DATABASE_URL: 'postgres://onboarding@db.pank.ee/onboarding' };
    const kek = Buffer.alloc(32, 3).toString('base64');
    expect(() => loadConfig(onPostgres)).toThrow(/KEY_ENCRYPTION_KEYS: or KEY_ENCRYPTION_KEYS_FILE is required when IDENTITY_MODE is live with DATABASE_URL/);
    // One key file is not enough: the other purpose's keys would still be in the database.
    expect(() => loadConfig({ ...onPostgres, AUTH_SIGNING_KEY_FILE: '/etc/onboarding/auth.pem' })).toThrow(/KEY_ENCRYPTION_KEYS/);
    expect(loadConfig({ ...onPostgres, KEY_ENCRYPTION_KEYS: `${kek}, ${Buffer.alloc(32, 4).toString('base64')}` }).KEY_ENCRYPTION_KEYS).toHaveLength(2);
    expect(loadConfig({ ...onPostgres, KEY_ENCRYPTION_KEYS_FILE: '/etc/onboarding/kek' }).KEY_ENCRYPTION_KEYS_FILE).toBe('/etc/onboarding/kek');
    expect(
      loadConfig({ ...onPostgres, AUTH_SIGNING_KEY_FILE: '/etc/onboarding/auth.pem', INTEGRATION_SIGNING_KEY_FILE: '/etc/onboarding/integration.pem' })
        .IDENTITY_MODE,
    ).toBe('live');
    // PGlite keeps its keys in DATA_DIR files, and simulated mode generates a KEK there.
    expect(loadConfig(LIVE).KEY_ENCRYPTION_KEYS).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/onboarding' }).KEY_ENCRYPTION_KEYS).toBeUndefined();
    expect(() => loadConfig({ KEY_ENCRYPTION_KEYS: Buffer.alloc(16).toString('base64') })).toThrow(/KEY_ENCRYPTION_KEYS.0: must be 32 bytes in base64/);
    expect(() => loadConfig({ KEY_ENCRYPTION_KEYS: kek, KEY_ENCRYPTION_KEYS_FILE: '/etc/onboarding/kek' })).toThrow(/exclude each other/);
  });

  it('holds no service fee terms unless SERVICE_FEE_EUR and SERVICE_FEE_IBAN are set', () => {
    expect(loadConfig({}).serviceFee).toBeUndefined();
  });

  it('reads the service fee in euro and the payee account as people write them, due in 14 days unless told otherwise', () => {
    const config = loadConfig({ SERVICE_FEE_EUR: '35', SERVICE_FEE_IBAN: 'ee38 2200 2210 2014 5685' });
    expect(config.serviceFee).toEqual({ amountCents: 3500, dueDays: 14, payee: { name: 'Pank AS', iban: 'EE382200221020145685' } });
    expect(loadConfig({ SERVICE_FEE_EUR: '35,50', SERVICE_FEE_IBAN: 'EE382200221020145685', SERVICE_FEE_DUE_DAYS: '7' }).serviceFee).toEqual({
      amountCents: 3550,
      dueDays: 7,
      payee: { name: 'Pank AS', iban: 'EE382200221020145685' },
    });
    expect(loadConfig({ SERVICE_FEE_EUR: '1200.05', SERVICE_FEE_IBAN: 'EE382200221020145685' }).serviceFee?.amountCents).toBe(120_005);
  });

  it.each([
    ['a mistyped account number', { SERVICE_FEE_EUR: '35', SERVICE_FEE_IBAN: 'EE382200221020145686' }, 'SERVICE_FEE_IBAN'],
    ['an account abroad', { SERVICE_FEE_EUR: '35', SERVICE_FEE_IBAN: 'LT121000011101001000' }, 'SERVICE_FEE_IBAN'],
    ['a price without an account to pay it to', { SERVICE_FEE_EUR: '35' }, 'SERVICE_FEE_IBAN'],
    ['an account without a price', { SERVICE_FEE_IBAN: 'EE382200221020145685' }, 'SERVICE_FEE_EUR'],
    ['no fee at all', { SERVICE_FEE_EUR: '0', SERVICE_FEE_IBAN: 'EE382200221020145685' }, 'SERVICE_FEE_EUR'],
    ['a third decimal', { SERVICE_FEE_EUR: '35.001', SERVICE_FEE_IBAN: 'EE382200221020145685' }, 'SERVICE_FEE_EUR'],
    ['a currency sign', { SERVICE_FEE_EUR: '35 €', SERVICE_FEE_IBAN: 'EE382200221020145685' }, 'SERVICE_FEE_EUR'],
    ['more than the bank may invoice', { SERVICE_FEE_EUR: '100000.01', SERVICE_FEE_IBAN: 'EE382200221020145685' }, 'SERVICE_FEE_EUR'],
    ['no days to pay', { SERVICE_FEE_EUR: '35', SERVICE_FEE_IBAN: 'EE382200221020145685', SERVICE_FEE_DUE_DAYS: '0' }, 'SERVICE_FEE_DUE_DAYS'],
  ])('refuses to start with %s', (_case, env, key) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as ConfigError).problems.some((problem) => problem.startsWith(`${key}:`))).toBe(true);
    }
  });

  it('turns magic sign-in on by default only in simulated mode', () => {
    expect(loadConfig({}).isMagicSignInEnabled).toBe(true);
    expect(loadConfig({ MAGIC_SIGN_IN: 'false' }).isMagicSignInEnabled).toBe(false);
  });
});
