import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../apps/api/src/test/app.js';
import { fillSteps, type TestApplication } from '../../apps/api/src/test/application-steps.js';
import {
  ANOTHER_CONTRACT,
  SIGNATURES,
  addSecondCertificate,
  addUnsignedFile,
  backdateSigningTime,
  copySignatureFile,
  documentNameOf,
  duplicateDocument,
  entriesOf,
  injectRecoveredKey,
  moveMimetype,
  replaceDocument,
  zipOf,
  type ContainerEntry,
} from '../../apps/api/src/test/container-forgery.js';
import { signWithIdCard } from '../../apps/api/src/test/id-card-signing.js';
import { signInAsRepresentative } from '../../apps/api/src/test/representative.js';
import { verifyFilesWithXmlsec1, verifyWithXmlsec1 } from '../../apps/api/src/test/xml-tools.js';
import { parseCertificate } from '../../apps/api/src/modules/identity/certificate-parsing.js';
import { verifySignatureValue } from '../../apps/api/src/modules/signing/container/signature-value.js';
import {
  CONTAINER_CHECKS,
  verifyContainer,
  type ContainerCheck,
  type VerifyContainerOptions,
} from '../../apps/api/src/modules/signing/container/verify-container.js';
import { NS, onlyElement, parseXml, xadesjs } from '../../apps/api/src/modules/signing/container/xml-library.js';

/**
 * Forgeries of a container the simulators signed with the ID-card, each made
 * as an attacker with only the genuine file would make it. verifyContainer
 * and `npm run verify-container` must refuse every one, naming the check
 * that failed; xmlsec1 (Debian's, not ours) must agree wherever it can
 * judge, i.e. where the forgery is in the XML-DSig core. ZIP and profile
 * forgeries are beyond xmlsec1, which reads one unpacked XML file.
 */

const run = promisify(execFile);
const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SIGNER = { personalId: '38001085718', firstName: 'Jaak-Kristjan', lastName: 'Jõeorg', birthDate: '1980-01-08' };

let app: FastifyInstance;
let anchors: VerifyContainerOptions;
let genuine: Uint8Array;
let entries: ContainerEntry[];
let folder: string;
let cliTrust: string[];

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const simulators = app.identitySimulators;
  if (!simulators) throw new Error('the test app runs the simulators');
  anchors = {
    trustAnchors: [...simulators.smartIdTrustAnchors, ...simulators.mobileIdTrustAnchors, ...simulators.idCardTrustAnchors],
    timestampTrustAnchors: simulators.tsaTrustAnchors,
  };

  const call = await signInAsRepresentative(app, SIGNER.personalId);
  const created = await call('POST', '/onboarding/applications', { source: 'MANUAL', company: { businessName: 'Võltsing OÜ', registryCountryCode: 'EE' } });
  const subject = { company: { businessName: 'Võltsing OÜ', registryCode: '' }, person: SIGNER };
  const application = await fillSteps(call, (created.json() as { application: TestApplication }).application, undefined, subject);
  const { outcome } = await signWithIdCard(app, call, application, SIGNER.personalId);
  expect(outcome).toMatchObject({ state: 'SIGNED' });
  genuine = new Uint8Array((await call('GET', `/onboarding/applications/${application.processId}/contract/signed`)).rawPayload);
  entries = entriesOf(genuine);

  folder = await mkdtemp(path.join(tmpdir(), 'forgery-'));
  const write = async (name: string, content: string) => {
    await writeFile(path.join(folder, name), content);
    return path.join(folder, name);
  };
  const trust = await Promise.all(anchors.trustAnchors.map((pem, index) => write(`ca-${index}.pem`, pem)));
  cliTrust = [...trust.flatMap((ca) => ['--trust', ca]), '--tsa-trust', await write('tsa.pem', anchors.timestampTrustAnchors.join('\n'))];
});

afterAll(async () => {
  await app.close();
  await rm(folder, { recursive: true, force: true });
});

/**
 * `npm run verify-container` once over several files (a process costs seconds here): its exit code and, per
 * file, the lines it printed under the file's name.
 */
async function cli(files: ReadonlyArray<readonly [string, Uint8Array]>): Promise<{ code: number; sections: Map<string, string> }> {
  const paths = await Promise.all(
    files.map(async ([name, bytes]) => {
      const file = path.join(folder, `${name.replace(/\W+/g, '-')}.asice`);
      await writeFile(file, bytes);
      return file;
    }),
  );
  const args = ['--conditions=source', '--import', 'tsx', 'scripts/verify-container.ts', ...paths, ...cliTrust];
  let code = 0;
  let stdout: string;
  try {
    ({ stdout } = await run('node', args, { cwd: REPOSITORY_ROOT }));
  } catch (error) {
    ({ code, stdout } = error as { code: number; stdout: string });
  }
  const sections = new Map<string, string>();
  for (const [index, [name]] of files.entries()) {
    const start = stdout.indexOf(`${paths[index] ?? ''}:\n`);
    const next = paths[index + 1] ? stdout.indexOf(`${paths[index + 1] ?? ''}:\n`) : stdout.length;
    sections.set(name, start < 0 ? '' : stdout.slice(start, next));
  }
  return { code, sections };
}

const trustedPem = () => anchors.trustAnchors.join('\n');

type Forgery = {
  zip: Uint8Array;
  /** What xmlsec1 is shown: the unpacked files of the forgery, or null where the forgery is beyond it. */
  xmlsec1: Record<string, Uint8Array> | null;
};

const unpacked = (zip: Uint8Array): Record<string, Uint8Array> => unzipSync(new Uint8Array(zip));
const judged = (forged: ContainerEntry[]): Forgery => ({ zip: zipOf(forged), xmlsec1: unpacked(zipOf(forged)) });
const beyondXmlsec1 = (forged: ContainerEntry[]): Forgery => ({ zip: zipOf(forged), xmlsec1: null });

const FORGERIES: ReadonlyArray<[string, ContainerCheck, string, () => Promise<Forgery>]> = [
  [
    'a key injected in KeyValue',
    'signature_format',
    'ds:KeyInfo must hold X509Data and nothing else',
    async () => judged((await injectRecoveredKey(entries)).entries),
  ],
  [
    'a second X509Certificate',
    'signature_format',
    'ds:X509Data must hold X509Certificate and nothing else',
    async () => beyondXmlsec1(await addSecondCertificate(entries)),
  ],
  [
    'a duplicate entry, the forged contract first',
    'structure',
    'two entries named contract-',
    async () => {
      // xmlsec1 is shown what a streaming reader extracts: the first entry of each name.
      const { zip, firstEntries } = duplicateDocument(entries);
      return { zip, xmlsec1: firstEntries };
    },
  ],
  ['a changed document with the old digest', 'document_digest', 'the document is not the one signed', async () => judged(replaceDocument(entries))],
  ['changed SignedProperties', 'signature_value', "Invalid digest for uri '#S0-SignedProperties'", async () => judged(await backdateSigningTime(entries))],
  [
    // xmlsec1 judges each file alone, and each is a genuine signature: that the two are one signer is beyond it.
    'signatures0.xml copied as signatures1.xml, one signer counted twice',
    'signature_format',
    'the signer certificate of META-INF/signatures0.xml again: the same signer twice is not two signers',
    async () => beyondXmlsec1(copySignatureFile(entries)),
  ],
  ['an extra unsigned file', 'signature_format', 'no signature covers annex.pdf', async () => beyondXmlsec1(addUnsignedFile(entries))],
  ['mimetype moved', 'structure', 'the first entry is', async () => beyondXmlsec1(moveMimetype(entries))],
];

const forgeries = new Map<string, Forgery>();
let commandLine: { code: number; sections: Map<string, string> };

beforeAll(async () => {
  for (const [label, , , forge] of FORGERIES) forgeries.set(label, await forge());
  commandLine = await cli([['genuine', genuine], ...[...forgeries].map(([label, forgery]) => [label, forgery.zip] as const)]);
}, 120_000);

it('the genuine container passes verifyContainer, the command-line check and xmlsec1; beside the forgeries the command line exits 1', async () => {
  const report = await verifyContainer(genuine, anchors);
  expect(report.checks.map(({ check, ok }) => [check, ok])).toEqual(CONTAINER_CHECKS.map((check) => [check, true]));
  const output = commandLine.sections.get('genuine') ?? '';
  expect(output).toMatch(/^ok {3}revocation/m);
  expect(output).toContain('signed by JAAK-KRISTJAN JÕEORG (38001085718)');
  // One file refused makes the whole run exit 1.
  expect(commandLine.code).toBe(1);
  const xmlsec = await verifyWithXmlsec1(genuine, trustedPem());
  expect(xmlsec.ok, xmlsec.output).toBe(true);
});

describe('a forged container', () => {
  it.each(FORGERIES)(
    '%s: verifyContainer and the command-line check refuse it with %s, and xmlsec1 agrees where it can judge',
    async (label, check, detail) => {
      const forgery = forgeries.get(label);
      if (!forgery) throw new Error(`no forgery ${label}`);

      const report = await verifyContainer(forgery.zip, anchors);
      expect(report.ok).toBe(false);
      expect(report.failure).toBe(check);
      expect(report.checks.at(-1)).toMatchObject({ check, ok: false });
      expect(report.checks.at(-1)?.detail).toContain(detail);

      const output = commandLine.sections.get(label) ?? '';
      const failure = output.split('\n').find((line) => line.startsWith('FAIL'));
      expect(failure).toMatch(new RegExp(`^FAIL ${check} `));
      expect(failure).toContain(detail);
      expect(output).toContain(`Not valid: ${check}.`);
      expect(output).not.toContain('Valid:');

      if (forgery.xmlsec1) {
        const xmlsec = await verifyFilesWithXmlsec1(forgery.xmlsec1, trustedPem());
        expect(xmlsec.ok, xmlsec.output).toBe(false);
      }
    },
  );
});

describe('the forgeries are real', () => {
  it('the injected key verifies the forged signature for a verifier that takes keys from KeyInfo; the signer certificate’s key does not', async () => {
    const { entries: forged } = await injectRecoveredKey(entries);
    const documentName = documentNameOf(forged);
    const document = parseXml(strFromU8(forged.find(({ name }) => name === SIGNATURES)?.content ?? new Uint8Array()));
    const signature = onlyElement(document, NS.ds, 'Signature');
    if (!signature) throw new Error('no signature');

    // What verifyContainer did before: Verify() without a key, which tries every key in KeyInfo.
    const keyless = new xadesjs.SignedXml(document as never);
    keyless.LoadXml(signature as never);
    keyless.contentHandler = async (reference) => (reference.Uri === documentName ? new Uint8Array(ANOTHER_CONTRACT) : null);
    expect(await keyless.Verify()).toBe(true);

    const certificate = parseCertificate(Buffer.from(onlyElement(signature, NS.ds, 'X509Certificate')?.textContent ?? '', 'base64'));
    if (!certificate) throw new Error('no certificate');
    const result = await verifySignatureValue({ document, signature, certificate, documents: new Map([[documentName, ANOTHER_CONTRACT]]) });
    expect(result).toEqual({ ok: false, reason: 'the signature value does not verify with the signer certificate' });
  });

  it('a reader that keeps the last entry of a name sees the signed contract in the duplicate-entry ZIP, a streaming reader the forged one', () => {
    const { zip, firstEntries } = duplicateDocument(entries);
    const documentName = documentNameOf(entries);
    expect(Buffer.from(unpacked(zip)[documentName] ?? []).equals(Buffer.from(unpacked(genuine)[documentName] ?? []))).toBe(true);
    expect(Buffer.from(firstEntries[documentName] ?? []).equals(Buffer.from(ANOTHER_CONTRACT))).toBe(true);
  });
});
