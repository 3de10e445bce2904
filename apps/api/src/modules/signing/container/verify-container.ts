import type { X509Certificate } from 'node:crypto';
import { createHash } from 'node:crypto';
import {
  checkTrust,
  isIssuedBy,
  KEY_USAGE_NON_REPUDIATION,
  parseCertificate,
  parseTrustAnchors,
  personFromCertificate,
  readCertificateFields,
  verifyOcspResponse,
  verifyTimestampToken,
} from '../../identity/index.js';
import { ASIC_E_MEDIA_TYPE, MANIFEST_PATH, MIMETYPE_PATH, openContainer, signaturesIndexOf, signaturesPath, textOf, type OpenedContainer } from './asic.js';
import { verifySignatureValue } from './signature-value.js';
import { NS, onlyElement, parseXml, type Document, type Element } from './xml-library.js';
import { C14N, EXC_C14N, timestampedBytes } from './xades.js';

/*
 * Opens an ASiC-E and checks it as a relying party would, years later, with
 * nothing but the container and the trust anchors: the structure, every
 * digest, the signature value, the signer's certificate and its chain, the
 * time-stamp and the OCSP response. Each check is reported; the first
 * failure ends the run, since later checks build on earlier ones.
 *
 * A container may hold several parallel signatures of the same document
 * (signatures0.xml, signatures1.xml, ...: one per signer). Each is checked
 * on its own with every check but `structure`, in file order, and the
 * container is valid only if every one is. Two files of one signer, or of
 * one signature Id, are refused: a copied signature is not a second signer.
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

export type CheckResult = {
  check: ContainerCheck;
  ok: boolean;
  detail: string;
  /** The signature file the check was about, e.g. META-INF/signatures1.xml; absent for `structure`, which is about the whole container. */
  signature?: string;
};

export type Signer = { personalId: string; givenName: string; surname: string };

/** What one signature that passed every check proves. */
export type VerifiedSignature = { file: string; signer: Signer; signingTime: Date; timestampTime: Date; ocspProducedAt: Date };

export type ContainerReport = {
  ok: boolean;
  /** The first failed check: the container's refusal code. */
  failure?: ContainerCheck;
  checks: CheckResult[];
  /** Every signature that passed, in file order; all of the container's when it is ok. */
  signatures: VerifiedSignature[];
  // The fields below are the first signature's (signatures0.xml), as far as its checks got: what callers of a
  // one-signature container read. A container holds one document, so documentName is every signature's.
  documentName?: string;
  signer?: Signer;
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
  constructor(
    readonly check: ContainerCheck,
    detail: string,
  ) {
    super(detail);
  }
}

function fail(check: ContainerCheck, detail: string): never {
  throw new CheckFailed(check, detail);
}

// The only entries this profile allows besides the signed documents and the signature files; none of them is
// covered by a signature, so each is checked for what it must hold (decision 15): the media type, the list of the
// documents. Each signature file is checked as a signature.
const UNSIGNED_ENTRIES = new Set([MIMETYPE_PATH, MANIFEST_PATH]);

type SignatureFile = { file: string; xml: string };
type ContainerContent = { documents: Map<string, Uint8Array>; signatureFiles: SignatureFile[] };

/**
 * The signature files, by index: exactly META-INF/signatures0.xml to
 * signatures{N-1}.xml. A name that only looks like one (signatures-extra.xml,
 * signatures01.xml) is refused, as is a gap: a missing number is a signature
 * taken out, which nothing else in the container would show.
 */
function signatureFilesOf(container: OpenedContainer): SignatureFile[] {
  const { files, names } = container;
  const odd = names.filter((name) => name.startsWith('META-INF/') && /signatures/i.test(name) && signaturesIndexOf(name) === undefined);
  if (odd.length > 0) fail('structure', `unexpected signature files: ${odd.join(', ')}`);
  const indexes = names.flatMap((name) => signaturesIndexOf(name) ?? []).sort((a, b) => a - b);
  for (const [position, index] of indexes.entries()) {
    if (index !== position)
      fail('structure', `${signaturesPath(position)} is missing, while ${signaturesPath(index)} is there: signature files are numbered without a gap`);
  }
  if (indexes.length === 0) fail('structure', `${signaturesPath(0)} is missing`);
  return indexes.map((index) => ({ file: signaturesPath(index), xml: textOf(files.get(signaturesPath(index)) ?? new Uint8Array()) }));
}

function checkStructure(container: OpenedContainer): ContainerContent {
  const { firstEntry, files, names } = container;
  if (firstEntry.name !== MIMETYPE_PATH) fail('structure', `the first entry is ${firstEntry.name}, not mimetype`);
  if (firstEntry.method !== 0 || firstEntry.extraLength !== 0) fail('structure', 'mimetype is compressed or has an extra field');
  if (textOf(files.get(MIMETYPE_PATH) ?? new Uint8Array()) !== ASIC_E_MEDIA_TYPE) fail('structure', `mimetype is not ${ASIC_E_MEDIA_TYPE}`);
  const manifest = files.get(MANIFEST_PATH) ?? fail('structure', 'META-INF/manifest.xml is missing');
  const signatureFiles = signatureFilesOf(container);
  const isSignatureFile = (name: string) => signaturesIndexOf(name) !== undefined;
  // ASiC-E lets META-INF hold more unsigned files; this profile does not, since nothing would vouch for them.
  const otherMetadata = names.filter((name) => name.startsWith('META-INF/') && !UNSIGNED_ENTRIES.has(name) && !isSignatureFile(name));
  if (otherMetadata.length > 0) fail('structure', `files no signature covers: ${otherMetadata.join(', ')}`);
  const documentNames = names.filter((name) => !UNSIGNED_ENTRIES.has(name) && !isSignatureFile(name));
  if (documentNames.length === 0) fail('structure', 'the container holds no document');

  const entries = (() => {
    try {
      return [...parseXml(textOf(manifest)).getElementsByTagNameNS(NS.manifest, 'file-entry')];
    } catch (error) {
      return fail('structure', `META-INF/manifest.xml: ${(error as Error).message}`);
    }
  })();
  const paths = entries.map((entry) => entry.getAttributeNS(NS.manifest, 'full-path') ?? '');
  const mediaTypeOf = (path: string) =>
    entries.find((entry) => entry.getAttributeNS(NS.manifest, 'full-path') === path)?.getAttributeNS(NS.manifest, 'media-type');
  if (mediaTypeOf('/') !== ASIC_E_MEDIA_TYPE) fail('structure', 'the manifest does not name the container type');
  for (const name of documentNames) if (!mediaTypeOf(name)) fail('structure', `the manifest does not list ${name}`);
  if (new Set(paths).size !== paths.length || paths.length !== documentNames.length + 1)
    fail('structure', 'the manifest lists files the container does not hold');
  return { documents: new Map(documentNames.map((name) => [name, files.get(name) ?? new Uint8Array()])), signatureFiles };
}

type SignatureParts = { document: Document; signature: Element; signedProperties: Element; documentReference: Element; certificate: X509Certificate };

const elementChildren = (element: Element): Element[] => [...element.childNodes].filter((node): node is Element => node.nodeType === 1);
const isElement = (element: Element | undefined, namespace: string, localName: string): element is Element =>
  element?.namespaceURI === namespace && element.localName === localName;

/** The element children of `parent`, which must be exactly these, in this order. */
function childrenAre(parent: Element, expected: ReadonlyArray<readonly [string, string]>, what: string): Element[] {
  const children = elementChildren(parent);
  const matches = children.length === expected.length && expected.every(([namespace, localName], index) => isElement(children[index], namespace, localName));
  if (!matches) fail('signature_format', `${what} must hold ${expected.map(([, localName]) => localName).join(', ')} and nothing else`);
  return children;
}

function parseSignatures(signaturesXml: string): Document {
  try {
    return parseXml(signaturesXml);
  } catch (error) {
    return fail('signature_format', (error as Error).message);
  }
}

const uriPath = (uri: string): string | undefined => {
  try {
    return decodeURIComponent(uri);
  } catch {
    return undefined;
  }
};

/**
 * The shape of one signature file's signature, before anything is computed over it: what
 * SignedInfo references (each document of the container once, its own
 * SignedProperties once, nothing else), and what KeyInfo offers (exactly
 * one X509Data with exactly one X509Certificate: the certificate every
 * later check judges). Ids must be unique, so a reference cannot be made to
 * digest one element while the checks read another of the same Id.
 */
function checkSignatureFormat(signaturesXml: string, documents: ReadonlyMap<string, Uint8Array>): SignatureParts {
  const document = parseSignatures(signaturesXml);
  const root = document.documentElement;
  if (!root || !isElement(root, NS.asic, 'XAdESSignatures')) fail('signature_format', 'the root is not asic:XAdESSignatures');
  const [signature] = childrenAre(root, [[NS.ds, 'Signature']], 'asic:XAdESSignatures') as [Element];
  if (document.getElementsByTagNameNS(NS.ds, 'Signature').length !== 1) fail('signature_format', 'expected exactly one ds:Signature');
  const ids = [...document.getElementsByTagName('*')].map((element) => element.getAttribute('Id')).filter((id): id is string => id !== null);
  if (new Set(ids).size !== ids.length) fail('signature_format', 'two elements share an Id');

  const [signedInfo, , keyInfo, object] = childrenAre(
    signature,
    [
      [NS.ds, 'SignedInfo'],
      [NS.ds, 'SignatureValue'],
      [NS.ds, 'KeyInfo'],
      [NS.ds, 'Object'],
    ],
    'ds:Signature',
  ) as [Element, Element, Element, Element];
  const [x509Data] = childrenAre(keyInfo, [[NS.ds, 'X509Data']], 'ds:KeyInfo') as [Element];
  const [certificateElement] = childrenAre(x509Data, [[NS.ds, 'X509Certificate']], 'ds:X509Data') as [Element];
  if (signature.getElementsByTagNameNS(NS.ds, 'X509Certificate').length !== 1) fail('signature_format', 'the signature holds more than one ds:X509Certificate');
  const certificate =
    parseCertificate(Buffer.from((certificateElement.textContent ?? '').replace(/\s+/g, ''), 'base64')) ??
    fail('signature_format', 'the KeyInfo certificate does not parse');

  const [qualifying] = childrenAre(object, [[NS.xades, 'QualifyingProperties']], 'ds:Object') as [Element];
  const signatureId = signature.getAttribute('Id');
  if (!signatureId || qualifying.getAttribute('Target') !== `#${signatureId}`) fail('signature_format', 'the QualifyingProperties are not this signature’s');
  const signedProperties =
    elementChildren(qualifying).find((child) => isElement(child, NS.xades, 'SignedProperties')) ?? fail('signature_format', 'no SignedProperties');
  if (qualifying.getElementsByTagNameNS(NS.xades, 'SignedProperties').length !== 1) fail('signature_format', 'more than one SignedProperties');
  const signedPropertiesId = signedProperties.getAttribute('Id') ?? fail('signature_format', 'the SignedProperties have no Id');

  const references = elementChildren(signedInfo).filter((child) => isElement(child, NS.ds, 'Reference'));
  const uncovered = new Set(documents.keys());
  let documentReference: Element | undefined;
  let propertiesReferenced = false;
  for (const reference of references) {
    const uri = reference.getAttribute('URI') ?? '';
    const transforms = elementChildren(reference).filter((child) => isElement(child, NS.ds, 'Transforms'));
    if (reference.getAttribute('Type') === SIGNED_PROPERTIES_TYPE) {
      if (propertiesReferenced || uri !== `#${signedPropertiesId}`)
        fail('signature_format', `SignedInfo references ${uri} as SignedProperties: only this signature's own, once`);
      // The SignedProperties are digested canonicalised: C14N by default, or one canonicalisation named here.
      const algorithms = transforms.flatMap((element) => elementChildren(element).map((transform) => transform.getAttribute('Algorithm')));
      if (algorithms.length > 1 || algorithms.some((algorithm) => algorithm !== C14N && algorithm !== EXC_C14N))
        fail('signature_format', 'the SignedProperties reference has transforms other than one canonicalisation');
      propertiesReferenced = true;
      continue;
    }
    const path = uriPath(uri);
    if (path === undefined || !uncovered.has(path))
      fail('signature_format', `SignedInfo references ${uri}, which is not a document of the container or is referenced twice`);
    // A document is digested as its bytes: a transform would make the signature cover something else.
    if (transforms.length > 0 || reference.hasAttribute('Type')) fail('signature_format', `the reference to ${path} has transforms or a type`);
    uncovered.delete(path);
    documentReference = reference;
  }
  if (uncovered.size > 0) fail('signature_format', `no signature covers ${[...uncovered].join(', ')}`);
  if (!propertiesReferenced) fail('signature_format', 'SignedInfo does not reference the SignedProperties');
  // The product signs one contract; a container of several documents is not one it makes.
  if (references.length !== 2 || !documentReference) fail('signature_format', 'expected one signed document');
  return { document, signature, signedProperties, documentReference, certificate };
}

function checkDocumentDigest(reference: Element, content: Uint8Array): void {
  const method = onlyElement(reference, NS.ds, 'DigestMethod')?.getAttribute('Algorithm') ?? '';
  if (!SHA256_URIS.has(method)) fail('document_digest', `unsupported digest method ${method}`);
  const stated = onlyElement(reference, NS.ds, 'DigestValue')?.textContent?.trim() ?? '';
  const actual = createHash('sha256').update(content).digest('base64');
  if (stated !== actual) fail('document_digest', 'the document is not the one signed');
}

function checkSigningCertificate(parts: SignatureParts): { signingTime: Date; person: NonNullable<ReturnType<typeof personFromCertificate>> } {
  const digestText =
    onlyElement(parts.signedProperties, NS.xades, 'SigningCertificateV2') ??
    onlyElement(parts.signedProperties, NS.xades, 'SigningCertificate') ??
    fail('signing_certificate', 'no SigningCertificate property');
  const certDigest = onlyElement(digestText, NS.ds, 'DigestValue')?.textContent?.trim();
  const method = onlyElement(digestText, NS.ds, 'DigestMethod')?.getAttribute('Algorithm') ?? '';
  if (!SHA256_URIS.has(method)) fail('signing_certificate', `unsupported certificate digest ${method}`);
  if (certDigest !== createHash('sha256').update(parts.certificate.raw).digest('base64'))
    fail('signing_certificate', 'the signed certificate digest is not of the KeyInfo certificate');
  const fields = readCertificateFields(parts.certificate.raw);
  if (((fields.keyUsage ?? 0) & KEY_USAGE_NON_REPUDIATION) === 0) fail('signing_certificate', 'the certificate is not for signatures (no nonRepudiation)');
  const person = personFromCertificate(fields) ?? fail('signing_certificate', 'the certificate names no Estonian person');
  const signingTimeText = onlyElement(parts.signedProperties, NS.xades, 'SigningTime')?.textContent ?? fail('signing_certificate', 'no SigningTime');
  const signingTime = new Date(signingTimeText);
  if (Number.isNaN(signingTime.getTime())) fail('signing_certificate', 'SigningTime is not a time');
  return { signingTime, person };
}

const base64Of = (element: Element | undefined): Buffer | undefined =>
  element?.textContent ? Buffer.from(element.textContent.replace(/\s+/g, ''), 'base64') : undefined;

/** A signature that passed every check, kept to judge the files after it: a later one must be another signer's. */
type EarlierSignature = VerifiedSignature & { signatureId: string; certificate: X509Certificate };

/** The report's fields that speak of one signature: the first one's, in the report. */
type SignatureFacts = Pick<ContainerReport, 'documentName' | 'signer' | 'signingTime' | 'timestampTime' | 'ocspProducedAt'>;

type SignatureContext = {
  documents: ReadonlyMap<string, Uint8Array>;
  /** The signature files before this one, each verified. */
  earlier: readonly EarlierSignature[];
  options: VerifyContainerOptions;
  now: Date;
  pass: (check: ContainerCheck, detail: string) => void;
  /**
   * Where what the signature proves is recorded as each check passes, kept even when a later check fails: the
   * report itself for the first signature (its own fields are the first signature's), a scratch object otherwise.
   */
  found: SignatureFacts;
};

/** Every check but `structure`, over one signature file. */
async function verifySignature({ file, xml: signaturesXml }: SignatureFile, context: SignatureContext): Promise<EarlierSignature> {
  const { documents, earlier, options, now, pass, found } = context;
  const parts = checkSignatureFormat(signaturesXml, documents);
  const documentName = uriPath(parts.documentReference.getAttribute('URI') ?? '') ?? '';
  found.documentName = documentName;
  // A parallel signature is another signer's: a file carrying an earlier file's signer certificate is that signer
  // again (a copy of the file, or one person counted twice), however well it verifies on its own. Checked before
  // the Id, so a copied file is refused as what it is.
  const sameSigner = earlier.find((other) => other.certificate.raw.equals(parts.certificate.raw));
  if (sameSigner) fail('signature_format', `the signer certificate of ${sameSigner.file} again: the same signer twice is not two signers`);
  // Each signature names its SignedProperties and time-stamp after its Id: two of one Id could not be told apart.
  const signatureId = parts.signature.getAttribute('Id') ?? '';
  const sameId = earlier.find((other) => other.signatureId === signatureId);
  if (sameId) fail('signature_format', `the signature Id ${signatureId} of ${sameId.file} again: each signature has its own`);
  pass(
    'signature_format',
    earlier.length === 0
      ? 'one XAdES signature over the document and its signed properties, one certificate in KeyInfo'
      : 'one XAdES signature over the document and its signed properties, one certificate in KeyInfo, a signer and Id of its own',
  );

  checkDocumentDigest(parts.documentReference, documents.get(documentName) ?? new Uint8Array());
  pass('document_digest', `SHA-256 of ${documentName} matches`);

  const value = await verifySignatureValue({ document: parts.document, signature: parts.signature, certificate: parts.certificate, documents });
  if (!value.ok) fail('signature_value', value.reason);
  pass('signature_value', 'the signature value verifies with the signer certificate’s key');

  const { signingTime, person } = checkSigningCertificate(parts);
  const signer = { personalId: person.personalId, givenName: person.givenName, surname: person.surname };
  found.signingTime = signingTime;
  found.signer = signer;
  // The same person under another certificate (a Smart-ID and an ID-card signature) is still one signer.
  const samePerson = earlier.find((other) => other.signer.personalId === person.personalId);
  if (samePerson)
    fail('signing_certificate', `${person.givenName} ${person.surname} (${person.personalId}) signed ${samePerson.file} already: one person is one signer`);
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
  found.timestampTime = stamped.genTime;
  pass('timestamp', `time-stamped at ${stamped.genTime.toISOString()}`);

  const ocsp = base64Of(onlyElement(parts.signature, NS.xades, 'EncapsulatedOCSPValue')) ?? fail('revocation', 'no OCSP response');
  // Judged at the time-stamp: the answer must be fresh then, not years later when the container is checked again.
  const status = verifyOcspResponse({ response: ocsp, certificate: parts.certificate.raw, issuer: issuer.raw, now: stamped.genTime });
  if (!status.ok) fail('revocation', status.reason);
  if (status.status !== 'GOOD') fail('revocation', `the certificate status is ${status.status.toLowerCase()}`);
  // Baseline LT: the status is proven after the time-stamp, so it covers the moment of signing.
  if (status.producedAt.getTime() < stamped.genTime.getTime() - CLOCK_SKEW_MS) fail('revocation', 'the OCSP response predates the time-stamp');
  found.ocspProducedAt = status.producedAt;
  pass('revocation', `OCSP: good at ${status.producedAt.toISOString()}`);

  return { file, signer, signingTime, timestampTime: stamped.genTime, ocspProducedAt: status.producedAt, signatureId, certificate: parts.certificate };
}

export async function verifyContainer(bytes: Uint8Array, options: VerifyContainerOptions): Promise<ContainerReport> {
  const now = options.now ?? new Date();
  const report: ContainerReport = { ok: false, checks: [], signatures: [] };
  // The signature file being checked, named in each result about it; none while the structure is.
  let signatureFile: string | undefined;
  const pass = (check: ContainerCheck, detail: string) =>
    report.checks.push({ check, ok: true, detail, ...(signatureFile === undefined ? {} : { signature: signatureFile }) });
  try {
    let container: OpenedContainer;
    try {
      container = openContainer(bytes);
    } catch (error) {
      return fail('structure', (error as Error).message);
    }
    const { documents, signatureFiles } = checkStructure(container);
    const count = signatureFiles.length;
    pass('structure', `ASiC-E with ${[...documents.keys()].join(', ')} and ${count === 1 ? 'one signature' : `${String(count)} signatures`}, nothing else`);

    // In file order, each signature completely before the next: the first failure, in whichever file, ends the run.
    const earlier: EarlierSignature[] = [];
    for (const [index, signature] of signatureFiles.entries()) {
      signatureFile = signature.file;
      const verified = await verifySignature(signature, { documents, earlier, options, now, pass, found: index === 0 ? report : {} });
      earlier.push(verified);
      report.signatures.push({
        file: verified.file,
        signer: verified.signer,
        signingTime: verified.signingTime,
        timestampTime: verified.timestampTime,
        ocspProducedAt: verified.ocspProducedAt,
      });
    }

    report.ok = true;
    return report;
  } catch (error) {
    if (!(error instanceof CheckFailed)) throw error;
    report.checks.push({ check: error.check, ok: false, detail: error.message, ...(signatureFile === undefined ? {} : { signature: signatureFile }) });
    report.failure = error.check;
    return report;
  }
}
