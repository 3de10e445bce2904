import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash, createPublicKey } from 'node:crypto';
import { exportPKCS8, generateKeyPair, importPKCS8, importSPKI, type CryptoKey } from 'jose';

export const ACCESS_TOKEN_ALGORITHM = 'ES256';

export type SigningKey = { privateKey: CryptoKey; publicKey: CryptoKey; keyId: string };

/**
 * The key that signs access tokens: from AUTH_SIGNING_KEY_FILE when given,
 * otherwise generated once and kept in <DATA_DIR>/keys so tokens survive a
 * restart. Several instances must share one key: give them the same file.
 */
export async function loadSigningKey(options: { keyFile?: string; dataDir: string }): Promise<SigningKey> {
  const keyFile = options.keyFile ?? path.join(options.dataDir, 'keys', 'auth-signing-key.pem');
  if (!existsSync(keyFile)) {
    if (options.keyFile) throw new Error(`AUTH_SIGNING_KEY_FILE ${options.keyFile} does not exist`);
    const { privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, { extractable: true });
    mkdirSync(path.dirname(keyFile), { recursive: true, mode: 0o700 });
    writeFileSync(keyFile, await exportPKCS8(privateKey), { mode: 0o600, flag: 'wx' });
  }
  const pkcs8 = readFileSync(keyFile, 'utf8');
  const privateKey = await importPKCS8(pkcs8, ACCESS_TOKEN_ALGORITHM);
  const spki = createPublicKey(pkcs8).export({ format: 'pem', type: 'spki' }).toString();
  const publicKey = await importSPKI(spki, ACCESS_TOKEN_ALGORITHM);
  const keyId = createHash('sha256').update(spki).digest('base64url').slice(0, 16);
  return { privateKey, publicKey, keyId };
}
