import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_APPLICATIONS } from '../../apps/api/src/modules/registry/fixture/bank.js';
import { createWebDist } from '../../apps/api/src/test/app.js';
import { freePort, killHard, startBuiltServer, type BuiltServer } from '../../apps/api/src/test/built-server.js';
import { withAdmin } from '../../apps/api/src/test/database.js';
import { postgresDatabaseFor } from '../../apps/api/src/test/postgres.js';
import { newKeyEncryptionKey } from '../../apps/api/src/modules/auth/key-encryption.js';

/**
 * Instances of the built server started at the same moment on a fresh PostgreSQL database: the
 * migrations, the demonstration data and the access tokens' signing key are each made once (behind
 * advisory locks), every instance comes up, none dies of another's insert, and a token issued by one
 * is good on the others.
 */

const INSTANCES = 3;
const keyEncryptionKey = newKeyEncryptionKey();
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A token one instance issued, used on each of the others: they share the signing key through the database. */
async function expectOneSystem(servers: BuiltServer[]): Promise<void> {
  const [first, ...others] = servers;
  if (!first) throw new Error('no instance started');
  const signIn = await fetch(`${first.baseUrl}/oauth2/v2/authorize/magic`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ personalId: '38001085718' }),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
  const saved = await fetch(`${first.baseUrl}/onboarding/representative/personal-information`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ email: 'koos@example.ee', phone: '+372 5123 4567', hasConsentedToRegistryQueries: true, language: 'et' }),
  });
  expect(saved.status).toBe(200);
  for (const other of others) {
    const read = await fetch(`${other.baseUrl}/onboarding/representative`, { headers });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ email: 'koos@example.ee' });
  }
}

describe('instances started together on one new database', () => {
  it('all start; the migrations, the demonstration data and the signing key are there once; a token works on each', { timeout: 300_000 }, async (context) => {
    const database = await postgresDatabaseFor('onboarding_together', 'instances starting together');
    if (!database) return context.skip();
    cleanups.push(() => database.drop());
    const url = database.url;

    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
    const webDist = createWebDist();
    const started = await Promise.allSettled(
      ports.map((port) =>
        startBuiltServer(port, {
          DATABASE_URL: url,
          // The address of the load balancer in front of them all: the tokens' issuer.
          PUBLIC_URL: 'http://127.0.0.1:8080',
          WEB_DIST_DIR: webDist,
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'onboarding-together-')),
          // The one setting they must share besides the database: what seals the signing keys kept there.
          KEY_ENCRYPTION_KEYS: keyEncryptionKey,
          SIMULATOR_COMPLETION_DELAY_MS: '0',
        }),
      ),
    );
    const servers = started.filter((result): result is PromiseFulfilledResult<BuiltServer> => result.status === 'fulfilled').map((result) => result.value);
    for (const server of servers) cleanups.push(() => killHard(server));
    expect(started.filter((result) => result.status === 'rejected').map((result) => String((result as PromiseRejectedResult).reason))).toEqual([]);

    for (const server of servers) expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    const counts = await withAdmin(url, async (client) => ({
      migrations: (await client.query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations')).rows[0]?.count,
      fixtures: (
        await client.query<{ registry: string; count: string }>(
          'select company_registry_code as registry, count(*) from applications where company_registry_code = any($1) group by 1 order by 1',
          [FIXTURE_APPLICATIONS.map((fixture) => fixture.company.registryCode)],
        )
      ).rows,
    }));
    // Each migration applied once: as many rows as the journal has entries.
    const journal = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../apps/api/drizzle/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(Number(counts.migrations)).toBe(journal.entries.length);
    // One key of each purpose, made once.
    expect(Number((await withAdmin(url, (client) => client.query<{ count: string }>('select count(*) from auth_signing_keys'))).rows[0]?.count)).toBe(2);
    expect(counts.fixtures).toEqual(
      FIXTURE_APPLICATIONS.map((fixture) => ({ registry: fixture.company.registryCode, count: '1' })).sort((a, b) => a.registry.localeCompare(b.registry)),
    );
    // Each with a DATA_DIR of its own and no AUTH_SIGNING_KEY_FILE: the key comes from the database, sealed.
    await expectOneSystem(servers);
  });
});
