import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has defaults that serve the product on port 3000 with PGlite in ./data and simulated identities', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.IDENTITY_MODE).toBe('simulated');
  });

  it('reads PORT, HOST and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '8080', HOST: '127.0.0.1', DATABASE_URL: 'postgres://u@db:5432/onboarding' });
    expect(config).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', DATABASE_URL: 'postgres://u@db:5432/onboarding' });
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad key at once', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SUPPORT_EMAIL: 'nobody', IDENTITY_MODE: 'fake', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const keys = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
      expect(keys.sort()).toEqual(['DATABASE_URL', 'IDENTITY_MODE', 'LOG_LEVEL', 'PORT', 'SUPPORT_EMAIL']);
    }
  });

  it('refuses simulated identities on a public https production address', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://konto.pank.ee' })).toThrow(/IDENTITY_MODE/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://konto.pank.ee', IDENTITY_MODE: 'live' }).IDENTITY_MODE).toBe('live');
  });
});
