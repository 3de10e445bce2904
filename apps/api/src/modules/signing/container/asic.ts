import { zipSync, strFromU8, strToU8 } from 'fflate';
import { DOMImplementation, NS, serializeXml } from './xml-library.js';
import { readZipStrictly } from './zip-reader.js';

/*
 * The ASiC-E container (ETSI EN 319 162-1): a ZIP whose first entry is
 * `mimetype`, stored, then the signed document, META-INF/manifest.xml (the
 * OpenDocument manifest naming each file's media type) and one XAdES
 * signature file per signer: META-INF/signatures0.xml, signatures1.xml, ...,
 * numbered from 0 without a gap, as DigiDoc writes them. The signatures are
 * parallel: each covers the same document and none covers another, so a
 * later signer adds a file and leaves the earlier ones as they were.
 */

export const ASIC_E_MEDIA_TYPE = 'application/vnd.etsi.asic-e+zip';
export const MIMETYPE_PATH = 'mimetype';
export const MANIFEST_PATH = 'META-INF/manifest.xml';

/** The path of the container's signature file `index` (from 0). */
export const signaturesPath = (index: number): string => `META-INF/signatures${String(index)}.xml`;
// Exactly the names signaturesPath gives: no leading zeros, so one index has one name.
const SIGNATURES_NAME = /^META-INF\/signatures(0|[1-9][0-9]{0,5})\.xml$/;

/** The index of a signature file's name, or undefined when the name is not exactly META-INF/signatures<n>.xml. */
export function signaturesIndexOf(name: string): number | undefined {
  const match = SIGNATURES_NAME.exec(name);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

export type ContainerDocument = { name: string; mediaType: string; content: Uint8Array };

export function manifestXml(documents: readonly ContainerDocument[]): string {
  const document = new DOMImplementation().createDocument(NS.manifest, 'manifest:manifest', null);
  const root = document.documentElement;
  if (!root) throw new Error('no manifest root');
  root.setAttributeNS(NS.manifest, 'manifest:version', '1.2');
  const entry = (path: string, mediaType: string) => {
    const element = document.createElementNS(NS.manifest, 'manifest:file-entry');
    element.setAttributeNS(NS.manifest, 'manifest:full-path', path);
    element.setAttributeNS(NS.manifest, 'manifest:media-type', mediaType);
    root.appendChild(element);
  };
  entry('/', ASIC_E_MEDIA_TYPE);
  for (const { name, mediaType } of documents) entry(name, mediaType);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serializeXml(document)}`;
}

/**
 * The container of `documents` with one signature file per XML in
 * `signaturesXmls`, in that order: the first is signatures0.xml. Earlier
 * signatures come first and unchanged, so adding a signer keeps their files.
 */
export function buildContainer(documents: readonly ContainerDocument[], signaturesXmls: readonly string[]): Uint8Array {
  if (signaturesXmls.length === 0) throw new Error('a container needs at least one signature');
  const files: Record<string, [Uint8Array, { level: 0 | 6 }]> = {
    // First and stored, so the file's first bytes name its type (EN 319 162-1 section A.1).
    [MIMETYPE_PATH]: [strToU8(ASIC_E_MEDIA_TYPE), { level: 0 }],
  };
  for (const { name, content } of documents) files[name] = [content, { level: 6 }];
  files[MANIFEST_PATH] = [strToU8(manifestXml(documents)), { level: 6 }];
  for (const [index, signaturesXml] of signaturesXmls.entries())
    files[signaturesPath(index)] = [strToU8(`<?xml version="1.0" encoding="UTF-8"?>\n${signaturesXml.replace(/^<\?xml[^>]*\?>\s*/, '')}`), { level: 6 }];
  return zipSync(files);
}

export type OpenedContainer = {
  /** Entry names in their order in the ZIP. */
  names: string[];
  files: Map<string, Uint8Array>;
  /** The first entry: its name, compression method and local extra field length. */
  firstEntry: { name: string; method: number; extraLength: number };
};

/** Reads the ZIP strictly (zip-reader.ts); throws ZipRefused on anything that is not one ZIP every reader sees alike. */
export function openContainer(bytes: Uint8Array): OpenedContainer {
  const entries = readZipStrictly(bytes);
  const first = entries[0];
  return {
    names: entries.map(({ name }) => name),
    files: new Map(entries.map(({ name, content }) => [name, content])),
    firstEntry: { name: first?.name ?? '', method: first?.method ?? -1, extraLength: first?.localExtraLength ?? -1 },
  };
}

export const textOf = (content: Uint8Array): string => strFromU8(content);

/**
 * The XML of the container's signature files in their order (signatures0.xml
 * first, by index, not by their place in the ZIP), so a later signer's
 * container can be built with the earlier signatures as they are. It does
 * not judge them: verifyContainer does.
 */
export function signaturesOf(container: OpenedContainer | Uint8Array): string[] {
  const opened = container instanceof Uint8Array ? openContainer(container) : container;
  return opened.names
    .flatMap((name) => {
      const index = signaturesIndexOf(name);
      return index === undefined ? [] : [{ index, xml: textOf(opened.files.get(name) ?? new Uint8Array()) }];
    })
    .sort((a, b) => a.index - b.index)
    .map(({ xml }) => xml);
}
