// The keys that sign access tokens when the instances share a PostgreSQL database (table auth_signing_keys):
//   npm run signing-key -- list            every key, oldest first, and whether it is retired
//   npm run signing-key -- rotate          adds a new key; within a minute every instance signs with it
//   npm run signing-key -- retire KEY_ID   tokens it signed stop passing within a minute
// Reads DATABASE_URL. A rotation signs nobody out: the old key keeps verifying until it is retired, which is
// safe once ACCESS_TOKEN_TTL_SECONDS have passed since the rotation (no token it signed is still alive).
import { openDatabase } from '../apps/api/src/db/database.js';
import { insertSigningKey, listSigningKeys, newSigningKeyPem, retireSigningKey } from '../apps/api/src/modules/auth/signing-key.js';

const [command, keyId] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set: the keys are shared through PostgreSQL only (on PGlite the key is DATA_DIR/keys/auth-signing-key.pem).');
  process.exit(2);
}
if (command !== 'list' && command !== 'rotate' && !(command === 'retire' && keyId)) {
  console.error('usage: npm run signing-key -- list | rotate | retire KEY_ID');
  process.exit(2);
}

const database = await openDatabase({ url });
try {
  if (command === 'rotate') {
    const added = await insertSigningKey(database.db, await newSigningKeyPem());
    console.log(`added ${added}: every instance signs with it within a minute; retire the older keys once ACCESS_TOKEN_TTL_SECONDS have passed`);
  } else if (command === 'retire') {
    const result = await retireSigningKey(database.db, keyId ?? '');
    if (!result.ok) {
      console.error(`not retired: ${result.reason}`);
      process.exitCode = 1;
    } else console.log(`retired ${keyId ?? ''}: tokens it signed stop passing within a minute`);
  }
  for (const key of await listSigningKeys(database.db)) {
    console.log(`${key.keyId}  created ${key.createdAt.toISOString()}  ${key.retiredAt ? `retired ${key.retiredAt.toISOString()}` : 'valid'}`);
  }
} finally {
  await database.close();
}
