import { createHash, createPrivateKey, X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCertificateAuthority, issueCertificate, KeyUsageFlags, validForDays, type Credential } from '../../../simulators/pki.js';
import { personSubject } from '../../../simulators/simulator-pki.js';
import { signDigest } from '../../identity/digest-signature.js';
import { validateWithXmllint, verifyWithXmlsec1 } from '../../../test/xml-tools.js';
import { buildContainer, openContainer, signaturesOf, ASIC_E_MEDIA_TYPE } from './asic.js';
import { prepareSignature, timestampedBytes, withSignatureValue, withValidationData } from './xades.js';

/**
 * The XAdES signature and the ASiC-E built around it, checked by tools we
 * did not write: xmlsec1 for the XML-DSig core, xmllint for the schemas.
 * The key is held here, so the eID's part is played by Node's crypto.
 */

const person = { personalId: '38001085718', givenName: 'JAAK-KRISTJAN', surname: 'JÕEORG' };
const document = { name: 'contract-test.pdf', mediaType: 'application/pdf', content: Buffer.from('%PDF-1.7\n% a contract\n') };
let ca: Credential;
const signers: Record<'rsa' | 'ec', Credential> = {} as Record<'rsa' | 'ec', Credential>;

beforeAll(async () => {
  ca = await createCertificateAuthority([{ '2.5.4.3': ['TEST container CA'] }], validForDays(10));
  for (const kind of ['rsa', 'ec'] as const) {
    signers[kind] = await issueCertificate(ca, {
      subject: personSubject(person),
      keyKind: kind === 'rsa' ? 'rsa-2048' : 'ec-p384',
      validity: validForDays(5),
      keyUsages: KeyUsageFlags.nonRepudiation,
    });
  }
});

/** What the eID does: sign the hash it is given (here, the canonical SignedInfo it stands for). */
async function signedContainer(kind: 'rsa' | 'ec', signatureId?: string) {
  const signer = signers[kind];
  const certificate = new X509Certificate(signer.certificatePem);
  const prepared = await prepareSignature({
    documentName: document.name,
    document: document.content,
    mediaType: document.mediaType,
    certificate: certificate.raw,
    signingTime: new Date(),
    ...(signatureId === undefined ? {} : { signatureId }),
  });
  // As SK's services and the card do: a signature over the digest itself (RSA PKCS#1 v1.5, ECDSA r||s).
  const value = signDigest(createPrivateKey(signer.privateKeyPem), prepared.digest, 'SHA256');
  const signed = withSignatureValue(prepared.signatureXml, value);
  const complete = withValidationData(signed, {
    timestampToken: Buffer.from('token'),
    certificates: [new X509Certificate(ca.certificatePem).raw],
    ocspResponse: Buffer.from('ocsp'),
  });
  return { prepared, signed, complete, container: buildContainer([document], [complete]) };
}

describe('the XAdES signature', () => {
  it.each(['rsa', 'ec'] as const)('with a %s key verifies in xmlsec1 over the contract and the signed properties', async (kind) => {
    const { container } = await signedContainer(kind);
    const result = await verifyWithXmlsec1(container, ca.certificatePem);
    expect(result.output).toContain('SignedInfo References (ok/all): 2/2');
    expect(result.ok, result.output).toBe(true);
  });

  it('validates against the XML-DSig, XAdES and ASiC schemas', async () => {
    const { complete } = await signedContainer('ec');
    const result = await validateWithXmllint(complete);
    expect(result.ok, result.output).toBe(true);
  });

  it('fails the schemas when a signed property is not XAdES', async () => {
    const { complete } = await signedContainer('ec');
    const broken = complete.replace('<xades:SigningTime>', '<xades:SigningPlace>x</xades:SigningPlace><xades:SigningTime>');
    expect((await validateWithXmllint(broken)).ok).toBe(false);
  });

  it('fails xmlsec1 when the contract inside is changed', async () => {
    const { complete } = await signedContainer('ec');
    const tampered = buildContainer([{ ...document, content: Buffer.from('%PDF-1.7\n% another contract\n') }], [complete]);
    expect((await verifyWithXmlsec1(tampered, ca.certificatePem)).ok).toBe(false);
  });

  it('signs what the eID was given: the SHA-256 of the canonical SignedInfo', async () => {
    const { prepared, signed } = await signedContainer('rsa');
    expect(prepared.digest).toHaveLength(32);
    expect(prepared.signatureXml).toContain('<ds:SignatureValue/>');
    expect(signed).not.toContain('<ds:SignatureValue/>');
    // The time-stamp covers the SignatureValue element, exclusively canonicalised.
    expect(timestampedBytes(signed).toString()).toMatch(
      /^<ds:SignatureValue xmlns:ds="http:\/\/www.w3.org\/2000\/09\/xmldsig#">[A-Za-z0-9+/=]+<\/ds:SignatureValue>$/,
    );
    expect(createHash('sha256').update(timestampedBytes(signed)).digest()).toHaveLength(32);
  });
});

describe('the ASiC-E container', () => {
  it('starts with the stored mimetype and holds the contract, the manifest and the signature', async () => {
    const { container } = await signedContainer('ec');
    const opened = openContainer(container);
    expect(opened.firstEntry).toEqual({ name: 'mimetype', method: 0, extraLength: 0 });
    expect(Buffer.from(container.subarray(30, 38)).toString()).toBe('mimetype');
    expect(Buffer.from(container.subarray(38, 38 + ASIC_E_MEDIA_TYPE.length)).toString()).toBe(ASIC_E_MEDIA_TYPE);
    expect(opened.names).toEqual(['mimetype', document.name, 'META-INF/manifest.xml', 'META-INF/signatures0.xml']);
    const manifest = Buffer.from(opened.files.get('META-INF/manifest.xml') ?? []).toString();
    expect(manifest).toContain('manifest:full-path="/" manifest:media-type="application/vnd.etsi.asic-e+zip"');
    expect(manifest).toContain(`manifest:full-path="${document.name}" manifest:media-type="application/pdf"`);
  });

  it('holds parallel signatures of the document as signatures0.xml, signatures1.xml, in the order given, each verified by xmlsec1', async () => {
    const first = await signedContainer('rsa');
    const second = await signedContainer('ec', 'S1');
    // The Ids derive from the signature's own: two signatures of one container do not share any.
    expect(second.complete).toContain('Id="S1"');
    expect(second.complete).toContain('URI="#S1-SignedProperties"');
    expect(second.complete).toContain('Id="S1-T0"');
    expect(second.complete).not.toContain('"S0');

    const container = buildContainer([document], [first.complete, second.complete]);
    const opened = openContainer(container);
    expect(opened.names).toEqual(['mimetype', document.name, 'META-INF/manifest.xml', 'META-INF/signatures0.xml', 'META-INF/signatures1.xml']);
    expect(signaturesOf(container)).toEqual(
      [first.complete, second.complete].map((xml) => `<?xml version="1.0" encoding="UTF-8"?>\n${xml.replace(/^<\?xml[^>]*\?>\s*/, '')}`),
    );
    // A later signer's container keeps the earlier files byte for byte.
    const again = openContainer(buildContainer([document], signaturesOf(opened)));
    expect(Buffer.from(again.files.get('META-INF/signatures0.xml') ?? []).equals(Buffer.from(opened.files.get('META-INF/signatures0.xml') ?? []))).toBe(true);

    const result = await verifyWithXmlsec1(container, ca.certificatePem);
    expect(result.ok, result.output).toBe(true);
    expect(result.output.match(/SignedInfo References \(ok\/all\): 2\/2/g)).toHaveLength(2);
  });

  it('fails xmlsec1 when only the second signature is broken', async () => {
    const first = await signedContainer('rsa');
    const second = await signedContainer('ec', 'S1');
    const broken = second.complete.replace(/<ds:SignatureValue>[A-Za-z0-9+/]{4}/, '<ds:SignatureValue>AAAA');
    const result = await verifyWithXmlsec1(buildContainer([document], [first.complete, broken]), ca.certificatePem);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/META-INF\/signatures1\.xml:\n[\s\S]*FAIL/);
  });

  it('needs at least one signature', () => {
    expect(() => buildContainer([document], [])).toThrow('at least one signature');
  });
});
