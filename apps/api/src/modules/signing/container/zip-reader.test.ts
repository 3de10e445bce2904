import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { writeZip, type RawEntry } from '../../../test/zip-writer.js';
import { readZipStrictly } from './zip-reader.js';

/**
 * The strict ZIP reader under verifyContainer: a ZIP that two readers could
 * see differently is refused, naming why; ZIPs as fflate and as Java-style
 * writers (data descriptors) make them are read.
 */

const mimetype: RawEntry = { name: 'mimetype', content: strToU8('application/vnd.etsi.asic-e+zip') };
const contract: RawEntry = { name: 'contract.pdf', content: strToU8('%PDF-1.7\n% the contract\n'), method: 8 };
const refusal = (bytes: Uint8Array): string => {
  try {
    readZipStrictly(bytes);
    return 'read';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('readZipStrictly', () => {
  it('reads a ZIP as fflate writes it, and one with data descriptors and a comment, entries in order', () => {
    const fflate = readZipStrictly(zipSync({ mimetype: [mimetype.content, { level: 0 }], 'contract.pdf': [contract.content, { level: 6 }] }));
    expect(fflate.map(({ name, method, localExtraLength }) => [name, method, localExtraLength])).toEqual([
      ['mimetype', 0, 0],
      ['contract.pdf', 8, 0],
    ]);
    expect(Buffer.from(fflate[1]?.content ?? []).toString()).toBe('%PDF-1.7\n% the contract\n');
    const described = readZipStrictly(writeZip([mimetype, { ...contract, dataDescriptor: true }], { comment: 'made by a Java writer' }));
    expect(described.map(({ name }) => name)).toEqual(['mimetype', 'contract.pdf']);
  });

  it.each([
    ['two entries of one name', [mimetype, contract, { ...contract, content: strToU8('another') }], 'two entries named contract.pdf'],
    [
      'names that differ only in case',
      [mimetype, contract, { ...contract, name: 'Contract.PDF' }],
      'two entries whose names fold alike: contract.pdf and Contract.PDF',
    ],
    [
      'names that differ only in Unicode normalisation',
      [mimetype, { ...contract, name: 'leping-\u00f5.pdf' }, { ...contract, name: 'leping-o\u0303.pdf' }],
      'fold alike',
    ],
    ['a local header naming another file', [mimetype, { ...contract, localName: 'other.pdf' }], 'the local header of contract.pdf names another file'],
    [
      'a central CRC that is not the local one',
      [mimetype, { ...contract, centralCrc: 1 }],
      'the local header of contract.pdf disagrees with the central directory',
    ],
    ['a ".." segment', [mimetype, { ...contract, name: 'META-INF/../contract.pdf' }], 'has a ".." segment'],
    ['an absolute path', [mimetype, { ...contract, name: '/etc/contract.pdf' }], 'has an absolute path'],
    ['a drive letter', [mimetype, { ...contract, name: 'C:contract.pdf' }], 'has an absolute path'],
    ['a backslash', [mimetype, { ...contract, name: 'META-INF\\signatures0.xml' }], 'has a backslash'],
    ['a folder entry', [mimetype, { ...contract, name: 'META-INF/', content: new Uint8Array() }], 'has a folder entry'],
    ['a ZIP64 extra field', [mimetype, { ...contract, localExtra: Uint8Array.of(1, 0, 0, 0) }], 'a ZIP64 extra field in contract.pdf'],
    ['a Unicode path extra field', [mimetype, { ...contract, localExtra: Uint8Array.of(0x75, 0x70, 0, 0) }], 'a Unicode path extra field in contract.pdf'],
  ] as const)('refuses %s', (_, entries, reason) => {
    expect(refusal(writeZip(entries))).toContain(reason);
  });

  it('refuses bytes before the first entry, between entries and the directory, and after the end record', () => {
    expect(refusal(writeZip([mimetype, contract], { prefix: strToU8('PK\u0003\u0004 hidden') }))).toContain('is not where the previous entry ends');
    const valid = writeZip([mimetype, contract]);
    expect(refusal(Buffer.concat([valid, strToU8('trailing')]))).toBe('no end of central directory record');
    expect(refusal(strToU8('not a zip at all'))).toBe('not a ZIP file');
  });

  it('refuses a wrong CRC and a deflated entry that inflates to more than it states', () => {
    const valid = Buffer.from(writeZip([mimetype, { ...contract, method: 0 }]));
    // Flip a byte of the stored contract: the sizes agree, the CRC does not.
    const at = valid.indexOf('% the contract');
    valid[at] = 0x25 ^ 0x01;
    expect(refusal(valid)).toBe('the CRC of contract.pdf is wrong');
    expect(refusal(writeZip([mimetype, { ...contract, statedSize: 4 }]))).toBe('contract.pdf does not inflate to its stated size');
  });
});
