import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database.js';
import { authSigningKeys } from '../../db/schema.js';
import { ADMIN_URL, isPostgresReachable, withAdmin } from '../../test/database.js';
import { createAccessTokens } from './access-token.js';
import { insertSigningKey, KEY_RING_REFRESH_MS, listSigningKeys, loadSigningKeys, newSigningKeyPem, retireSigningKey, signingKeyOf } from './signing-key.js';

/**
 * Instances on one PostgreSQL database share the keys of access tokens through it (auth_signing_keys): a token
 * one instance issued passes on another, a new key signs everywhere within a minute while the old one keeps
 * verifying, and a retired key stops verifying. On PGlite, or with AUTH_SIGNING_KEY_FILE, the key is a file.
 */

const subject = { personalId: '38001085718', personalIdCountryCode: 'EE', givenName: 'Jaak-Kristjan', surname: 'Jõeorg', authenticationMethod: 'SMART_ID', sessionId: 's-1' } as const;
const issuer = 'https://onboarding.test';
const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'signing-keys-'));

let database: Database | undefined;
let name = '';

beforeAll(async () => {
  if (!(await isPostgresReachable(ADMIN_URL))) {
    if (process.env.DATABASE_URL) throw new Error('PostgreSQL at DATABASE_URL does not answer');
    return;
  }
  name = `onboarding_keys_${randomUUID().replaceAll('-', '')}`;
  await withAdmin(ADMIN_URL, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  database = await openDatabase({ url: url.toString() });
});

afterAll(async () => {
  await database?.close();
  if (name) await withAdmin(ADMIN_URL, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
});

describe('access-token keys shared through PostgreSQL', () => {
  it('are one key for every instance, made once, the DATA_DIR key taken over; tokens pass from one to another', async (context) => {
    if (!database) return context.skip();
    const db = database;
    // The first instance had run on its own before, with a key in its DATA_DIR: nobody is signed out.
    const firstDataDir = newDataDir();
    const pkcs8 = await newSigningKeyPem();
    mkdirSync(path.join(firstDataDir, 'keys'));
    writeFileSync(path.join(firstDataDir, 'keys', 'auth-signing-key.pem'), pkcs8);
    const first = await loadSigningKeys({ dataDir: firstDataDir, database: db });
    expect(first.current.keyId).toBe((await signingKeyOf(pkcs8)).keyId);
    // More instances, started together, each with a DATA_DIR of its own.
    const [second, third] = await Promise.all([loadSigningKeys({ dataDir: newDataDir(), database: db }), loadSigningKeys({ dataDir: newDataDir(), database: db })]);
    expect(second.current.keyId).toBe(first.current.keyId);
    expect(third.current.keyId).toBe(first.current.keyId);
    expect(await db.db.select().from(authSigningKeys)).toHaveLength(1);

    const token = await createAccessTokens({ keys: first, issuer, ttlSeconds: 600 }).issue(subject);
    expect(await createAccessTokens({ keys: second, issuer, ttlSeconds: 600 }).verify(token)).toMatchObject({ personalId: '38001085718' });
  });

  it('rotate: a new key signs within a minute, the old one verifies until retired', async (context) => {
    if (!database) return context.skip();
    const db = database;
    let clock = Date.now();
    const now = () => clock;
    const [a, b] = await Promise.all([loadSigningKeys({ dataDir: newDataDir(), database: db, now }), loadSigningKeys({ dataDir: newDataDir(), database: db, now })]);
    const tokensOf = (keys: typeof a) => createAccessTokens({ keys, issuer, ttlSeconds: 3600 });
    const oldKeyId = a.current.keyId;
    const oldToken = await tokensOf(a).issue(subject);

    const newKeyId = await insertSigningKey(db.db, await newSigningKeyPem());
    clock += KEY_RING_REFRESH_MS + 1;
    // Keys over a minute old are read again.
    await a.find(newKeyId);
    expect(a.current.keyId).toBe(newKeyId);
    const newToken = await tokensOf(a).issue(subject);
    // b has not read the keys since: a token naming a key it does not know makes it look.
    expect(await tokensOf(b).verify(newToken)).not.toBeNull();
    expect(await tokensOf(b).verify(oldToken)).not.toBeNull();

    expect(await retireSigningKey(db.db, oldKeyId)).toEqual({ ok: true });
    expect(await retireSigningKey(db.db, oldKeyId)).toMatchObject({ ok: false, reason: expect.stringContaining('no key') });
    // The last key not retired cannot be: nothing would sign.
    expect(await retireSigningKey(db.db, newKeyId)).toMatchObject({ ok: false, reason: expect.stringContaining('only key') });
    expect((await listSigningKeys(db.db)).filter((key) => key.retiredAt === null).map((key) => key.keyId)).toEqual([newKeyId]);
    clock += KEY_RING_REFRESH_MS + 1;
    // A fresh verifier (no token kept from before): the retired key no longer verifies; the new one does.
    expect(await tokensOf(b).verify(oldToken)).toBeNull();
    expect(await tokensOf(b).verify(newToken)).not.toBeNull();
    expect(await b.find(oldKeyId)).toBeUndefined();
  });
});

describe('access-token keys on PGlite', () => {
  it('are the DATA_DIR file, as before', async () => {
    const pglite = await openDatabase({});
    try {
      const dataDir = newDataDir();
      const keys = await loadSigningKeys({ dataDir, database: pglite });
      expect((await loadSigningKeys({ dataDir, database: pglite })).current.keyId).toBe(keys.current.keyId);
      expect(await pglite.db.select().from(authSigningKeys)).toHaveLength(0);
    } finally {
      await pglite.close();
    }
  });
});
