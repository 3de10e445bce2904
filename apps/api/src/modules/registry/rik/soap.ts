import { DOMParser, type Element, type Node } from '@xmldom/xmldom';

/** The producer namespace of every element of the register's services (docs/register-facts.md section 1.2). */
export const PRODUCER_NAMESPACE = 'http://arireg.x-road.eu/producer/';
export const SOAP_ENVELOPE_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';

/** A parameter of `keha`, in the schema's order; a list repeats its element. */
export type RikField = readonly [name: string, value: string | number | boolean | readonly string[]];

const escapeXml = (value: string): string =>
  value.replace(/[<>&'"]/g, (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[character] ?? character);

// Characters XML 1.0 cannot carry at all, not even escaped; a value holding one was never meant for the register.
const isXmlCharacter = (code: number) => code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);

/** A document/literal wrapped request: `<operation><keha>…</keha></operation>` in the producer namespace. */
export const buildEnvelope = (operation: string, fields: readonly RikField[]): string => {
  const element = (name: string, value: string) => {
    if (![...value].every((character) => isXmlCharacter(character.codePointAt(0) ?? 0))) throw new Error(`${name} holds a character XML cannot carry`);
    return `<prod:${name}>${escapeXml(value)}</prod:${name}>`;
  };
  const body = fields
    .flatMap(([name, value]) => (Array.isArray(value) ? value.map((entry: string) => element(name, entry)) : [element(name, String(value))]))
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENVELOPE_NAMESPACE}" xmlns:prod="${PRODUCER_NAMESPACE}">` +
    `<soapenv:Body><prod:${operation}><prod:keha>${body}</prod:keha></prod:${operation}></soapenv:Body></soapenv:Envelope>`
  );
};

export type SoapFault = { faultCode: string; faultString: string };

const isElement = (node: Node): node is Element => node.nodeType === 1;
const childElements = (parent: Node): Element[] => Array.from(parent.childNodes).filter(isElement);

// xmldom throws on a fatal error and reports the others: either way the text is no document to read.
const parseQuietly = (text: string) => {
  const errors: string[] = [];
  try {
    const document = new DOMParser({ onError: (level, message) => void (level !== 'warning' && errors.push(message)) }).parseFromString(text, 'text/xml');
    return errors.length > 0 ? undefined : document;
  } catch {
    return undefined;
  }
};

/** The SOAP 1.1 Fault of an XML body, or undefined when the body is not one. */
export const readFault = (text: string): SoapFault | undefined => {
  if (!text.trimStart().startsWith('<')) return undefined;
  const document = parseQuietly(text);
  const fault = document?.getElementsByTagNameNS(SOAP_ENVELOPE_NAMESPACE, 'Fault')[0];
  if (!fault) return undefined;
  // faultcode and faultstring are unqualified children of the Fault in SOAP 1.1.
  const child = (name: string) => (childElements(fault).find((node) => node.localName === name)?.textContent ?? '').trim();
  return { faultCode: child('faultcode'), faultString: child('faultstring') };
};

/** What a request's XML says: the wrapper element's name and the fields of its `keha`, for the stand-in. */
export const readRequest = (text: string): { operation: string; fields: Map<string, string[]> } | undefined => {
  const document = parseQuietly(text);
  const body = document?.getElementsByTagNameNS(SOAP_ENVELOPE_NAMESPACE, 'Body')[0];
  const [wrapper] = body ? childElements(body) : [];
  if (!wrapper || wrapper.namespaceURI !== PRODUCER_NAMESPACE || !wrapper.localName) return undefined;
  const operation = wrapper.localName;
  const keha = childElements(wrapper).find((node) => node.localName === 'keha');
  const fields = new Map<string, string[]>();
  for (const node of keha ? childElements(keha) : []) {
    const name = node.localName ?? '';
    fields.set(name, [...(fields.get(name) ?? []), node.textContent ?? '']);
  }
  return { operation, fields };
};
