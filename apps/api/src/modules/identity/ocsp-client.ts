import { randomBytes, X509Certificate } from 'node:crypto';
import { OCSPRequest, Request, TBSRequest } from '@peculiar/asn1-ocsp';
import { AsnConvert } from '@peculiar/asn1-schema';
import { AuthorityInfoAccessSyntax, id_ad_ocsp, id_pe_authorityInfoAccess } from '@peculiar/asn1-x509';
import { asnCertificateOf, isIssuedBy, parseCertificate } from './certificate-parsing.js';
import { createCertId } from './ocsp-cert-id.js';
import { ocspNonceExtension, verifyOcspResponse, type OcspStatus } from './ocsp-response.js';
import { IdentityError } from './types.js';

export type OcspCheck = {
  status: OcspStatus;
  /** The whole DER OCSPResponse, to be kept as revocation evidence (e.g. in a baseline-LT signature). */
  response: Uint8Array;
  producedAt: Date;
  revokedAt?: Date;
};

export type OcspClient = {
  /**
   * Asks the certificate's OCSP responder for its status and verifies the
   * answer. Throws IdentityError('ocsp_unavailable') when no verified answer
   * can be had: no responder URL, the responder down, slow or refusing, or an
   * answer that does not verify.
   */
  check(input: { certificate: Uint8Array; issuer: Uint8Array }): Promise<OcspCheck>;
};

export type OcspClientOptions = {
  /** Bound on the whole request, connect to last byte. */
  timeoutMs: number;
  /**
   * The responder to ask for this certificate, when it is not the one its
   * Authority Information Access names (configuration by issuer, as
   * DigiDoc's TSL does for SK; the simulators' certificates name an
   * unreachable URL, see simulators/README.md).
   */
  responderUrlFor?: (certificate: X509Certificate) => string | undefined;
  now?: () => Date;
  fetchFn?: typeof fetch;
};

// RFC 8954 section 2.1: a nonce of 32 octets.
const NONCE_LENGTH = 32;

/** The first http(s) OCSP URL of the certificate's Authority Information Access extension. */
export const ocspUrlFromAia = (certificate: Uint8Array): string | undefined => {
  const extension = asnCertificateOf(certificate).tbsCertificate.extensions?.find((entry) => entry.extnID === id_pe_authorityInfoAccess);
  if (extension === undefined) return undefined;
  return Array.from(AsnConvert.parse(extension.extnValue.buffer, AuthorityInfoAccessSyntax))
    .filter((description) => description.accessMethod === id_ad_ocsp)
    .map((description) => description.accessLocation.uniformResourceIdentifier)
    .find((url): url is string => url !== undefined && /^https?:\/\//i.test(url));
};

/** responderUrlFor from a list of responders by issuer, e.g. SimulatorHandle.ocspResponders. */
export const responderUrlByIssuer = (responders: readonly { issuerPem: string; url: string }[]) => {
  const parsed = responders.map((entry) => ({ issuer: new X509Certificate(entry.issuerPem), url: entry.url }));
  return (certificate: X509Certificate): string | undefined => parsed.find(({ issuer }) => isIssuedBy(certificate, issuer))?.url;
};

/*
 * The CertID is hashed with SHA-256, which RFC 6960 allows. libdigidocpp
 * (src/crypto/OCSP.cpp) asks SK with OpenSSL's default, SHA-1; that SK's AIA
 * responders answer a SHA-256 CertID is not verified here. If one does not,
 * check() fails with ocsp_unavailable and createCertId's 'sha1' is the switch.
 * verifyOcspResponse accepts answers with either.
 */
const buildRequest = (certificate: Uint8Array, issuer: Uint8Array, nonce: Uint8Array): ArrayBuffer =>
  AsnConvert.serialize(
    new OCSPRequest({
      tbsRequest: new TBSRequest({
        requestList: [new Request({ reqCert: createCertId(certificate, issuer, 'sha256') })],
        requestExtensions: [ocspNonceExtension(nonce)],
      }),
    }),
  );

const unavailable = (detail: string) => new IdentityError('ocsp_unavailable', `OCSP: ${detail}`);

export const createOcspClient = (options: OcspClientOptions): OcspClient => {
  const fetchFn = options.fetchFn ?? fetch;
  const now = options.now ?? (() => new Date());

  const post = async (url: string, body: ArrayBuffer): Promise<Uint8Array> => {
    let response: Response;
    let bytes: ArrayBuffer;
    try {
      response = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/ocsp-request', accept: 'application/ocsp-response' },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      bytes = await response.arrayBuffer();
    } catch (error) {
      throw new IdentityError('ocsp_unavailable', `OCSP: ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (response.status !== 200) throw unavailable(`${url} answered HTTP ${String(response.status)}`);
    return new Uint8Array(bytes);
  };

  return {
    async check({ certificate, issuer }) {
      let url: string | undefined;
      try {
        const parsed = parseCertificate(certificate);
        if (parsed === null) throw new Error('the certificate does not parse');
        url = options.responderUrlFor?.(parsed) ?? ocspUrlFromAia(certificate);
      } catch {
        throw unavailable('the certificate does not parse');
      }
      if (url === undefined) throw unavailable('no responder URL');
      const nonce = randomBytes(NONCE_LENGTH);
      const response = await post(url, buildRequest(certificate, issuer, nonce));
      const verified = verifyOcspResponse({ response, certificate, issuer, nonce, now: now() });
      if (!verified.ok) throw unavailable(verified.reason);
      return {
        status: verified.status,
        response,
        producedAt: verified.producedAt,
        ...(verified.revokedAt === undefined ? {} : { revokedAt: verified.revokedAt }),
      };
    },
  };
};
