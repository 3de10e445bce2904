import { IdCardError, idCardErrorCodeOf, type IdCardSigner } from './id-card-signer';

/** Same origin: the API mounts the ID-card stand-in of the simulators here in simulated mode only. */
const STAND_IN_PATH = '/dev/id-card';

async function call(path: string, init?: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`${STAND_IN_PATH}${path}`, {
      ...init,
      headers: { Accept: 'application/json', ...(init?.body ? { 'Content-Type': 'application/json' } : {}) },
    });
  } catch {
    // No card reader answered at all: what hwcrypto.js reports for an unknown backend failure.
    throw new IdCardError('technical_error');
  }
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    // Not the stand-in's JSON: handled below as a failure without a code.
  }
  // The stand-in refuses with the card's hwcrypto error string.
  if (!response.ok) throw new IdCardError(idCardErrorCodeOf(new Error(String(body.error))));
  return body;
}

const text = (body: Record<string, unknown>, field: string): string => {
  const value = body[field];
  if (typeof value !== 'string' || value === '') throw new IdCardError('technical_error');
  return value;
};

/**
 * Simulated mode: the card in the simulators' reader is the signed-in
 * representative's (its personal code is theirs), so the same screens and
 * server calls run without a card reader or the Web eID extension.
 */
export function createSimulatedIdCardSigner(personalId: string): IdCardSigner {
  return {
    getSigningCertificate: async () => ({ certificate: text(await call(`/signing-certificate?personalId=${encodeURIComponent(personalId)}`), 'certificate') }),
    sign: async (_certificate, { hash, hashType }) => ({
      signature: text(await call('/sign', { method: 'POST', body: JSON.stringify({ personalId, hash, hashType }) }), 'signature'),
    }),
  };
}
