import { createHash, generateKeyPairSync, webcrypto, X509Certificate } from 'node:crypto';
import { XmlCanonicalizer } from 'xmldsigjs';
import { NS, onlyElement, parseXml, serializeXml, xadesjs, DOMImplementation, type Element } from './xml-library.js';

/*
 * The XAdES signature of the contract (ETSI EN 319 132-1), built in two
 * steps because the private key is in the signer's phone or card:
 *
 * 1. prepareSignature: the SignedInfo over the contract and the
 *    SignedProperties (signing time, the signing certificate's digest, the
 *    signer's role). Its canonical form is what the signer signs, so its
 *    SHA-256 is the hash given to Smart-ID, Mobile-ID or the ID-card, as
 *    DigiDoc does.
 * 2. withSignatureValue and withValidationData: the signature value the eID
 *    returned, then the time-stamp over it and the certificates and OCSP
 *    response that make it baseline LT.
 *
 * The signed parts are never serialised again after step 1: step 2 edits the
 * stored XML's DOM, so the digests computed in step 1 stay true.
 */

/**
 * The Id of a container's first signature, as DigiDoc writes it. Parallel
 * signatures of one container each have their own (S0, S1, ...): the Ids of
 * their SignedProperties, document reference and time-stamp derive from it.
 */
export const SIGNATURE_ID = 'S0';
// An XML NCName, so the derived Ids and the "#Id" references to them need no escaping.
const SIGNATURE_ID_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
/** Exclusive canonicalisation of the time-stamped SignatureValue: its output does not depend on the container's root. */
export const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
export const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

export type PreparedSignature = {
  /** A signatures<n>.xml with an empty SignatureValue. */
  signatureXml: string;
  /** SHA-256 of the canonical SignedInfo: what the eID signs. */
  digest: Buffer;
};

export type SignatureInput = {
  documentName: string;
  document: Uint8Array;
  mediaType: string;
  /** The signer's signing certificate, DER. */
  certificate: Uint8Array;
  signingTime: Date;
  /** What the signer signs as, e.g. "Juhatuse liige"; shown by DigiDoc. */
  signerRole?: string;
  /**
   * The signature's Id, SIGNATURE_ID unless given. Each signature in one
   * container needs its own, so the caller gives each signer of a container
   * a distinct one (S0, S1, ...).
   */
  signatureId?: string;
};

/** Captures the canonical SignedInfo that xmldsigjs signs. */
class PreparedXml extends xadesjs.SignedXml {
  canonicalSignedInfo = '';
  protected override TransformSignedInfo(data?: Parameters<xadesjs.SignedXml['TransformSignedInfo']>[0]): string {
    this.canonicalSignedInfo = super.TransformSignedInfo(data);
    return this.canonicalSignedInfo;
  }
}

type Placeholder = { key: webcrypto.CryptoKey; algorithm: webcrypto.RsaHashedImportParams | webcrypto.EcdsaParams };
const placeholders = new Map<'rsa' | 'ec', Promise<Placeholder>>();

/**
 * xmldsigjs builds a SignedInfo only while signing with a key it holds. It is
 * given a key of the signer's kind (RSA or EC, which decides the
 * SignatureMethod) made once per process; its signature is discarded, the
 * eID's replaces it.
 */
function placeholderFor(kind: 'rsa' | 'ec'): Promise<Placeholder> {
  let placeholder = placeholders.get(kind);
  if (!placeholder) {
    placeholder = (async () => {
      if (kind === 'ec') {
        const algorithm = { name: 'ECDSA', hash: 'SHA-256' };
        const { privateKey } = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
          'sign',
          'verify',
        ])) as webcrypto.CryptoKeyPair;
        return { key: privateKey, algorithm };
      }
      const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const der = privateKey.export({ type: 'pkcs8', format: 'der' });
      return { key: await webcrypto.subtle.importKey('pkcs8', der, algorithm, false, ['sign']), algorithm };
    })();
    placeholders.set(kind, placeholder);
  }
  return placeholder;
}

const keyKindOf = (certificate: Uint8Array): 'rsa' | 'ec' => (new X509Certificate(certificate).publicKey.asymmetricKeyType === 'ec' ? 'ec' : 'rsa');

export async function prepareSignature(input: SignatureInput): Promise<PreparedSignature> {
  const signatureId = input.signatureId ?? SIGNATURE_ID;
  if (!SIGNATURE_ID_PATTERN.test(signatureId)) throw new Error(`the signature Id ${signatureId} is not a plain XML name`);
  const signedPropertiesId = `${signatureId}-SignedProperties`;
  const documentReferenceId = `${signatureId}-RefId0`;
  const certificate = Buffer.from(input.certificate).toString('base64');
  const placeholder = await placeholderFor(keyKindOf(input.certificate));
  const root = new DOMImplementation().createDocument(NS.asic, 'asic:XAdESSignatures', null);

  const signed = new PreparedXml();
  // Stable ids, as DigiDoc writes them: QualifyingProperties point at the signature, the data object format at the reference.
  signed.XmlSignature.Id = signatureId;
  const properties = signed.Properties;
  if (!properties) throw new Error('xadesjs made no QualifyingProperties');
  properties.Target = `#${signatureId}`;
  properties.SignedProperties.Id = signedPropertiesId;
  const format = new xadesjs.xml.DataObjectFormat();
  format.ObjectReference = `#${documentReferenceId}`;
  format.MimeType = input.mediaType;
  properties.SignedProperties.SignedDataObjectProperties.DataObjectFormats.Add(format);
  // The contract is outside the XML: the reference names its path in the container and is digested from its bytes.
  signed.contentHandler = async (reference) => (reference.Uri === input.documentName ? new Uint8Array(input.document) : null);

  // XAdES times are whole seconds, as DigiDoc writes them.
  const signingTime = new Date(Math.floor(input.signingTime.getTime() / 1000) * 1000);
  await signed.Sign(placeholder.algorithm, placeholder.key, root as never, {
    references: [{ id: documentReferenceId, uri: input.documentName, hash: 'SHA-256' }],
    x509: [certificate],
    signingCertificateV2: certificate,
    signingTime: { value: signingTime },
    ...(input.signerRole ? { signerRole: { claimed: [input.signerRole] } } : {}),
  });
  const signature = signed.GetXml();
  if (!signature) throw new Error('xadesjs made no Signature element');
  root.documentElement?.appendChild(signature as never);
  // The placeholder's value must never pass for a signature.
  const value = onlyElement(root, NS.ds, 'SignatureValue');
  if (value) value.textContent = '';
  return {
    signatureXml: serializeXml(root),
    digest: createHash('sha256').update(Buffer.from(signed.canonicalSignedInfo, 'utf8')).digest(),
  };
}

const signatureElementOf = (document: ReturnType<typeof parseXml>, name: string): Element => {
  const element = onlyElement(document, NS.ds, name);
  if (!element) throw new Error(`the signature XML has no single ${name}`);
  return element;
};

/** The prepared XML with the eID's signature value (RSA PKCS#1 v1.5, or ECDSA r||s as XML-DSig wants it). */
export function withSignatureValue(signatureXml: string, signatureValue: Uint8Array): string {
  const document = parseXml(signatureXml);
  signatureElementOf(document, 'SignatureValue').textContent = Buffer.from(signatureValue).toString('base64');
  return serializeXml(document);
}

/** The bytes a SignatureTimeStamp covers: the SignatureValue element, canonicalised by `algorithm`. */
export function timestampedBytes(signatureXml: string, algorithm: string = EXC_C14N): Buffer {
  if (algorithm !== EXC_C14N && algorithm !== C14N) throw new Error(`unsupported canonicalisation ${algorithm}`);
  const value = signatureElementOf(parseXml(signatureXml), 'SignatureValue');
  return Buffer.from(new XmlCanonicalizer(false, algorithm === EXC_C14N).Canonicalize(value as never), 'utf8');
}

export type ValidationData = {
  /** RFC 3161 TimeStampToken (DER ContentInfo) over timestampedBytes(signatureXml). */
  timestampToken: Uint8Array;
  /** The signer's issuer and whatever else the chain and the OCSP responder need, DER. */
  certificates: Uint8Array[];
  /** The signer certificate's OCSP response, DER. */
  ocspResponse: Uint8Array;
};

/** Baseline LT: the unsigned properties hold the signature time-stamp, the certificate values and the OCSP response. */
export function withValidationData(signatureXml: string, data: ValidationData): string {
  const document = parseXml(signatureXml);
  const qualifying = onlyElement(document, NS.xades, 'QualifyingProperties');
  if (!qualifying) throw new Error('the signature XML has no QualifyingProperties');
  // The time-stamp's Id derives from its signature's, as the prepared Ids do: S1's is S1-T0.
  const signatureId = signatureElementOf(document, 'Signature').getAttribute('Id') ?? SIGNATURE_ID;

  const properties = new xadesjs.xml.UnsignedProperties();
  const timestamp = new xadesjs.xml.SignatureTimeStamp();
  timestamp.Id = `${signatureId}-T0`;
  timestamp.CanonicalizationMethod.Algorithm = EXC_C14N;
  const token = new xadesjs.xml.EncapsulatedTimeStamp();
  token.Value = new Uint8Array(data.timestampToken);
  timestamp.EncapsulatedTimeStamp.Add(token);
  properties.UnsignedSignatureProperties.Add(timestamp);

  const certificates = new xadesjs.xml.CertificateValues();
  for (const der of data.certificates) {
    const certificate = new xadesjs.xml.EncapsulatedX509Certificate();
    certificate.Value = new Uint8Array(der);
    certificates.EncapsulatedX509Certificates.Add(certificate);
  }
  properties.UnsignedSignatureProperties.Add(certificates);

  const revocation = new xadesjs.xml.RevocationValues();
  const ocsp = new xadesjs.xml.EncapsulatedOCSPValue();
  ocsp.Value = new Uint8Array(data.ocspResponse);
  revocation.OCSPValues.Add(ocsp);
  properties.UnsignedSignatureProperties.Add(revocation);

  const element = properties.GetXml();
  if (!element) throw new Error('xadesjs made no UnsignedProperties element');
  qualifying.appendChild(document.importNode(element as never, true));
  return serializeXml(document);
}
