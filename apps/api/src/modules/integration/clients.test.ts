import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadIntegrationClients, readIntegrationClients } from './clients.js';
import { decodeCursor, encodeCursor } from './cursor.js';

/** The clients file is read once at start: a mistake stops the server with every problem named. */

const fileWith = (content: unknown): string => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'integration-clients-')), 'clients.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

describe('INTEGRATION_CLIENTS_FILE', () => {
  it('reads clients with EC and RSA public keys', async () => {
    const ec = await exportJWK((await generateKeyPair('ES256')).publicKey);
    const rsa = await exportJWK((await generateKeyPair('PS256')).publicKey);
    const clients = readIntegrationClients(
      fileWith([
        {
          clientId: 'core-banking',
          scopes: ['applications:read'],
          publicKeys: [
            { ...ec, kid: 'a' },
            { ...rsa, alg: 'PS256' },
          ],
        },
      ]),
    );
    expect(clients).toHaveLength(1);
    expect(clients[0]).toMatchObject({ clientId: 'core-banking', scopes: ['applications:read'] });
    expect(clients[0]?.publicKeys).toHaveLength(2);
  });

  it('names every problem: a private key, an unknown scope, a client registered twice, a weak RSA key', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    // jose will not make a key this weak; Node will.
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'jwk' });
    const file = fileWith([
      { clientId: 'core-banking', scopes: ['applications:read'], publicKeys: [await exportJWK(privateKey)] },
      { clientId: 'core-banking', scopes: ['applications:write'], publicKeys: [await exportJWK(publicKey)] },
      { clientId: 'archive', scopes: ['applications:read'], publicKeys: [weak] },
    ]);
    let message = '';
    try {
      readIntegrationClients(file);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`INTEGRATION_CLIENTS_FILE ${file} is not valid`);
    expect(message).toContain('0.publicKeys.0: is a private key; register the public key only');
    expect(message).toContain('1.scopes.0');
    expect(message).toContain('1.clientId: core-banking is registered twice');
    expect(message).toContain('2.publicKeys.0: an RSA key must have n and e, and at least 2048 bits');
  });

  it('refuses a file that is not JSON, and one that does not exist', async () => {
    expect(() => readIntegrationClients(fileWith('[{'))).toThrow(/is not readable JSON/);
    await expect(loadIntegrationClients({ INTEGRATION_CLIENTS_FILE: '/nonexistent/clients.json', IDENTITY_MODE: 'live', dataDir: tmpdir() })).rejects.toThrow(
      /does not exist/,
    );
  });
});

describe('the page cursor', () => {
  it('keeps the microseconds and the process id, and refuses anything it did not make', () => {
    const cursor = { updatedAt: '2026-11-27T16:45:36.123456Z', processId: '6712afb0-7428-4746-a39c-f1eaf8e2b22e' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of ['', 'bm90IGEgY3Vyc29y', Buffer.from('2026-11-27T16:45:36.123Z|6712afb0-7428-4746-a39c-f1eaf8e2b22e').toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow(/cursor/);
    }
  });

  it('refuses a time that does not exist, which the database would refuse mid-query, and keeps a leap day', () => {
    const processId = '6712afb0-7428-4746-a39c-f1eaf8e2b22e';
    for (const updatedAt of [
      '2026-13-45T99:99:99.000000Z',
      '2026-02-30T10:00:00.000000Z',
      '2026-11-27T24:00:00.000000Z',
      '2026-11-27T16:60:00.000000Z',
      '0000-00-00T00:00:00.000000Z',
    ]) {
      expect(() => decodeCursor(encodeCursor({ updatedAt, processId })), updatedAt).toThrow(/cursor/);
    }
    expect(decodeCursor(encodeCursor({ updatedAt: '2028-02-29T23:59:59.999999Z', processId }))).toEqual({
      updatedAt: '2028-02-29T23:59:59.999999Z',
      processId,
    });
  });
});
