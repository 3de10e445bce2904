import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-token.js';
import { loadSigningKey, ringOfOne } from './signing-key.js';

const subject = {
  personalId: '38001085718',
  personalIdCountryCode: 'EE',
  givenName: 'Jaak-Kristjan',
  surname: 'Jõeorg',
  authenticationMethod: 'SMART_ID',
  sessionId: 's-1',
} as const;

async function tokens(ttlSeconds = 60) {
  const key = await loadSigningKey({ dataDir: mkdtempSync(path.join(tmpdir(), 'access-token-')) });
  return createAccessTokens({ keys: ringOfOne(key), issuer: 'https://onboarding.test', ttlSeconds });
}

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('verifies its own token, again from what it kept, and refuses a changed one', async () => {
    const accessTokens = await tokens();
    const token = await accessTokens.issue(subject);
    const first = await accessTokens.verify(token);
    expect(first).toMatchObject({ personalId: '38001085718', sid: 's-1', authenticationMethod: 'SMART_ID' });
    expect(await accessTokens.verify(token)).toBe(first);
    const [header, payload, signature = ''] = token.split('.');
    // Change the signature's first letter: its last one carries padding bits, and changing those may
    // leave the decoded signature as it was.
    const changed = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await accessTokens.verify(`${header}.${payload}.${changed}`)).toBeNull();
  });

  it('refuses a kept token once it has expired', async () => {
    const accessTokens = await tokens(60);
    const token = await accessTokens.issue(subject);
    expect(await accessTokens.verify(token)).not.toBeNull();
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    expect(await accessTokens.verify(token)).toBeNull();
  });
});
