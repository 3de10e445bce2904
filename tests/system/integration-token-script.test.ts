import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

describe('npm run integration-token', () => {
  it('says where it looked and how to name the server when none answers, instead of a stack', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'integration-token-'));
    const keyFile = path.join(folder, 'key.pem');
    writeFileSync(keyFile, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const url = `http://127.0.0.1:${String(await closedPort())}`;
    const failed = await run(process.execPath, ['--conditions=source', '--import', 'tsx', 'scripts/integration-token.ts', '--url', url, '--key', keyFile]).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toContain(`Could not reach ${url}/oauth2/v2/token`);
    expect(failed?.stderr).toContain('--url');
    expect(failed?.stderr).not.toMatch(/\n\s+at /);
  });
});
