import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultKeyEncryptionKeyFile, keyEncryptionKeysOf, loadKeyEncryptionKeys, newKeyEncryptionKey, seal, unseal } from './key-encryption.js';

/**
 * The key-encryption key seals the token signing keys the database keeps: what is sealed opens only with that KEK
 * and only as the row it was sealed for; the KEK comes from the settings, or in simulated mode from DATA_DIR.
 */

const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'key-encryption-'));
const settings = { KEY_ENCRYPTION_KEYS: undefined, KEY_ENCRYPTION_KEYS_FILE: undefined };

describe('sealing with the key-encryption key', () => {
  const keks = keyEncryptionKeysOf([newKeyEncryptionKey()], 'test');

  it('opens what it sealed, only with the same context, and never an altered value', () => {
    const sealed = seal(keks, 'the private key', 'auth_signing_keys:applicant:k1');
    expect(sealed.sealed).not.toContain('private');
    expect(unseal(keks, sealed, 'auth_signing_keys:applicant:k1')).toBe('the private key');
    // Copied to another row, or to the other purpose: it does not open there.
    expect(() => unseal(keks, sealed, 'auth_signing_keys:integration:k1')).toThrow(/does not open/);
    expect(() => unseal(keks, sealed, 'auth_signing_keys:applicant:k2')).toThrow(/does not open/);
    const [iv = '', ciphertext = '', tag = ''] = sealed.sealed.split('.');
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => unseal(keks, { ...sealed, sealed: [iv, flipped.toString('base64url'), tag].join('.') }, 'auth_signing_keys:applicant:k1')).toThrow(
      /does not open/,
    );
    // A tag cut short would be easier to forge: refused.
    expect(() => unseal(keks, { ...sealed, sealed: [iv, ciphertext, tag.slice(0, 6)].join('.') }, 'auth_signing_keys:applicant:k1')).toThrow(/does not open/);
  });

  it('names the KEK a value needs when this instance does not hold it; a second KEK opens, the first seals', () => {
    const other = keyEncryptionKeysOf([newKeyEncryptionKey()], 'other');
    const sealed = seal(other, 'secret', 'c');
    expect(() => unseal(keks, sealed, 'c')).toThrow(`sealed with key-encryption key ${other.current.id}, which this instance does not have`);
    const both = keyEncryptionKeysOf([newKeyEncryptionKey(), Buffer.from(other.current.key).toString('base64')], 'both');
    expect(unseal(both, sealed, 'c')).toBe('secret');
    expect(seal(both, 'secret', 'c').kekId).toBe(both.current.id);
    expect(both.current.id).not.toBe(other.current.id);
  });
});

describe('loadKeyEncryptionKeys', () => {
  it('reads KEY_ENCRYPTION_KEYS_FILE, one key a line, and refuses one that is not 32 bytes in base64', () => {
    const file = path.join(newDataDir(), 'kek');
    const [first, second] = [newKeyEncryptionKey(), newKeyEncryptionKey()];
    writeFileSync(file, `${first}\n${second}\n`);
    const keks = loadKeyEncryptionKeys({ ...settings, KEY_ENCRYPTION_KEYS_FILE: file, IDENTITY_MODE: 'live', dataDir: newDataDir() });
    expect(keks.all).toHaveLength(2);
    expect(keks.current.key.toString('base64')).toBe(first);
    writeFileSync(file, 'not a key\n');
    expect(() => loadKeyEncryptionKeys({ ...settings, KEY_ENCRYPTION_KEYS_FILE: file, IDENTITY_MODE: 'live', dataDir: newDataDir() })).toThrow(
      /must hold 32-byte keys in base64/,
    );
  });

  it('simulated mode without one: generated once into DATA_DIR/keys (0600) and read again; live mode: refused', () => {
    const dataDir = newDataDir();
    const keks = loadKeyEncryptionKeys({ ...settings, IDENTITY_MODE: 'simulated', dataDir });
    const file = defaultKeyEncryptionKeyFile(dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(keks.current.key.toString('base64'));
    expect(loadKeyEncryptionKeys({ ...settings, IDENTITY_MODE: 'simulated', dataDir }).current.id).toBe(keks.current.id);
    expect(() => loadKeyEncryptionKeys({ ...settings, IDENTITY_MODE: 'live', dataDir: newDataDir() })).toThrow(/required in live mode/);
  });
});
