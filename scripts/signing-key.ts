// The keys that sign access tokens when the instances share a PostgreSQL database (table auth_signing_keys), one
// set for the applicants' tokens and one for the integration API's, each sealed with the key-encryption key:
//   npm run signing-key -- list                    every key, oldest first: its purpose, KEK, and whether retired
//   npm run signing-key -- rotate [PURPOSE]        a new key (applicant, integration, or both); signs within a minute
//   npm run signing-key -- retire KEY_ID           tokens it signed stop passing within a minute
//   npm run signing-key -- reseal                  seals every key again with the first of KEY_ENCRYPTION_KEYS
// Reads DATABASE_URL, and KEY_ENCRYPTION_KEYS or KEY_ENCRYPTION_KEYS_FILE as the instances have them (rotate and
// reseal only; a simulated deployment's DATA_DIR/keys/key-encryption-key when neither is set). A rotation signs
// nobody out: the old key keeps verifying until it is retired, which is safe once 60 s + max(ACCESS_TOKEN_TTL_SECONDS,
// 300 s) have passed since the rotation. Rotating the KEK itself: docs/operations.md.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { configSchema } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/database.js';
import { defaultKeyEncryptionKeyFile, loadKeyEncryptionKeys, type KeyEncryptionKeys } from '../apps/api/src/modules/auth/key-encryption.js';
import {
  assertKeysOpen,
  insertSigningKey,
  listSigningKeys,
  newSigningKeyPem,
  resealSigningKeys,
  retireSigningKey,
  SIGNING_KEY_PURPOSES,
  type SigningKeyPurpose,
} from '../apps/api/src/modules/auth/signing-key.js';

const [command, argument] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set: the keys are shared through PostgreSQL only (on PGlite they are files in DATA_DIR/keys).');
  process.exit(2);
}
const purposes = argument === undefined ? SIGNING_KEY_PURPOSES : SIGNING_KEY_PURPOSES.filter((purpose) => purpose === argument);
const isUsage = command === 'list' || command === 'reseal' || (command === 'rotate' && purposes.length > 0) || (command === 'retire' && argument);
if (!isUsage) {
  console.error('usage: npm run signing-key -- list | rotate [applicant|integration] | retire KEY_ID | reseal');
  process.exit(2);
}

/**
 * The KEKs as the instances hold them. Never generated here: a KEK made up by this script would seal a key that
 * no instance opens.
 */
function keyEncryptionKeys(): KeyEncryptionKeys {
  const settings = {
    KEY_ENCRYPTION_KEYS: configSchema.shape.KEY_ENCRYPTION_KEYS.parse(process.env.KEY_ENCRYPTION_KEYS || undefined),
    KEY_ENCRYPTION_KEYS_FILE: process.env.KEY_ENCRYPTION_KEYS_FILE || undefined,
    dataDir: path.resolve(process.env.DATA_DIR || './data'),
  };
  if (!settings.KEY_ENCRYPTION_KEYS && !settings.KEY_ENCRYPTION_KEYS_FILE && !existsSync(defaultKeyEncryptionKeyFile(settings.dataDir))) {
    throw new Error('set KEY_ENCRYPTION_KEYS or KEY_ENCRYPTION_KEYS_FILE as the instances have them');
  }
  return loadKeyEncryptionKeys({ ...settings, IDENTITY_MODE: 'simulated' });
}

const database = await openDatabase({ url });
try {
  if (command === 'rotate') {
    const keks = keyEncryptionKeys();
    // A new key sealed with a KEK the instances lack would never sign: the keys there are must open first.
    await assertKeysOpen(database.db, keks);
    for (const purpose of purposes as readonly SigningKeyPurpose[]) {
      const added = await insertSigningKey(database.db, keks, purpose, await newSigningKeyPem());
      console.log(
        `added ${purpose} key ${added}: every instance signs with it within a minute; retire the older ones after 60 s + max(ACCESS_TOKEN_TTL_SECONDS, 300 s)`,
      );
    }
  } else if (command === 'retire') {
    const result = await retireSigningKey(database.db, argument ?? '');
    if (!result.ok) {
      console.error(`not retired: ${result.reason}`);
      process.exitCode = 1;
    } else console.log(`retired ${argument ?? ''}: tokens it signed stop passing within a minute`);
  } else if (command === 'reseal') {
    const keks = keyEncryptionKeys();
    console.log(`sealed ${String(await resealSigningKeys(database.db, keks))} keys again with key-encryption key ${keks.current.id}`);
  }
  for (const key of await listSigningKeys(database.db)) {
    const state = key.retiredAt
      ? `retired ${key.retiredAt.toISOString()}`
      : `valid, sealed with ${key.kekId ?? '(nothing: in the clear until an instance starts)'}`;
    console.log(`${key.keyId}  ${key.purpose.padEnd(11)}  created ${key.createdAt.toISOString()}  ${state}`);
  }
} catch (error) {
  // A KEK that does not open the keys, or none given: the reason, not a stack.
  console.error(`stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
