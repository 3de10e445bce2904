import { webcrypto, type X509Certificate } from 'node:crypto';
import { xadesjs, type Document, type Element } from './xml-library.js';

/*
 * The XML-DSig core of the signature: every reference digest, then the
 * signature value over the canonical SignedInfo, with the public key of the
 * signer certificate and no other. xmldsigjs's Verify() without a key tries
 * every key KeyInfo offers, a KeyValue among them; an attack test found that
 * a forger can then compute, from the genuine ECDSA (r, s), a public key
 * under which the unchanged value verifies over a SignedInfo of their own,
 * and put it in KeyInfo beside the genuine certificate. The key here comes
 * from the certificate that the chain, OCSP and SigningCertificate checks
 * judge, so only its holder can have made the value.
 */

/** Opens xmldsigjs's two protected steps, so the signature value is checked with the key we give and nothing else. */
class CertificateBoundSignature extends xadesjs.SignedXml {
  referencesMatch(content: Element): Promise<boolean> {
    return this.ValidateReferences(content as never);
  }

  valueVerifies(key: webcrypto.CryptoKey): Promise<boolean> {
    return this.ValidateSignatureValue([key]);
  }
}

// The SignatureMethods an eID signature can have; HMAC and the like never are.
const SIGNATURE_ALGORITHMS = new Set(['ECDSA', 'RSASSA-PKCS1-v1_5', 'RSA-PSS']);

export type SignatureValueResult = { ok: true } | { ok: false; reason: string };

async function certificateKey(certificate: X509Certificate, algorithm: webcrypto.Algorithm): Promise<webcrypto.CryptoKey> {
  const spki = certificate.publicKey.export({ type: 'spki', format: 'der' });
  const params =
    certificate.publicKey.asymmetricKeyType === 'ec' ? { ...algorithm, namedCurve: certificate.publicKey.export({ format: 'jwk' }).crv } : algorithm;
  return webcrypto.subtle.importKey('spki', spki, params, false, ['verify']);
}

export async function verifySignatureValue(input: {
  document: Document;
  signature: Element;
  certificate: X509Certificate;
  /** The container's documents by name: the detached references' content. */
  documents: ReadonlyMap<string, Uint8Array>;
}): Promise<SignatureValueResult> {
  const signed = new CertificateBoundSignature(input.document as never);
  try {
    signed.LoadXml(input.signature as never);
  } catch (error) {
    return { ok: false, reason: `the signature does not load: ${(error as Error).message}` };
  }
  const algorithm = signed.Algorithm;
  if (!algorithm || !SIGNATURE_ALGORITHMS.has(algorithm.name)) return { ok: false, reason: `unsupported SignatureMethod ${algorithm?.name ?? ''}` };
  signed.contentHandler = async (reference) => {
    const content = input.documents.get(decodeURIComponent(reference.Uri ?? ''));
    return content ? new Uint8Array(content) : null;
  };

  const root = input.document.documentElement;
  if (!root) return { ok: false, reason: 'no XML root' };
  try {
    // ValidateReferences throws on the first digest that does not match, naming its URI.
    if (!(await signed.referencesMatch(root.cloneNode(true) as Element))) return { ok: false, reason: 'a reference digest does not match' };
  } catch (error) {
    return { ok: false, reason: `a reference digest does not match: ${(error as Error).message}` };
  }

  let key: webcrypto.CryptoKey;
  try {
    key = await certificateKey(input.certificate, algorithm);
  } catch {
    return { ok: false, reason: `the SignatureMethod (${algorithm.name}) does not fit the signer certificate's key` };
  }
  try {
    if (await signed.valueVerifies(key)) return { ok: true };
  } catch (error) {
    return { ok: false, reason: `the signature value does not verify: ${(error as Error).message}` };
  }
  return { ok: false, reason: 'the signature value does not verify with the signer certificate' };
}
