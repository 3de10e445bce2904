import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';

const run = promisify(execFile);
const SCHEMA = fileURLToPath(new URL('../../../../tests/xsd/asic-xades-signatures.xsd', import.meta.url));

export type ToolResult = { ok: boolean; output: string };

async function inTemporaryFolder<T>(work: (directory: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(path.join(tmpdir(), 'asice-'));
  try {
    return await work(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The files unpacked into a temporary folder: a container's, or what one reader of a forged ZIP would show. */
const inUnpackedFiles = <T>(files: Readonly<Record<string, Uint8Array>>, work: (directory: string) => Promise<T>): Promise<T> =>
  inTemporaryFolder(async (directory) => {
    for (const [name, content] of Object.entries(files)) {
      if (name.endsWith('/')) continue;
      const target = path.join(directory, name);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content);
    }
    return work(directory);
  });

const outcome = async (command: Promise<{ stdout: string; stderr: string }>): Promise<ToolResult> => {
  try {
    const { stdout, stderr } = await command;
    return { ok: true, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? failed.message}` };
  }
};

/**
 * xmlsec1 (Debian's, not ours) checks the XML-DSig core of each signature
 * file (META-INF/signatures0.xml, signatures1.xml, ...): both reference
 * digests (the contract beside it, resolved by its relative URI, and the
 * SignedProperties by Id) and the signature value, with the signer
 * certificate from KeyInfo chained to one of the CAs in `trustedPem`. It
 * fails if any file fails; the output has each file's under its name.
 */
export function verifyWithXmlsec1(container: Uint8Array, trustedPem: string): Promise<ToolResult> {
  return verifyFilesWithXmlsec1(unzipSync(new Uint8Array(container)), trustedPem);
}

// The names the container gives signature files; xmlsec1 is shown each of these and nothing else.
const SIGNATURES_NAME = /^META-INF\/signatures\d+\.xml$/;

/** verifyWithXmlsec1 over files already unpacked, e.g. the entries a streaming reader shows of a forged ZIP. */
export function verifyFilesWithXmlsec1(files: Readonly<Record<string, Uint8Array>>, trustedPem: string): Promise<ToolResult> {
  return inUnpackedFiles(files, async (directory) => {
    // xmlsec1 reads one certificate per --trusted-pem file.
    const certificates = trustedPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    const trusted: string[] = [];
    for (const [index, certificate] of certificates.entries()) {
      const file = path.join(directory, `trusted-${index}.pem`);
      await writeFile(file, `${certificate}\n`);
      trusted.push('--trusted-pem', file);
    }
    // The contract sits beside META-INF/ in the ZIP, but xmlsec1 resolves "contract-….pdf" against the XML file's folder: a copy goes there.
    const documents = (await readdir(directory, { withFileTypes: true })).filter(
      (entry) => entry.isFile() && entry.name !== 'mimetype' && !entry.name.startsWith('trusted-'),
    );
    for (const { name } of documents) await copyFile(path.join(directory, name), path.join(directory, 'META-INF', name));
    const signatureFiles = Object.keys(files)
      .filter((name) => SIGNATURES_NAME.test(name))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    if (signatureFiles.length === 0) return { ok: false, output: 'no META-INF/signatures<n>.xml to verify' };
    const results: ToolResult[] = [];
    for (const name of signatureFiles) {
      const result = await outcome(
        run(
          'xmlsec1',
          [
            '--verify',
            '--id-attr:Id',
            'http://uri.etsi.org/01903/v1.3.2#:SignedProperties',
            '--enabled-key-data',
            'x509',
            ...trusted,
            path.join(directory, name),
          ],
          { cwd: path.join(directory, 'META-INF') },
        ),
      );
      results.push({ ok: result.ok, output: `${name}:\n${result.output}` });
    }
    return { ok: results.every((result) => result.ok), output: results.map((result) => result.output).join('\n') };
  });
}

/** xmllint validates one signature file's XML against the W3C XML-DSig, ETSI XAdES and ASiC schemas in tests/xsd, offline. */
export function validateWithXmllint(signaturesXml: string): Promise<ToolResult> {
  return inTemporaryFolder(async (directory) => {
    const file = path.join(directory, 'signatures0.xml');
    await writeFile(file, signaturesXml);
    return outcome(run('xmllint', ['--noout', '--nonet', '--schema', SCHEMA, file]));
  });
}
