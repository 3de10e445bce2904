import type { X509Certificate } from 'node:crypto';
import { createHash } from 'node:crypto';
import { checkTrust } from '../../identity/certificate-trust.js';
import { isIssuedBy, parseCertificate, parseTrustAnchors } from '../../identity/certificate-parsing.js';
import { KEY_USAGE_NON_REPUDIATION, readCertificateFields } from '../../identity/certificate-fields.js';
import { personFromCertificate } from '../../identity/certificate-person.js';
import { verifyOcspResponse } from '../../identity/ocsp-response.js';
import { verifyTimestampToken } from '../../identity/timestamp-token.js';
import { ASIC_E_MEDIA_TYPE, MANIFEST_PATH, MIMETYPE_PATH, SIGNATURES_PATH, openContainer, textOf, type OpenedContainer } from './asic.js';
import { NS, onlyElement, parseXml, xadesjs, type Document, type Element } from './xml-library.js';
import { C14N, EXC_C14N, timestampedBytes } from './xades.js';

/*
 * Opens an ASiC-E and checks it as a relying party would, years later, with
 * nothing but the container and the trust anchors: the structure, every
 * digest, the signature value, the signer's certificate and its chain, the
 * time-stamp and the OCSP response. Each check is reported; the first
 * failure ends the run, since later checks build on earlier ones.
 */

export const CONTAINER_CHECKS = [
  'structure',
  'signature_format',
  'document_digest',
  'signature_value',
  'signing_certificate',
  'certificate_chain',
  'timestamp',
  'revocation',
] as const;
export type ContainerCheck = (typeof CONTAINER_CHECKS)[number];

export type CheckResult = { check: ContainerCheck; ok: boolean; detail: string };

export type ContainerReport = {
  ok: boolean;
  /** The first failed check: the container's refusal code. */
  failure?: ContainerCheck;
  checks: CheckResult[];
  documentName?: string;
  signer?: { personalId: string; givenName: string; surname: string };
  signingTime?: Date;
  timestampTime?: Date;
  ocspProducedAt?: Date;
};

export type VerifyContainerOptions = {
  /** PEM: the CAs that issue signers' certificates (Smart-ID, Mobile-ID, ID-card). */
  trustAnchors: readonly string[];
  /** PEM: the CAs of trusted time-stamping authorities. */
  timestampTrustAnchors: readonly string[];
  now?: Date;
};

// Clocks of the signer's service, the TSA and the OCSP responder differ a little.
const CLOCK_SKEW_MS = 5 * 60_000;
const SIGNED_PROPERTIES_TYPE = 'http://uri.etsi.org/01903#SignedProperties';
const SHA256_URIS = new Set(['http://www.w3.org/2001/04/xmlenc#sha256']);

class CheckFailed extends Error {
  constructor(readonly check: ContainerCheck, detail: string) {
    super(detail);
  }
}

function fail(check: ContainerCheck, detail: string): never {
  throw new CheckFailed(check, detail);
}

function checkStructure(container: OpenedContainer): { documentName: string; document: Uint8Array; signaturesXml: string } {
  const { firstEntry, files, names } = container;
  if (firstEntry.name !== MIMETYPE_PATH) fail('structure', `the first entry is ${firstEntry.name}, not mimetype`);
  if (firstEntry.method !== 0 || firstEntry.extraLength !== 0) fail('structure', 'mimetype is compressed or has an extra field');
  if (textOf(files.get(MIMETYPE_PATH) ?? new Uint8Array()) !== ASIC_E_MEDIA_TYPE) fail('structure', `mimetype is not ${ASIC_E_MEDIA_TYPE}`);
  const manifest = files.get(MANIFEST_PATH) ?? fail('structure', 'META-INF/manifest.xml is missing');
  const signatures = files.get(SIGNATURES_PATH) ?? fail('structure', 'META-INF/signatures0.xml is missing');
  const otherSignatures = names.filter((name) => name.startsWith('META-INF/') && /signatures/i.test(name) && name !== SIGNATURES_PATH);
  if (otherSignatures.length > 0) fail('structure', `unexpected signature files: ${otherSignatures.join(', ')}`);
  const documents = names.filter((name) => name !== MIMETYPE_PATH && !name.startsWith('META-INF/'));
  if (documents.length !== 1) fail('structure', `expected one signed document, found ${documents.length}`);
  const documentName = documents[0] ?? '';

  const entries = [...parseXml(textOf(manifest)).getElementsByTagNameNS(NS.manifest, 'file-entry')];
  const mediaTypeOf = (path: string) => entries.find((entry) => entry.getAttributeNS(NS.manifest, 'full-path') === path)?.getAttributeNS(NS.manifest, 'media-type');
  if (mediaTypeOf('/') !== ASIC_E_MEDIA_TYPE) fail('structure', 'the manifest does not name the container type');
  if (!mediaTypeOf(documentName)) fail('structure', `the manifest does not list ${documentName}`);
  if (entries.length !== 2) fail('structure', 'the manifest lists files the container does not hold');
  return { documentName, document: files.get(documentName) ?? new Uint8Array(), signaturesXml: textOf(signatures) };
}

type SignatureParts = { document: Document; signature: Element; documentReference: Element; certificate: X509Certificate };

function checkSignatureFormat(signaturesXml: string, documentName: string): SignatureParts {
  const document = (() => {
    try {
      return parseXml(signaturesXml);
    } catch (error) {
      return fail('signature_format', (error as Error).message);
    }
  })();
  const root = document.documentElement;
  if (root?.namespaceURI !== NS.asic || root.localName !== 'XAdESSignatures') fail('signature_format', 'the root is not asic:XAdESSignatures');
  const signature = onlyElement(document, NS.ds, 'Signature') ?? fail('signature_format', 'expected exactly one ds:Signature');
  const references = [...signature.getElementsByTagNameNS(NS.ds, 'Reference')].filter((reference) => reference.parentNode?.localName === 'SignedInfo');
  const documentReferences = references.filter((reference) => reference.getAttribute('Type') !== SIGNED_PROPERTIES_TYPE);
  const propertyReferences = references.filter((reference) => reference.getAttribute('Type') === SIGNED_PROPERTIES_TYPE);
  if (documentReferences.length !== 1 || propertyReferences.length !== 1) fail('signature_format', 'SignedInfo must reference the document and the SignedProperties once each');
  const documentReference = documentReferences[0] as Element;
  if (decodeURIComponent(documentReference.getAttribute('URI') ?? '') !== documentName) fail('signature_format', `the signature does not reference ${documentName}`);
  const signedProperties = onlyElement(signature, NS.xades, 'SignedProperties') ?? fail('signature_format', 'no SignedProperties');
  if (propertyReferences[0]?.getAttribute('URI') !== `#${signedProperties.getAttribute('Id')}`) fail('signature_format', 'the SignedProperties reference points elsewhere');
  const certificateText = onlyElement(signature, NS.ds, 'X509Certificate')?.textContent ?? fail('signature_format', 'KeyInfo holds no single certificate');
  const certificate = parseCertificate(Buffer.from(certificateText.replace(/\s+/g, ''), 'base64')) ?? fail('signature_format', 'the KeyInfo certificate does not parse');
  return { document, signature, documentReference, certificate };
}

function checkDocumentDigest(reference: Element, content: Uint8Array): void {
  const method = onlyElement(reference, NS.ds, 'DigestMethod')?.getAttribute('Algorithm') ?? '';
  if (!SHA256_URIS.has(method)) fail('document_digest', `unsupported digest method ${method}`);
  const stated = onlyElement(reference, NS.ds, 'DigestValue')?.textContent?.trim() ?? '';
  const actual = createHash('sha256').update(content).digest('base64');
  if (stated !== actual) fail('document_digest', 'the document is not the one signed');
}

async function checkSignatureValue(parts: SignatureParts, documentName: string, content: Uint8Array): Promise<void> {
  const signed = new xadesjs.SignedXml(parts.document as never);
  signed.LoadXml(parts.signature as never);
  signed.contentHandler = async (reference) => (decodeURIComponent(reference.Uri ?? '') === documentName ? new Uint8Array(content) : null);
  let valid = false;
  try {
    valid = await signed.Verify();
  } catch (error) {
    fail('signature_value', `the signature does not verify: ${(error as Error).message}`);
  }
  if (!valid) fail('signature_value', 'the signature value or a reference digest does not verify');
}

function checkSigningCertificate(parts: SignatureParts): { signingTime: Date; person: NonNullable<ReturnType<typeof personFromCertificate>> } {
  const digestText = onlyElement(parts.signature, NS.xades, 'SigningCertificateV2') ?? onlyElement(parts.signature, NS.xades, 'SigningCertificate') ?? fail('signing_certificate', 'no SigningCertificate property');
  const certDigest = onlyElement(digestText, NS.ds, 'DigestValue')?.textContent?.trim();
  const method = onlyElement(digestText, NS.ds, 'DigestMethod')?.getAttribute('Algorithm') ?? '';
  if (!SHA256_URIS.has(method)) fail('signing_certificate', `unsupported certificate digest ${method}`);
  if (certDigest !== createHash('sha256').update(parts.certificate.raw).digest('base64')) fail('signing_certificate', 'the signed certificate digest is not of the KeyInfo certificate');
  const fields = readCertificateFields(parts.certificate.raw);
  if (((fields.keyUsage ?? 0) & KEY_USAGE_NON_REPUDIATION) === 0) fail('signing_certificate', 'the certificate is not for signatures (no nonRepudiation)');
  const person = personFromCertificate(fields) ?? fail('signing_certificate', 'the certificate names no Estonian person');
  const signingTimeText = onlyElement(parts.signature, NS.xades, 'SigningTime')?.textContent ?? fail('signing_certificate', 'no SigningTime');
  const signingTime = new Date(signingTimeText);
  if (Number.isNaN(signingTime.getTime())) fail('signing_certificate', 'SigningTime is not a time');
  return { signingTime, person };
}

const base64Of = (element: Element | undefined): Buffer | undefined => (element?.textContent ? Buffer.from(element.textContent.replace(/\s+/g, ''), 'base64') : undefined);

export async function verifyContainer(bytes: Uint8Array, options: VerifyContainerOptions): Promise<ContainerReport> {
  const now = options.now ?? new Date();
  const report: ContainerReport = { ok: false, checks: [] };
  const pass = (check: ContainerCheck, detail: string) => report.checks.push({ check, ok: true, detail });
  try {
    let container: OpenedContainer;
    try {
      container = openContainer(bytes);
    } catch (error) {
      return fail('structure', (error as Error).message);
    }
    const { documentName, document, signaturesXml } = checkStructure(container);
    report.documentName = documentName;
    pass('structure', `ASiC-E with ${documentName}`);

    const parts = checkSignatureFormat(signaturesXml, documentName);
    pass('signature_format', 'one XAdES signature over the document and its signed properties');

    checkDocumentDigest(parts.documentReference, document);
    pass('document_digest', `SHA-256 of ${documentName} matches`);

    await checkSignatureValue(parts, documentName, document);
    pass('signature_value', 'the signature value verifies with the signer certificate');

    const { signingTime, person } = checkSigningCertificate(parts);
    report.signingTime = signingTime;
    report.signer = { personalId: person.personalId, givenName: person.givenName, surname: person.surname };
    pass('signing_certificate', `signed by ${person.givenName} ${person.surname} (${person.personalId})`);

    const timestamp = onlyElement(parts.signature, NS.xades, 'SignatureTimeStamp') ?? fail('timestamp', 'no SignatureTimeStamp');
    const c14n = onlyElement(timestamp, NS.ds, 'CanonicalizationMethod')?.getAttribute('Algorithm') ?? C14N;
    if (c14n !== C14N && c14n !== EXC_C14N) fail('timestamp', `unsupported canonicalisation ${c14n}`);
    const token = base64Of(onlyElement(timestamp, NS.xades, 'EncapsulatedTimeStamp')) ?? fail('timestamp', 'no EncapsulatedTimeStamp');
    const stamped = verifyTimestampToken({ token, data: timestampedBytes(signaturesXml, c14n), trustAnchors: [...options.timestampTrustAnchors], now });

    // The chain is judged at the time the time-stamp proves the signature existed.
    const anchors = parseTrustAnchors(options.trustAnchors);
    const provenTime = stamped.ok ? stamped.genTime : now;
    const trust = checkTrust(parts.certificate, anchors, provenTime);
    if (trust) fail('certificate_chain', `the signer certificate is ${trust.replace('_', ' ')}`);
    const issuer = anchors.find((anchor) => isIssuedBy(parts.certificate, anchor)) as X509Certificate;
    pass('certificate_chain', `issued by ${issuer.subject.replace(/\n/g, ', ')}`);

    if (!stamped.ok) fail('timestamp', stamped.reason);
    if (stamped.genTime.getTime() < signingTime.getTime() - CLOCK_SKEW_MS) fail('timestamp', 'the time-stamp is earlier than the signing time');
    if (stamped.genTime.getTime() > now.getTime() + CLOCK_SKEW_MS) fail('timestamp', 'the time-stamp is in the future');
    report.timestampTime = stamped.genTime;
    pass('timestamp', `time-stamped at ${stamped.genTime.toISOString()}`);

    const ocsp = base64Of(onlyElement(parts.signature, NS.xades, 'EncapsulatedOCSPValue')) ?? fail('revocation', 'no OCSP response');
    // Judged at the time-stamp: the answer must be fresh then, not years later when the container is checked again.
    const status = verifyOcspResponse({ response: ocsp, certificate: parts.certificate.raw, issuer: issuer.raw, now: stamped.genTime });
    if (!status.ok) fail('revocation', status.reason);
    if (status.status !== 'GOOD') fail('revocation', `the certificate status is ${status.status.toLowerCase()}`);
    // Baseline LT: the status is proven after the time-stamp, so it covers the moment of signing.
    if (status.producedAt.getTime() < stamped.genTime.getTime() - CLOCK_SKEW_MS) fail('revocation', 'the OCSP response predates the time-stamp');
    report.ocspProducedAt = status.producedAt;
    pass('revocation', `OCSP: good at ${status.producedAt.toISOString()}`);

    report.ok = true;
    return report;
  } catch (error) {
    if (!(error instanceof CheckFailed)) throw error;
    report.checks.push({ check: error.check, ok: false, detail: error.message });
    report.failure = error.check;
    return report;
  }
}
