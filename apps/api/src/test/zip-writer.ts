import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Writes a ZIP entry by entry, so tests can build the ZIPs a library refuses
 * to write: two entries of one name, a local header that names another file
 * than the central directory, data descriptors, bytes before the first
 * entry. Every field is written as APPNOTE 4.3.7 and 4.3.12 lay it out.
 */
export type RawEntry = {
  name: string;
  content: Uint8Array;
  /** 0 stored (the default), 8 deflated. */
  method?: 0 | 8;
  /** The name in the local header, when it should differ from the central directory's. */
  localName?: string;
  /** The CRC the central directory states, when it should be wrong. */
  centralCrc?: number;
  /** Sizes and CRC after the data (flag bit 3), zero in the local header. */
  dataDescriptor?: boolean;
  /** The uncompressed size both headers state, when it should be wrong. */
  statedSize?: number;
  localExtra?: Uint8Array;
};

const DOS_DATE_1980_01_01 = 0x21;

export function writeZip(entries: readonly RawEntry[], options: { prefix?: Uint8Array; comment?: string } = {}): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const push = (part: Buffer) => {
    parts.push(part);
    offset += part.length;
  };
  if (options.prefix) push(Buffer.from(options.prefix));

  for (const entry of entries) {
    const method = entry.method ?? 0;
    const data = method === 8 ? deflateRawSync(entry.content) : Buffer.from(entry.content);
    const crc = crc32(entry.content);
    const flags = 0x0800 | (entry.dataDescriptor ? 0x0008 : 0);
    const name = Buffer.from(entry.name, 'utf8');
    const localName = Buffer.from(entry.localName ?? entry.name, 'utf8');
    const extra = Buffer.from(entry.localExtra ?? new Uint8Array());
    const headerOffset = offset;
    const size = entry.statedSize ?? entry.content.length;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(DOS_DATE_1980_01_01, 12);
    local.writeUInt32LE(entry.dataDescriptor ? 0 : crc, 14);
    local.writeUInt32LE(entry.dataDescriptor ? 0 : data.length, 18);
    local.writeUInt32LE(entry.dataDescriptor ? 0 : size, 22);
    local.writeUInt16LE(localName.length, 26);
    local.writeUInt16LE(extra.length, 28);
    push(Buffer.concat([local, localName, extra, data]));
    if (entry.dataDescriptor) {
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(data.length, 8);
      descriptor.writeUInt32LE(size, 12);
      push(descriptor);
    }

    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(flags, 8);
    record.writeUInt16LE(method, 10);
    record.writeUInt16LE(0, 12);
    record.writeUInt16LE(DOS_DATE_1980_01_01, 14);
    record.writeUInt32LE(entry.centralCrc ?? crc, 16);
    record.writeUInt32LE(data.length, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(headerOffset, 42);
    central.push(Buffer.concat([record, name]));
  }

  const directory = Buffer.concat(central);
  const comment = Buffer.from(options.comment ?? '', 'utf8');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(comment.length, 20);
  return new Uint8Array(Buffer.concat([...parts, directory, end, comment]));
}
