import { X509Certificate } from 'node:crypto';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** A certificate from DER bytes or PEM text, or null when it does not parse. */
export const parseCertificate = (input: Uint8Array | string): X509Certificate | null => {
  try {
    return new X509Certificate(typeof input === 'string' ? input : Buffer.from(input));
  } catch {
    return null;
  }
};

/** Every certificate in the given PEM texts; a configured file may hold a whole bundle. */
export const parseTrustAnchors = (pemTexts: readonly string[]): X509Certificate[] => {
  const anchors = pemTexts.flatMap((text) => text.match(PEM_CERTIFICATE) ?? []).map((pem) => new X509Certificate(pem));
  if (anchors.length === 0) throw new Error('no trust anchor certificates were given');
  return anchors;
};
