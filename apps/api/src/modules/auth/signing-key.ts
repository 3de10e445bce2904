import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash, createPublicKey } from 'node:crypto';
import { asc, eq, isNull } from 'drizzle-orm';
import { exportPKCS8, generateKeyPair, importPKCS8, importSPKI, type CryptoKey } from 'jose';
import type { Database, Db } from '../../db/database.js';
import { authSigningKeys } from '../../db/schema.js';

export const ACCESS_TOKEN_ALGORITHM = 'ES256';

export type SigningKey = { privateKey: CryptoKey; publicKey: CryptoKey; keyId: string };

/**
 * The keys of access tokens: `current` signs, `find` gives the key a token's `kid` names, or undefined for one
 * that is unknown or retired. Several keys are valid at once while one replaces another.
 */
export type SigningKeyRing = {
  readonly current: SigningKey;
  find(keyId: string | undefined): Promise<SigningKey | undefined>;
};

/** How often a database ring reads the keys again: a new key signs, and a retired one stops verifying, within it. */
export const KEY_RING_REFRESH_MS = 60_000;
/** A token naming a key this instance does not know makes it read the keys again, at most this often. */
const UNKNOWN_KEY_RELOAD_MS = 1_000;

/** A key from its PKCS#8 PEM; its id is derived from the public key, so every instance names it alike. */
export async function signingKeyOf(pkcs8: string): Promise<SigningKey> {
  const privateKey = await importPKCS8(pkcs8, ACCESS_TOKEN_ALGORITHM);
  const spki = createPublicKey(pkcs8).export({ format: 'pem', type: 'spki' }).toString();
  const publicKey = await importSPKI(spki, ACCESS_TOKEN_ALGORITHM);
  const keyId = createHash('sha256').update(spki).digest('base64url').slice(0, 16);
  return { privateKey, publicKey, keyId };
}

/** A new ES256 private key as PKCS#8 PEM. */
export async function newSigningKeyPem(): Promise<string> {
  const { privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, { extractable: true });
  return exportPKCS8(privateKey);
}

/** A ring of one key that never changes: AUTH_SIGNING_KEY_FILE, or the DATA_DIR key. */
export const ringOfOne = (key: SigningKey): SigningKeyRing => ({ current: key, find: async (keyId) => (keyId === key.keyId ? key : undefined) });

/**
 * The key that signs access tokens, from a file: AUTH_SIGNING_KEY_FILE when given, otherwise generated once
 * and kept in <DATA_DIR>/keys so tokens survive a restart (one instance, or PGlite).
 */
export async function loadSigningKey(options: { keyFile?: string; dataDir: string }): Promise<SigningKey> {
  const keyFile = options.keyFile ?? defaultKeyFile(options.dataDir);
  if (!existsSync(keyFile)) {
    if (options.keyFile) throw new Error(`AUTH_SIGNING_KEY_FILE ${options.keyFile} does not exist`);
    mkdirSync(path.dirname(keyFile), { recursive: true, mode: 0o700 });
    writeFileSync(keyFile, await newSigningKeyPem(), { mode: 0o600, flag: 'wx' });
  }
  return signingKeyOf(readFileSync(keyFile, 'utf8'));
}

const defaultKeyFile = (dataDir: string) => path.join(dataDir, 'keys', 'auth-signing-key.pem');

/**
 * The keys of this instance. AUTH_SIGNING_KEY_FILE: that key alone. Otherwise, on PostgreSQL, the keys every
 * instance of the database shares (table auth_signing_keys; the first instance to start creates one, under the
 * start-up lock, taking over the DATA_DIR key if it has one so nobody is signed out); on PGlite, the DATA_DIR key.
 */
export async function loadSigningKeys(options: { keyFile?: string; dataDir: string; database: Database; now?: () => number }): Promise<SigningKeyRing> {
  if (options.keyFile || options.database.kind === 'pglite') return ringOfOne(await loadSigningKey(options));
  const { db } = options.database;
  await options.database.onceAcrossInstances(async () => {
    if ((await activeKeys(db)).length > 0) return;
    const existing = defaultKeyFile(options.dataDir);
    const pkcs8 = existsSync(existing) ? readFileSync(existing, 'utf8') : await newSigningKeyPem();
    await insertSigningKey(db, pkcs8);
  });
  return createDatabaseKeyRing(db, options.now ?? Date.now);
}

async function activeKeys(db: Db): Promise<{ keyId: string; privateKeyPem: string }[]> {
  return db
    .select({ keyId: authSigningKeys.keyId, privateKeyPem: authSigningKeys.privateKeyPem })
    .from(authSigningKeys)
    .where(isNull(authSigningKeys.retiredAt))
    .orderBy(asc(authSigningKeys.createdAt));
}

/** Adds a key that signs from the next time each instance reads the keys; the older ones keep verifying. Answers its id. */
export async function insertSigningKey(db: Db, pkcs8: string): Promise<string> {
  const key = await signingKeyOf(pkcs8);
  await db.insert(authSigningKeys).values({ keyId: key.keyId, privateKeyPem: pkcs8 }).onConflictDoNothing();
  return key.keyId;
}

/** The keys in the database, oldest first, without their private parts. */
export async function listSigningKeys(db: Db): Promise<{ keyId: string; createdAt: Date; retiredAt: Date | null }[]> {
  return db
    .select({ keyId: authSigningKeys.keyId, createdAt: authSigningKeys.createdAt, retiredAt: authSigningKeys.retiredAt })
    .from(authSigningKeys)
    .orderBy(asc(authSigningKeys.createdAt));
}

/**
 * Retires a key: tokens it signed stop passing on every instance within KEY_RING_REFRESH_MS. Refused for the
 * last key not retired (nothing would sign) and for a key that does not exist or is retired already.
 */
export async function retireSigningKey(db: Db, keyId: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  return db.transaction(async (tx) => {
    // Locked, so two retirements at once cannot leave no key.
    const active = await tx.select({ keyId: authSigningKeys.keyId }).from(authSigningKeys).where(isNull(authSigningKeys.retiredAt)).for('update');
    if (!active.some((row) => row.keyId === keyId)) return { ok: false as const, reason: `there is no key ${keyId} that is not retired` };
    if (active.length === 1) return { ok: false as const, reason: `${keyId} is the only key not retired: add a new one first (rotate)` };
    await tx.update(authSigningKeys).set({ retiredAt: new Date() }).where(eq(authSigningKeys.keyId, keyId));
    return { ok: true as const };
  });
}

async function createDatabaseKeyRing(db: Db, now: () => number): Promise<SigningKeyRing> {
  let keys = new Map<string, SigningKey>();
  let current: SigningKey | undefined;
  let loadedAt = 0;
  let loading: Promise<void> | undefined;

  const load = async () => {
    const rows = await activeKeys(db);
    const next = new Map<string, SigningKey>();
    for (const row of rows) next.set(row.keyId, keys.get(row.keyId) ?? (await signingKeyOf(row.privateKeyPem)));
    const newest = rows.at(-1);
    // Every key retired by hand: keep signing with the one there was rather than stop, and say nothing new verifies.
    if (newest) current = next.get(newest.keyId);
    keys = next;
    loadedAt = now();
  };
  const reload = () => {
    loading ??= load().finally(() => (loading = undefined));
    return loading;
  };
  await reload();
  if (!current) throw new Error('auth_signing_keys holds no key that is not retired');

  return {
    get current() {
      if (now() - loadedAt > KEY_RING_REFRESH_MS) void reload().catch(() => undefined);
      return current as SigningKey;
    },
    async find(keyId) {
      if (keyId === undefined) return undefined;
      const age = now() - loadedAt;
      if (age > KEY_RING_REFRESH_MS || (!keys.has(keyId) && age > UNKNOWN_KEY_RELOAD_MS)) await reload();
      return keys.get(keyId);
    },
  };
}
