import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createPublicKey } from 'node:crypto';
import path from 'node:path';
import { INTEGRATION_SCOPES } from '@onboarding/domain';
import { exportPKCS8, generateKeyPair, type JWK } from 'jose';
import type { IntegrationClient } from './integration-client.js';

export const DEMO_CLIENT_ID = 'demo-bank';

/** Where the demo client's private key is kept: scripts/integration-token.ts signs with it by default. */
export const demoClientKeyFile = (dataDir: string): string => path.join(dataDir, 'keys', 'integration-demo-client.pem');

/**
 * The demo client of simulated mode, with every scope: its EC P-256 key pair is generated once into
 * DATA_DIR/keys (private, 0600), so a restart keeps it and the README's example needs no set-up.
 */
export async function demoClient(dataDir: string): Promise<IntegrationClient> {
  const keyFile = demoClientKeyFile(dataDir);
  if (!existsSync(keyFile)) {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    mkdirSync(path.dirname(keyFile), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(keyFile, await exportPKCS8(privateKey), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another instance on the same data folder wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const publicKey = createPublicKey(readFileSync(keyFile, 'utf8')).export({ format: 'jwk' }) as JWK;
  return { clientId: DEMO_CLIENT_ID, scopes: INTEGRATION_SCOPES, publicKeys: [{ ...publicKey, alg: 'ES256', use: 'sig' }] };
}
