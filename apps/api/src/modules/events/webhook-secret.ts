import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The Standard Webhooks secret: WEBHOOK_SECRET when set; in simulated mode
 * otherwise generated once (32 random bytes) into <DATA_DIR>/keys, so the
 * signatures a developer's receiver checks survive a restart; in live mode
 * none (the configuration then refuses a WEBHOOK_URL without one).
 */
export function resolveWebhookSecret(options: { secret: string | undefined; isSimulated: boolean; dataDir: string }): string | undefined {
  if (options.secret) return options.secret;
  if (!options.isSimulated) return undefined;
  const file = path.join(options.dataDir, 'keys', 'webhook-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, `whsec_${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another instance on the same DATA_DIR wrote it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}
