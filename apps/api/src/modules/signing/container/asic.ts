import { zipSync, strFromU8, strToU8 } from 'fflate';
import { DOMImplementation, NS, serializeXml } from './xml-library.js';
import { readZipStrictly } from './zip-reader.js';

/*
 * The ASiC-E container (ETSI EN 319 162-1): a ZIP whose first entry is
 * `mimetype`, stored, then the signed document, META-INF/manifest.xml (the
 * OpenDocument manifest naming each file's media type) and
 * META-INF/signatures0.xml with the XAdES signature.
 */

export const ASIC_E_MEDIA_TYPE = 'application/vnd.etsi.asic-e+zip';
export const MIMETYPE_PATH = 'mimetype';
export const MANIFEST_PATH = 'META-INF/manifest.xml';
export const SIGNATURES_PATH = 'META-INF/signatures0.xml';

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

export function buildContainer(documents: readonly ContainerDocument[], signaturesXml: string): Uint8Array {
  const files: Record<string, [Uint8Array, { level: 0 | 6 }]> = {
    // First and stored, so the file's first bytes name its type (EN 319 162-1 section A.1).
    [MIMETYPE_PATH]: [strToU8(ASIC_E_MEDIA_TYPE), { level: 0 }],
  };
  for (const { name, content } of documents) files[name] = [content, { level: 6 }];
  files[MANIFEST_PATH] = [strToU8(manifestXml(documents)), { level: 6 }];
  files[SIGNATURES_PATH] = [strToU8(`<?xml version="1.0" encoding="UTF-8"?>\n${signaturesXml.replace(/^<\?xml[^>]*\?>\s*/, '')}`), { level: 6 }];
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
