import type { X509Certificate } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { IdentityError, isIssuedBy, type OcspCheck, parseCertificate, parseTrustAnchors } from '../../identity/index.js';
import { buildContainer } from './asic.js';
import { verifyContainer } from './verify-container.js';
import { prepareSignature, timestampedBytes, withSignatureValue, withValidationData, type PreparedSignature } from './xades.js';

export type SealFailureCode = 'certificate_revoked' | 'certificate_unknown' | 'ocsp_unavailable' | 'timestamp_unavailable' | 'container_invalid';

export type ContainerSealerOptions = {
  ocsp: { check(input: { certificate: Uint8Array; issuer: Uint8Array }): Promise<OcspCheck> };
  timestamps: { stamp(data: Uint8Array): Promise<{ token: Uint8Array; genTime: Date }> };
  /** PEM: the CAs that issue the signers' certificates (Smart-ID, Mobile-ID and ID-card). */
  signerTrustAnchors: readonly string[];
  /** PEM: the CAs of the time-stamping authority. */
  timestampTrustAnchors: readonly string[];
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

export type DocumentToSign = { name: string; mediaType: string; content: Uint8Array };

const ECDSA_COORDINATE_BYTES: Record<string, number> = { prime256v1: 32, secp384r1: 48, secp521r1: 66 };

/** XML-DSig wants ECDSA as r||s; a DER signature (as some cards give) is converted, r||s is kept. */
function xmlSignatureValue(signature: Uint8Array, certificate: X509Certificate): Uint8Array {
  const details = certificate.publicKey.asymmetricKeyDetails;
  const size = certificate.publicKey.asymmetricKeyType === 'ec' ? ECDSA_COORDINATE_BYTES[details?.namedCurve ?? ''] : undefined;
  if (size === undefined || signature.length === 2 * size) return signature;
  // SEQUENCE { INTEGER r, INTEGER s }, each left-padded to the coordinate size.
  const der = Buffer.from(signature);
  const integers: Buffer[] = [];
  let offset = der[1] === 0x81 ? 3 : 2;
  while (offset < der.length && integers.length < 2) {
    const length = der[offset + 1] ?? 0;
    integers.push(der.subarray(offset + 2, offset + 2 + length));
    offset += 2 + length;
  }
  return Buffer.concat(integers.map((integer) => Buffer.concat([Buffer.alloc(size), integer.subarray(integer[0] === 0 ? 1 : 0)]).subarray(-size)));
}

/**
 * Turns an eID signature into a signed contract that proves itself: the
 * XAdES signature drawn up before signing, the time-stamp over its value,
 * the signer certificate's OCSP status (after the time-stamp, so it covers
 * the signing), all in an ASiC-E that verifyContainer accepts. A revoked or
 * unknown certificate, an unreachable responder or TSA, or a container that
 * does not verify is a refusal with its code; nothing half-made is returned.
 * Several people sign one document in parallel: each seal is given the
 * earlier signers' sealed signatures and builds the container of them all.
 */
export function createContainerSealer(options: ContainerSealerOptions) {
  const anchors = parseTrustAnchors(options.signerTrustAnchors);

  const issuerOf = (certificate: X509Certificate): X509Certificate | undefined => anchors.find((anchor) => isIssuedBy(certificate, anchor));

  /**
   * The container of the document with these sealed signatures, verified whole: one that does not verify is never
   * handed out. Also how a signature sealed on its own joins signatures that went in meanwhile.
   */
  async function combine(
    document: DocumentToSign,
    signatureXmls: readonly string[],
  ): Promise<{ ok: true; container: Uint8Array } | { ok: false; code: 'container_invalid' }> {
    const container = buildContainer([document], signatureXmls);
    const report = await verifyContainer(container, { trustAnchors: options.signerTrustAnchors, timestampTrustAnchors: options.timestampTrustAnchors });
    if (!report.ok) {
      options.log?.warn({ failure: report.failure, checks: report.checks }, 'a signed container did not verify');
      return { ok: false, code: 'container_invalid' };
    }
    return { ok: true, container };
  }

  return {
    combine,

    /** `signatureId`: S0 unless given; each signer of one container needs their own (S0, S1, ...). */
    prepare(document: DocumentToSign, certificateBase64: string, signingTime: Date, signatureId?: string): Promise<PreparedSignature> {
      return prepareSignature({
        documentName: document.name,
        document: document.content,
        mediaType: document.mediaType,
        certificate: Buffer.from(certificateBase64, 'base64'),
        signingTime,
        ...(signatureId === undefined ? {} : { signatureId }),
      });
    },

    async seal(input: {
      document: DocumentToSign;
      signatureXml: string;
      /** Base64, as the identity clients give it. */
      signature: string;
      certificate: string;
      /**
       * The sealed XML (as an earlier seal returned it) of the signatures
       * others made over the same document before this one: they go first
       * in the container, in this order, and this signature last.
       */
      alongside?: readonly string[];
    }): Promise<{ ok: true; container: Uint8Array; signatureXml: string } | { ok: false; code: SealFailureCode }> {
      const certificate = parseCertificate(Buffer.from(input.certificate, 'base64'));
      // The identity clients checked the certificate already; one that does not parse here is a fault.
      if (!certificate) throw new Error('the signer certificate does not parse');
      const issuer = issuerOf(certificate);
      // The identity clients checked the chain already; an issuer missing here is a configuration fault.
      if (!issuer) throw new Error(`no configured issuer for ${certificate.subject}`);
      try {
        const signed = withSignatureValue(input.signatureXml, xmlSignatureValue(Buffer.from(input.signature, 'base64'), certificate));
        const timestamp = await options.timestamps.stamp(timestampedBytes(signed));
        const status = await options.ocsp.check({ certificate: certificate.raw, issuer: issuer.raw });
        if (status.status === 'REVOKED') return { ok: false, code: 'certificate_revoked' };
        if (status.status !== 'GOOD') return { ok: false, code: 'certificate_unknown' };
        const signaturesXml = withValidationData(signed, { timestampToken: timestamp.token, certificates: [issuer.raw], ocspResponse: status.response });
        // The whole container is verified below, the earlier signatures too: one that no longer verifies (or is this
        // signer's own, counted twice) makes a container the bank must not keep.
        const combined = await combine(input.document, [...(input.alongside ?? []), signaturesXml]);
        // The sealed signature on its own, so the next signer's container can be built with it.
        return combined.ok ? { ...combined, signatureXml: signaturesXml } : combined;
      } catch (error) {
        if (error instanceof IdentityError && (error.code === 'ocsp_unavailable' || error.code === 'timestamp_unavailable'))
          return { ok: false, code: error.code };
        throw error;
      }
    },
  };
}

export type ContainerSealer = ReturnType<typeof createContainerSealer>;
