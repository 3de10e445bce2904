/**
 * Just enough DER reading to get a certificate's subject attributes and the
 * extensions Node's X509Certificate does not expose (key usage bits,
 * policies, QcType statements). Why it is not @peculiar/asn1-x509 yet:
 * docs/decisions/0010-hand-written-where-a-library-could.md.
 */

export type DerNode = { tag: number; content: Buffer; children: () => DerNode[] };

const readNode = (data: Buffer, offset: number): { node: DerNode; next: number } => {
  const tag = data[offset];
  let length = data[offset + 1];
  if (tag === undefined || length === undefined) throw new RangeError('truncated DER');
  let start = offset + 2;
  if (length & 0x80) {
    const lengthBytes = length & 0x7f;
    if (lengthBytes === 0 || lengthBytes > 4) throw new RangeError('unsupported DER length');
    length = data.readUIntBE(start, lengthBytes);
    start += lengthBytes;
  }
  const end = start + length;
  if (end > data.length) throw new RangeError('truncated DER');
  const content = data.subarray(start, end);
  return { node: { tag, content, children: () => readChildren(content) }, next: end };
};

const readChildren = (data: Buffer): DerNode[] => {
  const nodes: DerNode[] = [];
  for (let offset = 0; offset < data.length; ) {
    const { node, next } = readNode(data, offset);
    nodes.push(node);
    offset = next;
  }
  return nodes;
};

export const readDer = (data: Uint8Array): DerNode => readNode(Buffer.from(data), 0).node;

export const TAG = {
  boolean: 0x01,
  bitString: 0x03,
  octetString: 0x04,
  oid: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  teletexString: 0x14,
  ia5String: 0x16,
  bmpString: 0x1e,
  sequence: 0x30,
  set: 0x31,
  extensions: 0xa3,
} as const;

export const decodeOid = (content: Buffer): string => {
  const first = content[0] ?? 0;
  const parts = [Math.min(2, Math.floor(first / 40)), first - Math.min(2, Math.floor(first / 40)) * 40];
  let value = 0;
  for (const byte of content.subarray(1)) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
};

/** The directory-string types certificates use for names; null for anything else. */
export const decodeString = (node: DerNode): string | null => {
  switch (node.tag) {
    case TAG.utf8String:
      return node.content.toString('utf8');
    case TAG.printableString:
    case TAG.ia5String:
      return node.content.toString('ascii');
    case TAG.teletexString:
      return node.content.toString('latin1');
    case TAG.bmpString:
      return Buffer.from(node.content).swap16().toString('utf16le');
    default:
      return null;
  }
};
