import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash, createPublicKey } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, exportPKCS8, generateKeyPair, importPKCS8, importSPKI, type CryptoKey } from 'jose';
import type { Database, Db } from '../../db/database.js';
import { authSigningKeys } from '../../db/schema.js';
import { seal, unseal, type KeyEncryptionKeys } from './key-encryption.js';

export const ACCESS_TOKEN_ALGORITHM = 'ES256';

export type SigningKey = { privateKey: CryptoKey; publicKey: CryptoKey; keyId: string };

/**
 * What a key signs: the applicants' access tokens, or the integration API's. Each has keys of its own, so a token
 * of one kind never verifies as the other even before its audience is read (docs/decisions/0021).
 */
export type SigningKeyPurpose = 'applicant' | 'integration';
export const SIGNING_KEY_PURPOSES: readonly SigningKeyPurpose[] = ['applicant', 'integration'];

/**
 * The keys of access tokens: `current` signs, `find` gives the key a token's `kid` names, or undefined for one
 * that is unknown or retired. Several keys are valid at once while one replaces another.
 */
export type SigningKeyRing = {
  readonly current: SigningKey;
  find(keyId: string | undefined): Promise<SigningKey | undefined>;
};

/**
 * The key a token's `kid` names, looked up only when the token claims `audience`: a token meant for the other API
 * (an applicant's at the integration API, or the reverse) is refused before the ring may read the keys again for a
 * `kid` it does not know. The claim is not trusted: jwtVerify checks the audience again under the signature.
 * Throws on a token that is not a JWT, as jose does.
 */
export async function keyForToken(keys: SigningKeyRing, token: string, audience: string): Promise<SigningKey | undefined> {
  const claimed = decodeJwt(token).aud;
  if (claimed !== audience && !(Array.isArray(claimed) && claimed.includes(audience))) return undefined;
  return keys.find(decodeProtectedHeader(token).kid);
}

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

/** A ring of one key that never changes: a key file, or the DATA_DIR key. */
export const ringOfOne = (key: SigningKey): SigningKeyRing => ({ current: key, find: async (keyId) => (keyId === key.keyId ? key : undefined) });

/**
 * A key from a file: `keyFile` when given, otherwise generated once and kept in <DATA_DIR>/keys so tokens survive a
 * restart (one instance, or PGlite); one file per purpose.
 */
export async function loadSigningKey(options: { keyFile?: string; dataDir: string; purpose?: SigningKeyPurpose }): Promise<SigningKey> {
  const keyFile = options.keyFile ?? defaultKeyFile(options.dataDir, options.purpose ?? 'applicant');
  if (!existsSync(keyFile)) {
    if (options.keyFile) throw new Error(`the signing key file ${options.keyFile} does not exist`);
    mkdirSync(path.dirname(keyFile), { recursive: true, mode: 0o700 });
    writeFileSync(keyFile, await newSigningKeyPem(), { mode: 0o600, flag: 'wx' });
  }
  return signingKeyOf(readFileSync(keyFile, 'utf8'));
}

const DEFAULT_KEY_FILES: Record<SigningKeyPurpose, string> = { applicant: 'auth-signing-key.pem', integration: 'integration-signing-key.pem' };
const defaultKeyFile = (dataDir: string, purpose: SigningKeyPurpose) => path.join(dataDir, 'keys', DEFAULT_KEY_FILES[purpose]);

/** What a sealed key is bound to: opened as another row's (another id or purpose), it does not open. */
const sealingContext = (purpose: string, keyId: string) => `auth_signing_keys:${purpose}:${keyId}`;

/**
 * The keys of one purpose for this instance. A key file: that key alone. Otherwise, on PostgreSQL, the keys every
 * instance of the database shares (table auth_signing_keys, sealed with the key-encryption key; the first instance
 * to start creates one, under the start-up lock, taking over the DATA_DIR key if it has one so nobody is signed
 * out); on PGlite, the DATA_DIR key. `keyEncryption` is asked only when the keys are in the database.
 */
export async function loadSigningKeys(options: {
  purpose: SigningKeyPurpose;
  keyFile?: string;
  dataDir: string;
  database: Database;
  keyEncryption: () => KeyEncryptionKeys;
  now?: () => number;
}): Promise<SigningKeyRing> {
  const { purpose } = options;
  if (options.keyFile || options.database.kind === 'pglite') return ringOfOne(await loadSigningKey(options));
  const { db } = options.database;
  const keks = options.keyEncryption();
  await options.database.onceAcrossInstances(async () => {
    await sealKeysInTheClear(db, keks);
    if ((await activeKeys(db, purpose)).length > 0) return;
    const existing = defaultKeyFile(options.dataDir, purpose);
    const pkcs8 = existsSync(existing) ? readFileSync(existing, 'utf8') : await newSigningKeyPem();
    await insertSigningKey(db, keks, purpose, pkcs8);
  });
  return createDatabaseKeyRing(db, keks, purpose, options.now ?? Date.now);
}

type KeyRow = { keyId: string; purpose: string; kekId: string | null; sealedPrivateKey: string | null };

async function activeKeys(db: Db, purpose: SigningKeyPurpose): Promise<KeyRow[]> {
  return db
    .select({
      keyId: authSigningKeys.keyId,
      purpose: authSigningKeys.purpose,
      kekId: authSigningKeys.kekId,
      sealedPrivateKey: authSigningKeys.sealedPrivateKey,
    })
    .from(authSigningKeys)
    .where(and(isNull(authSigningKeys.retiredAt), eq(authSigningKeys.purpose, purpose)))
    .orderBy(asc(authSigningKeys.createdAt));
}

/** Opens a row's key with the KEKs; throws naming the key when it cannot, or when it is not the key its id names. */
async function openKey(keks: KeyEncryptionKeys, row: KeyRow): Promise<SigningKey> {
  if (!row.kekId || !row.sealedPrivateKey) throw new Error(`signing key ${row.keyId} is not sealed`);
  let key: SigningKey;
  try {
    key = await signingKeyOf(unseal(keks, { kekId: row.kekId, sealed: row.sealedPrivateKey }, sealingContext(row.purpose, row.keyId)));
  } catch (error) {
    throw new Error(`signing key ${row.keyId} in auth_signing_keys: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (key.keyId !== row.keyId) throw new Error(`signing key ${row.keyId} in auth_signing_keys holds another key (${key.keyId})`);
  return key;
}

/**
 * Rows of a release that kept private keys in the clear (before migration 0019): each is sealed and its clear copy
 * emptied. Those keys were in every backup taken meanwhile, so a new key of each purpose they served takes over
 * the signing at once; they keep verifying until retired (docs/operations.md). Run under the start-up lock.
 */
async function sealKeysInTheClear(db: Db, keks: KeyEncryptionKeys): Promise<void> {
  const clear = await db
    .select({ keyId: authSigningKeys.keyId, purpose: authSigningKeys.purpose, pem: authSigningKeys.privateKeyPem, retiredAt: authSigningKeys.retiredAt })
    .from(authSigningKeys)
    .where(isNotNull(authSigningKeys.privateKeyPem));
  if (clear.length === 0) return;
  const exposed = new Set<SigningKeyPurpose>();
  for (const row of clear) {
    // A retired key never signs or verifies again: its material is dropped rather than sealed.
    const sealed = row.retiredAt ? null : seal(keks, row.pem ?? '', sealingContext(row.purpose, row.keyId));
    await db
      .update(authSigningKeys)
      .set({ privateKeyPem: null, kekId: sealed?.kekId ?? null, sealedPrivateKey: sealed?.sealed ?? null })
      .where(eq(authSigningKeys.keyId, row.keyId));
    if (!row.retiredAt) exposed.add(row.purpose as SigningKeyPurpose);
  }
  for (const purpose of exposed) await insertSigningKey(db, keks, purpose, await newSigningKeyPem());
}

/** Adds a key, sealed, that signs from the next time each instance reads the keys; older ones keep verifying. Answers its id. */
export async function insertSigningKey(db: Db, keks: KeyEncryptionKeys, purpose: SigningKeyPurpose, pkcs8: string): Promise<string> {
  const key = await signingKeyOf(pkcs8);
  const sealed = seal(keks, pkcs8, sealingContext(purpose, key.keyId));
  await db.insert(authSigningKeys).values({ keyId: key.keyId, purpose, kekId: sealed.kekId, sealedPrivateKey: sealed.sealed }).onConflictDoNothing();
  return key.keyId;
}

/**
 * Checks that every key not retired opens with these KEKs, before a rotation seals a new one with them: a new key
 * that the instances cannot open would never sign.
 */
export async function assertKeysOpen(db: Db, keks: KeyEncryptionKeys): Promise<void> {
  for (const purpose of SIGNING_KEY_PURPOSES) for (const row of await activeKeys(db, purpose)) await openKey(keks, row);
}

/** The keys in the database, oldest first, without their private parts. */
export async function listSigningKeys(db: Db): Promise<{ keyId: string; purpose: string; kekId: string | null; createdAt: Date; retiredAt: Date | null }[]> {
  return db
    .select({
      keyId: authSigningKeys.keyId,
      purpose: authSigningKeys.purpose,
      kekId: authSigningKeys.kekId,
      createdAt: authSigningKeys.createdAt,
      retiredAt: authSigningKeys.retiredAt,
    })
    .from(authSigningKeys)
    .orderBy(asc(authSigningKeys.createdAt));
}

/**
 * Retires a key: tokens it signed stop passing on every instance within KEY_RING_REFRESH_MS, and its sealed private
 * part is dropped (nothing will use it again). Refused for the last key of its purpose not retired (nothing would
 * sign) and for a key that does not exist or is retired already.
 */
export async function retireSigningKey(db: Db, keyId: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  return db.transaction(async (tx) => {
    // Locked, so two retirements at once cannot leave no key.
    const active = await tx
      .select({ keyId: authSigningKeys.keyId, purpose: authSigningKeys.purpose })
      .from(authSigningKeys)
      .where(isNull(authSigningKeys.retiredAt))
      .for('update');
    const key = active.find((row) => row.keyId === keyId);
    if (!key) return { ok: false as const, reason: `there is no key ${keyId} that is not retired` };
    if (active.filter((row) => row.purpose === key.purpose).length === 1)
      return { ok: false as const, reason: `${keyId} is the only ${key.purpose} key not retired: add a new one first (rotate)` };
    await tx.update(authSigningKeys).set({ retiredAt: new Date(), kekId: null, sealedPrivateKey: null }).where(eq(authSigningKeys.keyId, keyId));
    return { ok: true as const };
  });
}

/**
 * Seals every key not retired again with the current KEK (the first of KEY_ENCRYPTION_KEYS): the step of a KEK
 * rotation after every instance holds the new KEK and before the old one is removed. All or nothing: a key no
 * given KEK opens stops it with the key named. Answers how many keys were sealed again.
 */
export async function resealSigningKeys(db: Db, keks: KeyEncryptionKeys): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        keyId: authSigningKeys.keyId,
        purpose: authSigningKeys.purpose,
        kekId: authSigningKeys.kekId,
        sealedPrivateKey: authSigningKeys.sealedPrivateKey,
      })
      .from(authSigningKeys)
      .where(and(isNull(authSigningKeys.retiredAt), ne(authSigningKeys.kekId, keks.current.id)))
      .for('update');
    for (const row of rows) {
      const context = sealingContext(row.purpose, row.keyId);
      const pkcs8 = unseal(keks, { kekId: row.kekId ?? '', sealed: row.sealedPrivateKey ?? '' }, context);
      const sealed = seal(keks, pkcs8, context);
      await tx.update(authSigningKeys).set({ kekId: sealed.kekId, sealedPrivateKey: sealed.sealed }).where(eq(authSigningKeys.keyId, row.keyId));
    }
    return rows.length;
  });
}

async function createDatabaseKeyRing(db: Db, keks: KeyEncryptionKeys, purpose: SigningKeyPurpose, now: () => number): Promise<SigningKeyRing> {
  let keys = new Map<string, SigningKey>();
  let current: SigningKey | undefined;
  let loadedAt = 0;
  let loading: Promise<void> | undefined;

  // At start a key that does not open stops the instance, naming it; later it is passed over, so a key sealed
  // with a KEK this instance lacks cannot make it refuse the tokens of the keys it has.
  const load = async (strict: boolean) => {
    const rows = await activeKeys(db, purpose);
    const next = new Map<string, SigningKey>();
    for (const row of rows) {
      const known = keys.get(row.keyId);
      if (known) next.set(row.keyId, known);
      else if (strict) next.set(row.keyId, await openKey(keks, row));
      else
        await openKey(keks, row).then(
          (key) => next.set(row.keyId, key),
          () => undefined,
        );
    }
    const newest = rows.findLast((row) => next.has(row.keyId));
    // Every key retired by hand: keep signing with the one there was rather than stop, and say nothing new verifies.
    if (newest) current = next.get(newest.keyId);
    keys = next;
    loadedAt = now();
  };
  const reload = () => {
    loading ??= load(false).finally(() => (loading = undefined));
    return loading;
  };
  await load(true);
  if (!current) throw new Error(`auth_signing_keys holds no ${purpose} key that is not retired`);

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
