import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newKeyEncryptionKey } from '../../apps/api/src/modules/auth/key-encryption.js';
import { createWebDist } from '../../apps/api/src/test/app.js';
import { postgresDatabaseFor } from '../../apps/api/src/test/postgres.js';
import { freePort, killHard, startBuiltServer, type BuiltServer } from '../../apps/api/src/test/built-server.js';
import { createPkce } from '../../apps/api/src/test/sign-in.js';

/**
 * Many instances on one PostgreSQL: the rate limits are counted in the
 * database, so requests spread over two server processes hit one limit.
 * CI always has PostgreSQL; on a machine without it this test is skipped.
 */
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('rate limits across instances', () => {
  it('two server processes on one PostgreSQL share the limit: starts spread over both hit it together', async (context) => {
    const database = await postgresDatabaseFor('onboarding_limits', 'shared rate limits');
    if (!database) return context.skip();
    cleanups.push(() => database.drop());

    const env = {
      DATABASE_URL: database.url,
      WEB_DIST_DIR: createWebDist(),
      SIMULATOR_COMPLETION_DELAY_MS: '0',
      RATE_LIMIT_STARTS_PER_PERSON: '4',
      KEY_ENCRYPTION_KEYS: newKeyEncryptionKey(),
    };
    // One after the other: the first migrates the new database.
    const servers: BuiltServer[] = [];
    for (let index = 0; index < 2; index++) {
      const server = await startBuiltServer(await freePort(), { ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'onboarding-limits-')) });
      cleanups.push(() => killHard(server));
      servers.push(server);
    }

    const startOn = async (server: BuiltServer) => {
      const response = await fetch(`${server.baseUrl}/oauth2/v2/authorize/sid/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...createPkce().common, personalId: '39901012239', personalIdCountryCode: 'EE' }),
      });
      return { status: response.status, retryAfter: response.headers.get('retry-after'), code: ((await response.json()) as { code?: string }).code };
    };
    // Six starts, alternating between the instances, from one client for one person: the limit is 4 in all.
    const answers = [];
    for (let index = 0; index < 6; index++) answers.push(await startOn(servers[index % 2] as BuiltServer));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 429, 429]);
    for (const refused of answers.slice(4)) {
      expect(refused.code).toBe('RATE_LIMITED');
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
  }, 120_000);
});
