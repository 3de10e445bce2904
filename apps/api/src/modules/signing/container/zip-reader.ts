import { crc32, inflateRawSync } from 'node:zlib';

/*
 * A strict reader of the ZIP under a signed container. A ZIP names its files
 * twice: in a local header before each file's bytes (what a streaming reader
 * sees) and in the central directory at the end (what most libraries read).
 * A forger can make the two disagree, or give two entries one name, so that
 * a checker judges one file while DigiDoc, an unzip tool or a person sees
 * another; fflate's unzipSync, for one, keeps only the last entry of a name.
 * This reader accepts only a ZIP that every reader must see alike: entries
 * back to back from the first byte, each local header equal to its central
 * record, no two names that could be one file on some system, no path that
 * leaves the folder, no encryption or ZIP64, and every CRC true.
 */

export class ZipRefused extends Error {}

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  /** Length of the local header's extra field: ASiC wants none on mimetype. */
  localExtraLength: number;
  content: Uint8Array;
};

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const DATA_DESCRIPTOR = 0x08074b50;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
// Deflate options (bits 1, 2), a data descriptor (3) and UTF-8 names (11); anything else is refused.
const ALLOWED_FLAGS = 0x0002 | 0x0004 | FLAG_DATA_DESCRIPTOR | FLAG_UTF8;
// Extra fields that give an entry another size (ZIP64) or another name (Info-ZIP Unicode Path) in some readers.
const REFUSED_EXTRA_FIELDS = new Map([
  [0x0001, 'ZIP64'],
  [0x7075, 'Unicode path'],
]);
/** A signed contract is a few hundred kilobytes; the limits only stop a ZIP bomb given to the command-line check. */
export const ZIP_LIMITS = { entries: 100, totalBytes: 64 * 1024 * 1024 } as const;

type CentralRecord = { name: string; nameBytes: Buffer; flags: number; method: number; crc: number; compressedSize: number; size: number; offset: number };

function refuse(reason: string): never {
  throw new ZipRefused(reason);
}

/** The key under which two names would be one file on a case-insensitive or Unicode-normalising file system. */
export const foldedName = (name: string): string => name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');

/** Why a name cannot be a file inside the container, or undefined when it can. */
export function unsafeNameReason(name: string): string | undefined {
  if (name === '') return 'an empty name';
  if (name.includes('\\')) return 'a backslash';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'an absolute path';
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'a control character';
  if (name.endsWith('/')) return 'a folder entry';
  const segments = name.split('/');
  if (segments.includes('..')) return 'a ".." segment';
  if (segments.some((segment) => segment === '' || segment === '.')) return 'an empty or "." segment';
  return undefined;
}

function decodeName(bytes: Buffer, flags: number): string {
  // Without the UTF-8 flag a name is CP437 to some readers and UTF-8 to others: only ASCII reads alike.
  if ((flags & FLAG_UTF8) === 0 && bytes.some((byte) => byte >= 0x80)) refuse('a file name that is not ASCII and not marked UTF-8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse('a file name that is not UTF-8');
  }
}

function checkExtraField(view: Buffer, start: number, length: number, where: string): void {
  let offset = start;
  const end = start + length;
  while (offset < end) {
    if (offset + 4 > end) refuse(`a malformed extra field in ${where}`);
    const id = view.readUInt16LE(offset);
    const size = view.readUInt16LE(offset + 2);
    const refused = REFUSED_EXTRA_FIELDS.get(id);
    if (refused) refuse(`a ${refused} extra field in ${where}`);
    offset += 4 + size;
  }
  if (offset !== end) refuse(`a malformed extra field in ${where}`);
}

function findEndOfCentralDirectory(view: Buffer): number {
  // The record is 22 bytes plus a comment of up to 64 KiB, and must end exactly where the file does.
  for (let offset = view.length - 22; offset >= Math.max(0, view.length - 22 - 0xffff); offset -= 1) {
    if (view.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY && offset + 22 + view.readUInt16LE(offset + 20) === view.length) return offset;
  }
  return refuse('no end of central directory record');
}

function readCentralDirectory(view: Buffer, end: number): { records: CentralRecord[]; start: number } {
  if (end >= 20 && view.readUInt32LE(end - 20) === ZIP64_END_LOCATOR) refuse('a ZIP64 file');
  const disk = view.readUInt16LE(end + 4);
  const directoryDisk = view.readUInt16LE(end + 6);
  const entriesOnDisk = view.readUInt16LE(end + 8);
  const entries = view.readUInt16LE(end + 10);
  const size = view.readUInt32LE(end + 12);
  const start = view.readUInt32LE(end + 16);
  if (disk !== 0 || directoryDisk !== 0 || entriesOnDisk !== entries) refuse('a ZIP split over several disks');
  if (entries === 0xffff || size === 0xffffffff || start === 0xffffffff) refuse('a ZIP64 file');
  if (entries > ZIP_LIMITS.entries) refuse(`more than ${ZIP_LIMITS.entries} entries`);
  // Nothing may hide between the central directory and its end record.
  if (start + size !== end) refuse('the central directory does not end where its end record begins');

  const records: CentralRecord[] = [];
  let offset = start;
  for (let index = 0; index < entries; index += 1) {
    if (offset + 46 > end || view.readUInt32LE(offset) !== CENTRAL_HEADER) refuse('a malformed central directory');
    const nameLength = view.readUInt16LE(offset + 28);
    const extraLength = view.readUInt16LE(offset + 30);
    const commentLength = view.readUInt16LE(offset + 32);
    const next = offset + 46 + nameLength + extraLength + commentLength;
    if (next > end) refuse('a malformed central directory');
    const flags = view.readUInt16LE(offset + 8);
    const nameBytes = view.subarray(offset + 46, offset + 46 + nameLength);
    const record: CentralRecord = {
      name: decodeName(nameBytes, flags),
      nameBytes,
      flags,
      method: view.readUInt16LE(offset + 10),
      crc: view.readUInt32LE(offset + 16),
      compressedSize: view.readUInt32LE(offset + 20),
      size: view.readUInt32LE(offset + 24),
      offset: view.readUInt32LE(offset + 42),
    };
    if (view.readUInt16LE(offset + 34) !== 0) refuse('a ZIP split over several disks');
    checkExtraField(view, offset + 46 + nameLength, extraLength, record.name);
    records.push(record);
    offset = next;
  }
  if (offset !== end) refuse('the central directory holds more than its end record counts');
  return { records, start };
}

/** Checks the local header at `record.offset` against its central record; answers the entry and where the next one must begin. */
function readLocalEntry(view: Buffer, record: CentralRecord): { entry: ZipEntry; next: number } {
  const { name, offset } = record;
  if (offset + 30 > view.length || view.readUInt32LE(offset) !== LOCAL_HEADER) refuse(`no local header for ${name}`);
  const flags = view.readUInt16LE(offset + 6);
  const method = view.readUInt16LE(offset + 8);
  const crc = view.readUInt32LE(offset + 14);
  const compressedSize = view.readUInt32LE(offset + 18);
  const size = view.readUInt32LE(offset + 22);
  const nameLength = view.readUInt16LE(offset + 26);
  const extraLength = view.readUInt16LE(offset + 28);
  const dataStart = offset + 30 + nameLength + extraLength;
  if (dataStart > view.length) refuse(`a truncated local header for ${name}`);
  if (!view.subarray(offset + 30, offset + 30 + nameLength).equals(record.nameBytes)) refuse(`the local header of ${name} names another file`);
  if (flags !== record.flags || method !== record.method) refuse(`the local header of ${name} disagrees with the central directory`);
  checkExtraField(view, offset + 30 + nameLength, extraLength, name);

  const described = (flags & FLAG_DATA_DESCRIPTOR) !== 0;
  // With a data descriptor the local header may leave CRC and sizes zero; whatever it states must still agree.
  const stated = [crc, compressedSize, size];
  const central = [record.crc, record.compressedSize, record.size];
  if (stated.some((value, index) => value !== central[index] && !(described && value === 0)))
    refuse(`the local header of ${name} disagrees with the central directory`);

  const dataEnd = dataStart + record.compressedSize;
  if (dataEnd > view.length) refuse(`the data of ${name} is truncated`);
  let next = dataEnd;
  if (described) {
    // The descriptor's signature is optional (APPNOTE 4.3.9.3).
    const signed = dataEnd + 4 <= view.length && view.readUInt32LE(dataEnd) === DATA_DESCRIPTOR ? 4 : 0;
    if (dataEnd + signed + 12 > view.length) refuse(`the data descriptor of ${name} is truncated`);
    const descriptor = [0, 4, 8].map((field) => view.readUInt32LE(dataEnd + signed + field));
    if (descriptor.some((value, index) => value !== central[index])) refuse(`the data descriptor of ${name} disagrees with the central directory`);
    next = dataEnd + signed + 12;
  }

  const data = view.subarray(dataStart, dataEnd);
  let content: Uint8Array;
  if (method === 0) {
    if (record.compressedSize !== record.size) refuse(`the stored entry ${name} has two sizes`);
    content = new Uint8Array(data);
  } else if (method === 8) {
    try {
      content = new Uint8Array(inflateRawSync(data, { maxOutputLength: Math.max(1, record.size) }));
    } catch {
      return refuse(`${name} does not inflate to its stated size`);
    }
  } else {
    return refuse(`${name} uses compression method ${method}`);
  }
  if (content.length !== record.size) refuse(`${name} does not inflate to its stated size`);
  if (crc32(content) !== record.crc) refuse(`the CRC of ${name} is wrong`);
  return { entry: { name, method, localExtraLength: extraLength, content }, next };
}

/** The entries in their order; throws ZipRefused for anything two readers could see differently. */
export function readZipStrictly(bytes: Uint8Array): ZipEntry[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length < 22 || view.readUInt32LE(0) !== LOCAL_HEADER) refuse('not a ZIP file');
  const { records, start } = readCentralDirectory(view, findEndOfCentralDirectory(view));

  const seen = new Map<string, string>();
  let declared = 0;
  for (const record of records) {
    if ((record.flags & FLAG_ENCRYPTED) !== 0) refuse(`${record.name} is encrypted`);
    if ((record.flags & ~ALLOWED_FLAGS) !== 0) refuse(`${record.name} has unsupported flags`);
    const unsafe = unsafeNameReason(record.name);
    if (unsafe) refuse(`the entry name ${JSON.stringify(record.name)} has ${unsafe}`);
    const folded = foldedName(record.name);
    const earlier = seen.get(folded);
    if (earlier !== undefined)
      refuse(earlier === record.name ? `two entries named ${record.name}` : `two entries whose names fold alike: ${earlier} and ${record.name}`);
    seen.set(folded, record.name);
    declared += record.size;
    if (declared > ZIP_LIMITS.totalBytes) refuse(`more than ${ZIP_LIMITS.totalBytes} bytes`);
  }

  // Back to back from the first byte to the central directory, in directory order: a streaming reader
  // walking the local headers meets exactly the entries the central directory lists, and nothing else.
  const entries: ZipEntry[] = [];
  let expected = 0;
  for (const record of records) {
    if (record.offset !== expected) refuse(`${record.name} is not where the previous entry ends`);
    const { entry, next } = readLocalEntry(view, record);
    entries.push(entry);
    expected = next;
  }
  if (expected !== start) refuse('bytes between the last entry and the central directory');
  return entries;
}
