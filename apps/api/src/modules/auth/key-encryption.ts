import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { KEY_ENCRYPTION_KEY_PATTERN, type Config } from '../../config.js';

/**
 * Key-encryption keys (KEKs): the token signing keys kept in the database are sealed with one, so a copy of the
 * database (a backup, a replica, a stolen dump) holds no key that signs. The KEK comes from a variable or a file
 * and never reaches the database; rows name the KEK that sealed them by an id derived from it.
 */

/** One key-encryption key: 32 bytes for AES-256-GCM, and its id. */
export type KeyEncryptionKey = { id: string; key: Buffer };

/** The KEKs of this instance: `current` seals, any of `all` opens (two are given while one replaces another). */
export type KeyEncryptionKeys = { current: KeyEncryptionKey; all: readonly KeyEncryptionKey[] };

/** What a sealed value is stored as: the KEK's id, and base64url of iv, ciphertext and tag, dot-separated. */
export type Sealed = { kekId: string; sealed: string };

const IV_BYTES = 12;
// The whole tag: a shorter one given back would otherwise be accepted, and be easier to forge.
const TAG_BYTES = 16;

/** The id a row names its KEK by: a hash of it, which tells nothing of 32 random bytes. */
const kekIdOf = (key: Buffer) => createHash('sha256').update('onboarding key-encryption key id\0').update(key).digest('base64url').slice(0, 16);

/** A new KEK, as the settings take it: 32 random bytes in base64. */
export const newKeyEncryptionKey = (): string => randomBytes(32).toString('base64');

/** KEKs from their base64 text, the one that seals first; `source` names where they came from in an error. */
export function keyEncryptionKeysOf(values: readonly string[], source: string): KeyEncryptionKeys {
  const wrong = values.filter((value) => !KEY_ENCRYPTION_KEY_PATTERN.test(value));
  if (values.length === 0 || wrong.length > 0)
    throw new Error(`${source} must hold 32-byte keys in base64 (openssl rand -base64 32), comma- or line-separated`);
  const all = values.map((value) => {
    const key = Buffer.from(value, 'base64');
    return { id: kekIdOf(key), key };
  });
  return { current: all[0] as KeyEncryptionKey, all };
}

const splitKeys = (text: string) => text.split(/[,\s]+/).filter(Boolean);

/** The default file of simulated mode: generated once, kept beside the other keys of DATA_DIR. */
export const defaultKeyEncryptionKeyFile = (dataDir: string): string => path.join(dataDir, 'keys', 'key-encryption-key');

/**
 * The KEKs of this instance: KEY_ENCRYPTION_KEYS, or the file KEY_ENCRYPTION_KEYS_FILE. Without either, simulated
 * mode generates one into DATA_DIR/keys (0600), so `npm start` and a test on PostgreSQL need no set-up; live mode
 * never gets here without one (config.ts refuses to start).
 */
export function loadKeyEncryptionKeys(
  config: Pick<Config, 'KEY_ENCRYPTION_KEYS' | 'KEY_ENCRYPTION_KEYS_FILE' | 'IDENTITY_MODE' | 'dataDir'>,
): KeyEncryptionKeys {
  if (config.KEY_ENCRYPTION_KEYS) return keyEncryptionKeysOf(config.KEY_ENCRYPTION_KEYS, 'KEY_ENCRYPTION_KEYS');
  if (config.KEY_ENCRYPTION_KEYS_FILE) {
    if (!existsSync(config.KEY_ENCRYPTION_KEYS_FILE)) throw new Error(`KEY_ENCRYPTION_KEYS_FILE ${config.KEY_ENCRYPTION_KEYS_FILE} does not exist`);
    return keyEncryptionKeysOf(splitKeys(readFileSync(config.KEY_ENCRYPTION_KEYS_FILE, 'utf8')), `KEY_ENCRYPTION_KEYS_FILE ${config.KEY_ENCRYPTION_KEYS_FILE}`);
  }
  if (config.IDENTITY_MODE !== 'simulated') throw new Error('KEY_ENCRYPTION_KEYS or KEY_ENCRYPTION_KEYS_FILE is required in live mode');
  const file = defaultKeyEncryptionKeyFile(config.dataDir);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, `${newKeyEncryptionKey()}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process on the same data folder wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return keyEncryptionKeysOf(splitKeys(readFileSync(file, 'utf8')), file);
}

/**
 * Seals `plaintext` with the current KEK (AES-256-GCM, a random iv). `context` is authenticated with it: a sealed
 * value copied to another row (another key id, another purpose) does not open there.
 */
export function seal(keys: KeyEncryptionKeys, plaintext: string, context: string): Sealed {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const sealed = [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
  return { kekId: keys.current.id, sealed };
}

/** Opens a sealed value; throws, naming the KEK, when this instance does not hold it or the value was altered. */
export function unseal(keys: KeyEncryptionKeys, value: Sealed, context: string): string {
  const kek = keys.all.find((candidate) => candidate.id === value.kekId);
  if (!kek)
    throw new Error(
      `sealed with key-encryption key ${value.kekId}, which this instance does not have (KEY_ENCRYPTION_KEYS holds ${keys.all.map((key) => key.id).join(', ')})`,
    );
  const [iv = '', ciphertext = '', tag = ''] = value.sealed.split('.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', kek.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(`does not open with key-encryption key ${kek.id}: altered, or sealed for another row`);
  }
}
