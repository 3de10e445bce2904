import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database.js';
import { authSigningKeys } from '../../db/schema.js';
import { postgresDatabaseFor } from '../../test/postgres.js';
import { createAccessTokens } from './access-token.js';
import { CLIENT_ID, INTEGRATION_AUDIENCE } from '@onboarding/domain';
import { keyEncryptionKeysOf, newKeyEncryptionKey } from './key-encryption.js';
import {
  insertSigningKey,
  keyForToken,
  KEY_RING_REFRESH_MS,
  listSigningKeys,
  loadSigningKeys,
  newSigningKeyPem,
  resealSigningKeys,
  retireSigningKey,
  ringOfOne,
  type SigningKeyRing,
  signingKeyOf,
} from './signing-key.js';

/**
 * Instances on one PostgreSQL database share the keys of access tokens through it (auth_signing_keys): a token
 * one instance issued passes on another, a new key signs everywhere within a minute while the old one keeps
 * verifying, and a retired key stops verifying. On PGlite, or with AUTH_SIGNING_KEY_FILE, the key is a file.
 */

const subject = {
  personalId: '38001085718',
  personalIdCountryCode: 'EE',
  givenName: 'Jaak-Kristjan',
  surname: 'Jõeorg',
  authenticationMethod: 'SMART_ID',
  sessionId: 's-1',
} as const;
const issuer = 'https://onboarding.test';
const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'signing-keys-'));
/** The key-encryption keys every instance of these tests is given, as an operator gives KEY_ENCRYPTION_KEYS. */
const KEKS = keyEncryptionKeysOf([newKeyEncryptionKey()], 'the tests');
const keyEncryption = () => KEKS;

let database: Database | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const empty = await postgresDatabaseFor('onboarding_keys', 'access-token keys shared through PostgreSQL');
  if (!empty) return;
  dropDatabase = empty.drop;
  database = await openDatabase({ url: empty.url });
});

afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
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
    const first = await loadSigningKeys({ purpose: 'applicant', dataDir: firstDataDir, database: db, keyEncryption });
    expect(first.current.keyId).toBe((await signingKeyOf(pkcs8)).keyId);
    // More instances, started together, each with a DATA_DIR of its own.
    const [second, third] = await Promise.all([
      loadSigningKeys({ purpose: 'applicant', dataDir: newDataDir(), database: db, keyEncryption }),
      loadSigningKeys({ purpose: 'applicant', dataDir: newDataDir(), database: db, keyEncryption }),
    ]);
    expect(second.current.keyId).toBe(first.current.keyId);
    expect(third.current.keyId).toBe(first.current.keyId);
    expect(await db.db.select().from(authSigningKeys).where(eq(authSigningKeys.purpose, 'applicant'))).toHaveLength(1);

    const token = await createAccessTokens({ keys: first, issuer, ttlSeconds: 600 }).issue(subject);
    expect(await createAccessTokens({ keys: second, issuer, ttlSeconds: 600 }).verify(token)).toMatchObject({ personalId: '38001085718' });
  });

  it('rotate: a new key signs within a minute, the old one verifies until retired', async (context) => {
    if (!database) return context.skip();
    const db = database;
    let clock = Date.now();
    const now = () => clock;
    const [a, b] = await Promise.all([
      loadSigningKeys({ purpose: 'applicant', dataDir: newDataDir(), database: db, keyEncryption, now }),
      loadSigningKeys({ purpose: 'applicant', dataDir: newDataDir(), database: db, keyEncryption, now }),
    ]);
    const tokensOf = (keys: typeof a) => createAccessTokens({ keys, issuer, ttlSeconds: 3600 });
    const oldKeyId = a.current.keyId;
    const oldToken = await tokensOf(a).issue(subject);

    const newKeyId = await insertSigningKey(db.db, KEKS, 'applicant', await newSigningKeyPem());
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
    expect(await retireSigningKey(db.db, newKeyId)).toMatchObject({ ok: false, reason: expect.stringContaining('only applicant key') });
    expect((await listSigningKeys(db.db)).filter((key) => key.retiredAt === null && key.purpose === 'applicant').map((key) => key.keyId)).toEqual([newKeyId]);
    clock += KEY_RING_REFRESH_MS + 1;
    // A fresh verifier (no token kept from before): the retired key no longer verifies; the new one does.
    expect(await tokensOf(b).verify(oldToken)).toBeNull();
    expect(await tokensOf(b).verify(newToken)).not.toBeNull();
    expect(await b.find(oldKeyId)).toBeUndefined();
  });
});

describe('access-token keys at rest', () => {
  it('are sealed: no private key in the table, and another KEY_ENCRYPTION_KEYS does not open them', async (context) => {
    if (!database) return context.skip();
    const db = database;
    const ring = await loadSigningKeys({ purpose: 'applicant', dataDir: newDataDir(), database: db, keyEncryption });
    const rows = await db.db.select().from(authSigningKeys);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows.filter((candidate) => candidate.retiredAt === null)) {
      expect(row.privateKeyPem).toBeNull();
      expect(row.kekId).toBe(KEKS.current.id);
      // iv, ciphertext and tag: nothing a PEM reader takes.
      expect(row.sealedPrivateKey).toMatch(/^[\w-]{16}\.[\w-]{200,}\.[\w-]{22}$/);
      await expect(signingKeyOf(row.sealedPrivateKey ?? '')).rejects.toThrow();
    }
    // What a copy of the database gives: nothing that opens without the KEK, which it never held.
    const stranger = keyEncryptionKeysOf([newKeyEncryptionKey()], 'another');
    await expect(loadSigningKeys({ purpose: 'applicant', dataDir: newDataDir(), database: db, keyEncryption: () => stranger })).rejects.toThrow(
      `signing key ${ring.current.keyId} in auth_signing_keys: sealed with key-encryption key ${KEKS.current.id}, which this instance does not have`,
    );
  });

  it('seal the keys an earlier release kept in the clear, and sign with a new one while the old verifies until retired', async (context) => {
    if (!database) return context.skip();
    const db = database;
    const pkcs8 = await newSigningKeyPem();
    const old = await signingKeyOf(pkcs8);
    // As release 0016 to 0018 wrote it: the PEM in private_key_pem.
    await db.db.update(authSigningKeys).set({ retiredAt: new Date() });
    await db.db.insert(authSigningKeys).values({ keyId: old.keyId, privateKeyPem: pkcs8 });
    const oldToken = await createAccessTokens({ keys: { current: old, find: async () => old }, issuer, ttlSeconds: 600 }).issue(subject);

    const ring = await loadSigningKeys({ purpose: 'applicant', dataDir: newDataDir(), database: db, keyEncryption });
    const [row] = await db.db.select().from(authSigningKeys).where(eq(authSigningKeys.keyId, old.keyId));
    expect(row).toMatchObject({ privateKeyPem: null, kekId: KEKS.current.id, retiredAt: null });
    expect(ring.current.keyId).not.toBe(old.keyId);
    expect(await createAccessTokens({ keys: ring, issuer, ttlSeconds: 600 }).verify(oldToken)).toMatchObject({ personalId: '38001085718' });
    expect(await db.db.select().from(authSigningKeys).where(eq(authSigningKeys.privateKeyPem, pkcs8))).toEqual([]);
  });

  it('KEK rotation: the new KEK first and the old beside it, reseal, then the new one alone', async (context) => {
    if (!database) return context.skip();
    const db = database;
    const before = await loadSigningKeys({ purpose: 'applicant', dataDir: newDataDir(), database: db, keyEncryption });
    const newKek = newKeyEncryptionKey();
    // Every instance is given KEY_ENCRYPTION_KEYS=NEW,OLD and restarted: both open, NEW seals.
    const both = keyEncryptionKeysOf([newKek, Buffer.from(KEKS.current.key).toString('base64')], 'both');
    const during = await loadSigningKeys({ purpose: 'applicant', dataDir: newDataDir(), database: db, keyEncryption: () => both });
    expect(during.current.keyId).toBe(before.current.keyId);

    expect(await resealSigningKeys(db.db, both)).toBeGreaterThan(0);
    for (const key of (await listSigningKeys(db.db)).filter((candidate) => candidate.retiredAt === null)) expect(key.kekId).toBe(both.current.id);
    expect(await resealSigningKeys(db.db, both)).toBe(0);

    // The old KEK removed: the new one alone opens every key, the old one alone none.
    const newOnly = keyEncryptionKeysOf([newKek], 'new');
    const after = await loadSigningKeys({ purpose: 'applicant', dataDir: newDataDir(), database: db, keyEncryption: () => newOnly });
    expect(after.current.keyId).toBe(before.current.keyId);
    const token = await createAccessTokens({ keys: before, issuer, ttlSeconds: 600 }).issue(subject);
    expect(await createAccessTokens({ keys: after, issuer, ttlSeconds: 600 }).verify(token)).not.toBeNull();
    await expect(loadSigningKeys({ purpose: 'applicant', dataDir: newDataDir(), database: db, keyEncryption })).rejects.toThrow(
      /which this instance does not have/,
    );
    // The rest of this file goes on with the tests' KEK.
    expect(await resealSigningKeys(db.db, keyEncryptionKeysOf([Buffer.from(KEKS.current.key).toString('base64'), newKek], 'back'))).toBeGreaterThan(0);
  });

  it('are separate for applicant and integration tokens: neither kind verifies with the other’s keys', async (context) => {
    if (!database) return context.skip();
    const db = database;
    const applicant = await loadSigningKeys({ purpose: 'applicant', dataDir: newDataDir(), database: db, keyEncryption });
    const integration = await loadSigningKeys({ purpose: 'integration', dataDir: newDataDir(), database: db, keyEncryption });
    expect(integration.current.keyId).not.toBe(applicant.current.keyId);
    expect(await integration.find(applicant.current.keyId)).toBeUndefined();
    expect(await applicant.find(integration.current.keyId)).toBeUndefined();
    // Retiring is per purpose: the last integration key stays whatever the applicant keys are.
    expect(await retireSigningKey(db.db, integration.current.keyId)).toMatchObject({ ok: false, reason: expect.stringContaining('only integration key') });
  });
});

describe('access-token keys on PGlite', () => {
  // Opening PGlite takes most of the time: in a hook, whose time limit allows for a busy machine.
  let pglite: Database;
  beforeAll(async () => {
    pglite = await openDatabase({});
  });
  afterAll(async () => {
    await pglite.close();
  });

  it('are the DATA_DIR files, one per purpose, and need no key-encryption key', async () => {
    const dataDir = newDataDir();
    const noKek = () => {
      throw new Error('asked for a key-encryption key on PGlite');
    };
    const keys = await loadSigningKeys({ purpose: 'applicant', dataDir, database: pglite, keyEncryption: noKek });
    expect((await loadSigningKeys({ purpose: 'applicant', dataDir, database: pglite, keyEncryption: noKek })).current.keyId).toBe(keys.current.keyId);
    const integration = await loadSigningKeys({ purpose: 'integration', dataDir, database: pglite, keyEncryption: noKek });
    expect(integration.current.keyId).not.toBe(keys.current.keyId);
    expect(await pglite.db.select().from(authSigningKeys)).toHaveLength(0);
  });
});

describe('the key a token names', () => {
  it('is looked up only for a token claiming the audience: another API’s token never makes the ring read the keys', async () => {
    const key = await signingKeyOf(await newSigningKeyPem());
    const lookedUp: (string | undefined)[] = [];
    const ring: SigningKeyRing = { current: key, find: async (keyId) => (lookedUp.push(keyId), ringOfOne(key).find(keyId)) };
    const applicantToken = await createAccessTokens({ keys: ring, issuer, ttlSeconds: 60 }).issue(subject);

    expect(await keyForToken(ring, applicantToken, INTEGRATION_AUDIENCE)).toBeUndefined();
    expect(lookedUp).toEqual([]);
    expect((await keyForToken(ring, applicantToken, CLIENT_ID))?.keyId).toBe(key.keyId);
    expect(lookedUp).toEqual([key.keyId]);
    await expect(keyForToken(ring, 'not-a-token', CLIENT_ID)).rejects.toThrow();
  });
});
