import { X509Certificate } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';
import { LRUCache } from 'lru-cache';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

// One signing meets the same few certificates (the signer's, its CA, the responder's, the TSA's) in every stage:
// the certificate check, the OCSP and time-stamp answers, the container's own check. Each parses once; the
// results are never changed by their users. A bound keeps a flood of different certificates from growing memory.
const REMEMBERED = 2000;

/** The cache key of a certificate's bytes or text. */
const keyOf = (input: Uint8Array | string): string =>
  typeof input === 'string' ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('base64');

/** A function of a certificate's bytes or text that computes each answer once (for the last REMEMBERED inputs). */
export function rememberedByCertificate<Value extends object>(compute: (input: Uint8Array | string) => Value): (input: Uint8Array | string) => Value {
  const answers = new LRUCache<string, Value>({ max: REMEMBERED });
  return (input) => {
    const key = keyOf(input);
    const known = answers.get(key);
    if (known !== undefined) return known;
    const answer = compute(input);
    answers.set(key, answer);
    return answer;
  };
}

const parsedOnce = rememberedByCertificate((input) => {
  try {
    return { certificate: new X509Certificate(typeof input === 'string' ? input : Buffer.from(input)) };
  } catch {
    return { certificate: null };
  }
});

/** A certificate from DER bytes or PEM text, or null when it does not parse. */
export const parseCertificate = (input: Uint8Array | string): X509Certificate | null => parsedOnce(input).certificate;

/** A DER certificate's ASN.1 structure (@peculiar/asn1-x509); throws when it does not parse. Read it, never change it. */
export const asnCertificateOf: (der: Uint8Array) => Certificate = rememberedByCertificate((der) => AsnConvert.parse(der as Uint8Array, Certificate));

const anchorLists = new LRUCache<string, X509Certificate[]>({ max: 64 });

/** Every certificate in the given PEM texts; a configured file may hold a whole bundle. */
export const parseTrustAnchors = (pemTexts: readonly string[]): X509Certificate[] => {
  const key = pemTexts.join('\n');
  const known = anchorLists.get(key);
  if (known !== undefined) return known;
  const anchors = pemTexts.flatMap((text) => text.match(PEM_CERTIFICATE) ?? []).map((pem) => new X509Certificate(pem));
  if (anchors.length === 0) throw new Error('no trust anchor certificates were given');
  anchorLists.set(key, anchors);
  return anchors;
};

// Whether `issuer` issued `certificate` and its signature verifies: a pure function of the two, asked several times per signing.
const issuedBy = new WeakMap<X509Certificate, WeakMap<X509Certificate, boolean>>();

/** certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey), worked out once per pair of certificate objects. */
export const isIssuedBy = (certificate: X509Certificate, issuer: X509Certificate): boolean => {
  let answers = issuedBy.get(certificate);
  if (answers === undefined) {
    answers = new WeakMap();
    issuedBy.set(certificate, answers);
  }
  let answer = answers.get(issuer);
  if (answer === undefined) {
    answer = certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);
    answers.set(issuer, answer);
  }
  return answer;
};
