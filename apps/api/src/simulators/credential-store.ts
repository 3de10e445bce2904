import { X509Certificate } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Credential } from './pki.js';

// Renew a stored certificate that would expire within a day, so a long test run never meets an expired one.
const RENEW_BEFORE_MS = 86_400_000;

export type CredentialStore = {
  /** The stored credential `name`, or a new one from `create` written to disk when missing or about to expire. */
  get(name: string, create: () => Promise<Credential>): Promise<Credential>;
};

const isFresh = (credential: Credential, now: Date): boolean => {
  try {
    return Date.parse(new X509Certificate(credential.certificatePem).validTo) - now.getTime() > RENEW_BEFORE_MS;
  } catch {
    return false;
  }
};

const readCredential = async (certificateFile: string, keyFile: string): Promise<Credential | null> => {
  try {
    return { certificatePem: await readFile(certificateFile, 'utf8'), privateKeyPem: await readFile(keyFile, 'utf8') };
  } catch {
    return null;
  }
};

// Write then rename, so a crash never leaves half a PEM that a later start would trust.
const writeAtomically = async (file: string, content: string, mode: number) => {
  const temporary = `${file}.${String(process.pid)}.tmp`;
  await writeFile(temporary, content, { mode });
  await rename(temporary, file);
};

/**
 * Simulator CAs and test people kept as PEM files in one directory, reused on
 * later starts so trust anchors handed out earlier stay valid. Concurrent
 * requests for the same name share one creation.
 */
export const createCredentialStore = (directory: string): CredentialStore => {
  const pending = new Map<string, Promise<Credential>>();

  const load = async (name: string, create: () => Promise<Credential>): Promise<Credential> => {
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const certificateFile = path.join(directory, `${name}.cert.pem`);
    const keyFile = path.join(directory, `${name}.key.pem`);
    const stored = await readCredential(certificateFile, keyFile);
    if (stored !== null && isFresh(stored, new Date())) return stored;
    const created = await create();
    await writeAtomically(keyFile, created.privateKeyPem, 0o600);
    await writeAtomically(certificateFile, created.certificatePem, 0o644);
    return created;
  };

  return {
    get(name, create) {
      const existing = pending.get(name);
      if (existing !== undefined) return existing;
      const loading = load(name, create);
      pending.set(name, loading);
      // A failure is not cached, so the next request tries again.
      loading.catch(() => pending.delete(name));
      return loading;
    },
  };
};
