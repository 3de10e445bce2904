import { webcrypto } from 'node:crypto';
import { DOMImplementation, DOMParser, XMLSerializer, type Document, type Element, type Node } from '@xmldom/xmldom';
import * as xadesjs from 'xadesjs';

/*
 * xadesjs and xmldsigjs run on a DOM and a WebCrypto they are given once per
 * process: @xmldom/xmldom and Node's own WebCrypto. Every module of the
 * container imports the libraries from here so the set-up always runs first.
 */
xadesjs.setNodeDependencies({ XMLSerializer, DOMParser, DOMImplementation });
xadesjs.Application.setEngine('NodeJS', webcrypto as unknown as Parameters<typeof xadesjs.Application.setEngine>[1]);

export { xadesjs, DOMImplementation, DOMParser, XMLSerializer };
export type { Document, Element, Node };

export const NS = {
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
  asic: 'http://uri.etsi.org/02918/v1.2.1#',
  manifest: 'urn:oasis:names:tc:opendocument:xmlns:manifest:1.0',
} as const;

export const parseXml = (text: string): Document => {
  const errors: string[] = [];
  const document = new DOMParser({ onError: (level, message) => void (level !== 'warning' && errors.push(message)) }).parseFromString(text, 'application/xml');
  if (errors.length > 0) throw new Error(`not well-formed XML: ${errors[0]}`);
  return document;
};

export const serializeXml = (node: Node): string => new XMLSerializer().serializeToString(node);

/** The only element of that name and namespace below `root`, or undefined when there is none or more than one. */
export const onlyElement = (root: Document | Element, namespace: string, localName: string): Element | undefined => {
  const found = root.getElementsByTagNameNS(namespace, localName);
  return found.length === 1 ? (found[0] ?? undefined) : undefined;
};
