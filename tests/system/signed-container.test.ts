import { MARY_ANN, OK_TESTNUMBER, type ApplicationSubject } from '@onboarding/domain/test-support';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../apps/api/src/test/app.js';
import { applicationFor, fillSteps, type TestApplication } from '../../apps/api/src/test/application-steps.js';
import { signWithIdCard } from '../../apps/api/src/test/id-card-signing.js';
import { signInAsRepresentative, type Call } from '../../apps/api/src/test/representative.js';
import { documentNumberOf, openOnPhone } from '../../apps/api/src/test/smart-id-phone.js';
import { validateWithXmllint, verifyWithXmlsec1 } from '../../apps/api/src/test/xml-tools.js';
import { verifyContainer, CONTAINER_CHECKS, type VerifyContainerOptions } from '../../apps/api/src/modules/signing/container/verify-container.js';
import { buildContainer, signaturesOf as signatureFilesOf } from '../../apps/api/src/modules/signing/container/asic.js';
import { createContainerSealer, type ContainerSealer } from '../../apps/api/src/modules/signing/container/seal-container.js';
import { createOcspClient, responderUrlByIssuer } from '../../apps/api/src/modules/identity/ocsp-client.js';
import { createTimestampClient } from '../../apps/api/src/modules/identity/timestamp-client.js';

/**
 * The signed contract as an ASiC-E, end to end through the API against the
 * simulators over HTTP (Smart-ID, Mobile-ID, the ID-card, the OCSP
 * responder and the TSA): each method's container verifies in xmlsec1,
 * xmllint and verifyContainer; every kind of tampering is refused with its
 * check; a revoked or unknown certificate, and an OCSP responder or TSA that
 * is down or slow, end the signing with their own code and store nothing.
 * Two board members' parallel signatures of one contract make one container
 * that verifies only as a whole, each signature with every check.
 */

const run = promisify(execFile);
const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));

let app: FastifyInstance;
let anchors: VerifyContainerOptions;

beforeAll(async () => {
  // A slow responder must end the signing quickly here; live mode waits 5 s.
  app = await buildTestApp({ OCSP_TIMEOUT_MS: '400', TIMESTAMP_TIMEOUT_MS: '400' });
  await app.ready();
  const simulators = app.identitySimulators;
  if (!simulators) throw new Error('the test app runs the simulators');
  anchors = {
    trustAnchors: [...simulators.smartIdTrustAnchors, ...simulators.mobileIdTrustAnchors, ...simulators.idCardTrustAnchors],
    timestampTrustAnchors: simulators.tsaTrustAnchors,
  };
});

afterAll(async () => {
  await app.close();
});

type Status = { state: string; failureCode?: string };
type Method = 'SMART_ID' | 'MOBILE_ID' | 'ID_CARD';

const subjectOf = (personalId: string, birthDate: string): ApplicationSubject => ({
  company: { businessName: `Konteiner ${personalId} OÜ`, registryCode: '' },
  person: { personalId, firstName: 'Test', lastName: 'Testnumber', birthDate },
});

async function completeApplication(subject: ApplicationSubject): Promise<{ call: Call; application: TestApplication }> {
  const call = await signInAsRepresentative(app, subject.person.personalId);
  const started = subject.company.registryCode
    ? await applicationFor(call, subject.company.registryCode)
    : (
        (
          await call('POST', '/onboarding/applications', {
            source: 'MANUAL',
            company: { businessName: subject.company.businessName, registryCountryCode: 'EE' },
          })
        ).json() as { application: TestApplication }
      ).application;
  return { call, application: await fillSteps(call, started, undefined, subject) };
}

async function sign(method: Method, subject: ApplicationSubject, phoneNumber?: string): Promise<{ call: Call; application: TestApplication; status: Status }> {
  const { call, application } = await completeApplication(subject);
  if (method === 'ID_CARD') {
    const { outcome } = await signWithIdCard(app, call, application, subject.person.personalId);
    return { call, application, status: outcome as Status };
  }
  const path = `/onboarding/applications/${application.processId}/signing`;
  const started = await call('POST', path, { method, ...(phoneNumber ? { phoneNumber } : {}) });
  expect(started.statusCode, started.body).toBe(200);
  const { signingSessionId, deviceLink } = started.json() as { signingSessionId: string; deviceLink?: string };
  // Smart-ID without a Smart-ID sign-in: the person's phone scans the QR code, and PIN2 follows there.
  if (deviceLink) await openOnPhone(app, { documentNumber: documentNumberOf(subject.person.personalId), deviceLink, flowType: 'QR' });
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const status = (await call('GET', `${path}/${signingSessionId}`)).json() as Status;
    if (status.state !== 'WAITING_FOR_PIN2') return { call, application, status };
  }
  throw new Error('signing did not end');
}

/** `npm run verify-container` over one container: its exit code and what it printed. */
async function verifyOnCommandLine(name: string, container: Uint8Array): Promise<{ code: number; stdout: string }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'verify-cli-'));
  const write = async (file: string, content: string | Uint8Array) => {
    await writeFile(path.join(directory, file), content);
    return path.join(directory, file);
  };
  const trust = await Promise.all(anchors.trustAnchors.map((pem, index) => write(`ca-${index}.pem`, pem)));
  const tsaTrust = await write('tsa.pem', anchors.timestampTrustAnchors.join('\n'));
  const args = [
    '--conditions=source',
    '--import',
    'tsx',
    'scripts/verify-container.ts',
    await write(name, container),
    ...trust.flatMap((ca) => ['--trust', ca]),
    '--tsa-trust',
    tsaTrust,
  ];
  try {
    return { code: 0, ...(await run('node', args, { cwd: REPOSITORY_ROOT })) };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

const download = (call: Call, application: TestApplication) => call('GET', `/onboarding/applications/${application.processId}/contract/signed`);

const signedContainers = new Map<Method, Buffer>();

describe.each([
  ['SMART_ID', OK_TESTNUMBER, undefined],
  ['MOBILE_ID', MARY_ANN, '+37200000766'],
  ['ID_CARD', subjectOf('38001085718', '1980-01-08'), undefined],
] as const)('signing with %s', (method, subject, phoneNumber) => {
  it('gives an ASiC-E that xmlsec1, xmllint and verifyContainer accept, holding the contract shown before', async () => {
    const { call, application, status } = await sign(method, subject, phoneNumber);
    expect(status).toMatchObject({ state: 'SIGNED' });

    const response = await download(call, application);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.etsi.asic-e+zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="contract-${application.processId}.asice"`);
    const container = response.rawPayload;
    signedContainers.set(method, container);

    const report = await verifyContainer(container, anchors);
    expect(report.checks.map(({ check, ok }) => [check, ok])).toEqual(CONTAINER_CHECKS.map((check) => [check, true]));
    expect(report.signer?.personalId).toBe(subject.person.personalId);
    expect(report.timestampTime?.getTime()).toBeGreaterThanOrEqual((report.signingTime?.getTime() ?? 0) - 1000);

    const files = unzipSync(new Uint8Array(container));
    const pdf = files[`contract-${application.processId}.pdf`];
    const preview = await call('GET', `/onboarding/applications/${application.processId}/contract`);
    expect(Buffer.from(pdf ?? []).equals(preview.rawPayload)).toBe(true);

    const xmlsec = await verifyWithXmlsec1(container, anchors.trustAnchors.join('\n'));
    expect(xmlsec.ok, xmlsec.output).toBe(true);
    expect(xmlsec.output).toContain('SignedInfo References (ok/all): 2/2');
    const schema = await validateWithXmllint(strFromU8(files['META-INF/signatures0.xml'] ?? new Uint8Array()));
    expect(schema.ok, schema.output).toBe(true);
  });
});

describe('a container that was changed after signing', () => {
  /** The container with some of its files replaced, mimetype first and stored as before. */
  const rebuilt = (container: Buffer, change: (files: Record<string, Uint8Array>) => void): Uint8Array => {
    const files = unzipSync(new Uint8Array(container));
    change(files);
    const { mimetype, ...rest } = files;
    return zipSync({ mimetype: [mimetype ?? new Uint8Array(), { level: 0 }], ...rest });
  };
  const signaturesOf = (container: Buffer): string => strFromU8(unzipSync(new Uint8Array(container))['META-INF/signatures0.xml'] ?? new Uint8Array());
  const between = (xml: string, tag: string): string => xml.split(`<${tag}>`)[1]?.split(`</${tag}>`)[0] ?? '';
  const replaceIn = (xml: string, tag: string, value: string) => xml.replace(`<${tag}>${between(xml, tag)}</${tag}>`, `<${tag}>${value}</${tag}>`);

  const failureOf = async (container: Uint8Array) => (await verifyContainer(container, anchors)).failure;
  const first = () => signedContainers.get('ID_CARD') ?? Buffer.alloc(0);
  const other = () => signedContainers.get('MOBILE_ID') ?? Buffer.alloc(0);

  it('a changed PDF inside: document_digest, and xmlsec1 refuses it too', async () => {
    const tampered = rebuilt(first(), (files) => {
      const name = Object.keys(files).find((file) => file.endsWith('.pdf')) ?? '';
      files[name] = strToU8('%PDF-1.7\n% another contract\n');
    });
    expect(await failureOf(tampered)).toBe('document_digest');
    expect((await verifyWithXmlsec1(tampered, anchors.trustAnchors.join('\n'))).ok).toBe(false);
  });

  it('a signature value from another signing: signature_value', async () => {
    const swapped = rebuilt(first(), (files) => {
      files['META-INF/signatures0.xml'] = strToU8(replaceIn(signaturesOf(first()), 'ds:SignatureValue', between(signaturesOf(other()), 'ds:SignatureValue')));
    });
    expect(await failureOf(swapped)).toBe('signature_value');
  });

  it('a time-stamp over other data: timestamp', async () => {
    const swapped = rebuilt(first(), (files) => {
      files['META-INF/signatures0.xml'] = strToU8(
        replaceIn(signaturesOf(first()), 'xades:EncapsulatedTimeStamp', between(signaturesOf(other()), 'xades:EncapsulatedTimeStamp')),
      );
    });
    expect(await failureOf(swapped)).toBe('timestamp');
  });

  it('the OCSP response of another certificate: revocation', async () => {
    const swapped = rebuilt(first(), (files) => {
      files['META-INF/signatures0.xml'] = strToU8(
        replaceIn(signaturesOf(first()), 'xades:EncapsulatedOCSPValue', between(signaturesOf(other()), 'xades:EncapsulatedOCSPValue')),
      );
    });
    expect(await failureOf(swapped)).toBe('revocation');
  });

  it('mimetype not first, or not a ZIP: structure', async () => {
    const { mimetype, ...rest } = unzipSync(new Uint8Array(first()));
    expect(await failureOf(zipSync({ ...rest, mimetype: mimetype ?? new Uint8Array() }))).toBe('structure');
    expect(await failureOf(strToU8('not a zip'))).toBe('structure');
  });

  it('the command-line check says valid for the signed file and names the failed check for a changed one', async () => {
    const valid = await verifyOnCommandLine('signed.asice', first());
    expect(valid.code, valid.stdout).toBe(0);
    expect(valid.stdout).toMatch(/^ok {3}structure/m);
    expect(valid.stdout).toMatch(/^ok {3}signature_value {5}META-INF\/signatures0\.xml: /m);
    expect(valid.stdout).toContain('Valid: contract-');
    expect(valid.stdout).toMatch(/^ {2}signed by JAAK-KRISTJAN JÕEORG \(38001085718\) at \S+, time-stamped \S+ \(META-INF\/signatures0\.xml\)$/m);
    const tampered = rebuilt(first(), (files) => {
      const name = Object.keys(files).find((file) => file.endsWith('.pdf')) ?? '';
      files[name] = strToU8('%PDF-1.7\n% another contract\n');
    });
    const invalid = await verifyOnCommandLine('changed.asice', tampered);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toMatch(/^FAIL document_digest/m);
    expect(invalid.stdout).toContain('Not valid: document_digest.');
  });

  it('a signer from a CA that is not trusted: certificate_chain', async () => {
    const report = await verifyContainer(first(), { ...anchors, trustAnchors: app.identitySimulators?.smartIdTrustAnchors ?? [] });
    expect(report.failure).toBe('certificate_chain');
  });
});

describe('a contract two board members signed in parallel', () => {
  // Two ID-cards of the simulated reader; the OCSP responder knows each once the reader has handed out its certificate.
  const JAAK = { personalId: '38001085718', name: 'JAAK-KRISTJAN JÕEORG' };
  const OK = { personalId: '39001010403', name: 'OK TESTNUMBER' };
  const contract = { name: 'contract-board.pdf', mediaType: 'application/pdf', content: strToU8('%PDF-1.7\n% the board signs this contract\n') };

  let sealer: ContainerSealer;
  let both: Uint8Array;
  let jaakAlone: string;

  /** What the bank's server does for one signer: the XAdES over the contract, the card's signature, the time-stamp and OCSP, the container. */
  async function signAs(personalId: string, signatureId: string | undefined, alongside: readonly string[]) {
    const card = await app.inject({ method: 'GET', url: `/dev/id-card/signing-certificate?personalId=${personalId}` });
    const { certificate } = card.json() as { certificate: string };
    const prepared = await sealer.prepare(contract, certificate, new Date(), signatureId);
    const signed = await app.inject({
      method: 'POST',
      url: '/dev/id-card/sign',
      payload: { personalId, hash: prepared.digest.toString('base64'), hashType: 'SHA256' },
    });
    const { signature } = signed.json() as { signature: string };
    return sealer.seal({ document: contract, signatureXml: prepared.signatureXml, signature, certificate, alongside });
  }

  const sealed = async (...args: Parameters<typeof signAs>) => {
    const result = await signAs(...args);
    if (!result.ok) throw new Error(`sealing failed: ${result.code}`);
    return result;
  };

  /** The board's container with its files changed by `change`, mimetype first and stored as before. */
  const changed = (change: (files: Record<string, Uint8Array>) => void): Uint8Array => {
    const files = unzipSync(new Uint8Array(both));
    change(files);
    const { mimetype, ...rest } = files;
    return zipSync({ mimetype: [mimetype ?? new Uint8Array(), { level: 0 }], ...rest });
  };
  const second = () => strFromU8(unzipSync(new Uint8Array(both))['META-INF/signatures1.xml'] ?? new Uint8Array());

  beforeAll(async () => {
    const simulators = app.identitySimulators;
    if (!simulators) throw new Error('the test app runs the simulators');
    sealer = createContainerSealer({
      ocsp: createOcspClient({ timeoutMs: 5000, responderUrlFor: responderUrlByIssuer(simulators.ocspResponders) }),
      timestamps: createTimestampClient({ url: simulators.tsaUrl, timeoutMs: 5000 }),
      signerTrustAnchors: anchors.trustAnchors,
      timestampTrustAnchors: anchors.timestampTrustAnchors,
    });
    // The first member signs alone; the second is given the first's sealed signature and adds theirs.
    const first = await sealed(JAAK.personalId, 'S0', []);
    jaakAlone = first.signatureXml;
    both = (await sealed(OK.personalId, 'S1', [first.signatureXml])).container;
  });

  it('verifies as one container: every check of each signature passes, the report lists both signers, xmlsec1 and xmllint accept both files', async () => {
    const report = await verifyContainer(both, anchors);
    const perSignature = CONTAINER_CHECKS.filter((check) => check !== 'structure');
    expect(report.checks.map(({ check, ok, signature }) => [check, ok, signature])).toEqual([
      ['structure', true, undefined],
      ...perSignature.map((check) => [check, true, 'META-INF/signatures0.xml']),
      ...perSignature.map((check) => [check, true, 'META-INF/signatures1.xml']),
    ]);
    expect(report.ok).toBe(true);
    expect(report.signatures.map(({ file, signer }) => [file, signer.personalId])).toEqual([
      ['META-INF/signatures0.xml', JAAK.personalId],
      ['META-INF/signatures1.xml', OK.personalId],
    ]);
    for (const signature of report.signatures) expect(signature.timestampTime.getTime()).toBeGreaterThanOrEqual(signature.signingTime.getTime() - 1000);
    // The report's own fields stay the first signature's, as callers of a one-signature container read them.
    expect(report.signer?.personalId).toBe(JAAK.personalId);
    expect(report.documentName).toBe(contract.name);

    // The first signature is in the container as it was sealed alone: the second signer changed nothing of it.
    expect(signatureFilesOf(both)[0]?.replace(/^<\?xml[^>]*\?>\s*/, '')).toBe(jaakAlone.replace(/^<\?xml[^>]*\?>\s*/, ''));

    const xmlsec = await verifyWithXmlsec1(both, anchors.trustAnchors.join('\n'));
    expect(xmlsec.ok, xmlsec.output).toBe(true);
    expect(xmlsec.output.match(/SignedInfo References \(ok\/all\): 2\/2/g)).toHaveLength(2);
    for (const xml of signatureFilesOf(both)) {
      const schema = await validateWithXmllint(xml);
      expect(schema.ok, schema.output).toBe(true);
    }
  });

  it('the command-line check prints each check with its signature file and lists both signers', async () => {
    const { code, stdout } = await verifyOnCommandLine('board.asice', both);
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/^ok {3}revocation {10}META-INF\/signatures1\.xml: OCSP: good/m);
    expect(stdout).toContain(`Valid: ${contract.name}, 2 signatures:`);
    expect(stdout).toMatch(
      new RegExp(`^ {2}signed by ${JAAK.name} \\(${JAAK.personalId}\\) at \\S+, time-stamped \\S+ \\(META-INF/signatures0\\.xml\\)$`, 'm'),
    );
    expect(stdout).toMatch(new RegExp(`^ {2}signed by ${OK.name} \\(${OK.personalId}\\) at \\S+, time-stamped \\S+ \\(META-INF/signatures1\\.xml\\)$`, 'm'));
  });

  it.each([
    ['a broken signature value', 'signature_value', (xml: string) => xml.replace(/<ds:SignatureValue>[A-Za-z0-9+/]{4}/, '<ds:SignatureValue>AAAA')],
    [
      'the digest of another document',
      'document_digest',
      (xml: string) =>
        xml.replace(/(<ds:Reference Id="S1-RefId0"[\s\S]*?<ds:DigestValue>)[^<]+/, `$1${createHash('sha256').update('another').digest('base64')}`),
    ],
  ] as const)('the second signature with %s: %s, about signatures1.xml, after the first passed', async (_, check, forge) => {
    const forged = forge(second());
    expect(forged).not.toBe(second());
    const container = changed((files) => {
      files['META-INF/signatures1.xml'] = strToU8(forged);
    });
    const report = await verifyContainer(container, anchors);
    expect(report.ok).toBe(false);
    expect(report.failure).toBe(check);
    expect(report.checks.at(-1)).toMatchObject({ check, ok: false, signature: 'META-INF/signatures1.xml' });
    expect(report.checks.filter(({ signature }) => signature === 'META-INF/signatures0.xml').every(({ ok }) => ok)).toBe(true);
    expect(report.signatures.map(({ file }) => file)).toEqual(['META-INF/signatures0.xml']);
    // xmlsec1 accepts the first file and refuses the second, so the container.
    const xmlsec = await verifyWithXmlsec1(container, anchors.trustAnchors.join('\n'));
    expect(xmlsec.ok).toBe(false);
    expect(xmlsec.output.split('META-INF/signatures1.xml:')[0]).toContain('SignedInfo References (ok/all): 2/2');
  });

  it('signatures0.xml copied as signatures1.xml: refused, the same signer twice is not two signers', async () => {
    const copied = changed((files) => {
      files['META-INF/signatures1.xml'] = files['META-INF/signatures0.xml'] ?? new Uint8Array();
    });
    const report = await verifyContainer(copied, anchors);
    expect(report.failure).toBe('signature_format');
    expect(report.checks.at(-1)).toMatchObject({ ok: false, signature: 'META-INF/signatures1.xml' });
    expect(report.checks.at(-1)?.detail).toContain('the signer certificate of META-INF/signatures0.xml again');
  });

  it('the first signer signing again beside their own signature: the sealer refuses the container', async () => {
    expect(await signAs(JAAK.personalId, 'S1', [jaakAlone])).toEqual({ ok: false, code: 'container_invalid' });
  });

  it('the same person under another certificate: signing_certificate, one person is one signer', async () => {
    const person = { personalId: '39001010414', givenName: 'OK', surname: 'TESTNUMBER' };
    const earlier = await sealed(person.personalId, 'S0', []);
    // The reader's card of that person now has another certificate (the simulators issue one for new names).
    await app.identitySimulators?.issueTestIdCard({ ...person, surname: 'TESTNUMBER-TEINE' });
    const later = await sealed(person.personalId, 'S1', []);
    const report = await verifyContainer(buildContainer([contract], [earlier.signatureXml, later.signatureXml]), anchors);
    expect(report.failure).toBe('signing_certificate');
    expect(report.checks.at(-1)).toMatchObject({ ok: false, signature: 'META-INF/signatures1.xml' });
    expect(report.checks.at(-1)?.detail).toContain('signed META-INF/signatures0.xml already');
  });

  it('two signatures of one Id: signature_format', async () => {
    const sameId = await sealed(OK.personalId, undefined, []);
    const report = await verifyContainer(buildContainer([contract], [jaakAlone, sameId.signatureXml]), anchors);
    expect(report.failure).toBe('signature_format');
    expect(report.checks.at(-1)?.detail).toBe('the signature Id S0 of META-INF/signatures0.xml again: each signature has its own');
  });

  it.each([
    ['a gap: signatures0.xml and signatures2.xml', 'META-INF/signatures2.xml', 'META-INF/signatures1.xml is missing, while META-INF/signatures2.xml is there'],
    ['a name that only looks like a signature file', 'META-INF/signatures-extra.xml', 'unexpected signature files: META-INF/signatures-extra.xml'],
    ['a number with a leading zero', 'META-INF/signatures01.xml', 'unexpected signature files: META-INF/signatures01.xml'],
  ])('%s: structure', async (_, name, detail) => {
    const renamed = changed((files) => {
      files[name] = files['META-INF/signatures1.xml'] ?? new Uint8Array();
      delete files['META-INF/signatures1.xml'];
    });
    const report = await verifyContainer(renamed, anchors);
    expect(report.failure).toBe('structure');
    expect(report.checks).toEqual([{ check: 'structure', ok: false, detail: expect.stringContaining(detail) as unknown }]);
  });
});

describe('the certificate status and the time-stamp at signing', () => {
  const expectNothingStored = async (call: Call, application: TestApplication) => {
    expect((await download(call, application)).statusCode).toBe(404);
    const current = (await call('GET', `/onboarding/applications/${application.processId}`)).json() as { status: string };
    expect(current.status).toBe('IN_PROGRESS');
  };

  it.each([
    // The simulators' OCSP people (simulators/README.md): revoked, unknown, and a responder slower than OCSP_TIMEOUT_MS.
    ['SMART_ID', '39101019913', 'certificate_revoked', '1991-01-01', undefined],
    ['SMART_ID', '39101019924', 'certificate_unknown', '1991-01-01', undefined],
    ['SMART_ID', '39101019935', 'ocsp_unavailable', '1991-01-01', undefined],
    ['MOBILE_ID', '49101019914', 'certificate_revoked', '1991-01-01', '+37200000991'],
    ['MOBILE_ID', '49101019925', 'certificate_unknown', '1991-01-01', '+37200000992'],
    ['MOBILE_ID', '49101019936', 'ocsp_unavailable', '1991-01-01', '+37200000993'],
    ['ID_CARD', '38001019963', 'certificate_revoked', '1980-01-01', undefined],
    ['ID_CARD', '38001019974', 'certificate_unknown', '1980-01-01', undefined],
    ['ID_CARD', '38001019985', 'ocsp_unavailable', '1980-01-01', undefined],
  ] as const)('%s %s ends UNSUCCESSFUL with %s, and nothing is submitted', async (method, personalId, failureCode, birthDate, phoneNumber) => {
    const { call, application, status } = await sign(method, subjectOf(personalId, birthDate), phoneNumber);
    expect(status).toMatchObject({ state: 'UNSUCCESSFUL', failureCode });
    await expectNothingStored(call, application);
  });

  it.each([
    ['ocsp', 'ocsp_unavailable'],
    ['tsa', 'timestamp_unavailable'],
  ] as const)('with the %s service down, signing ends with %s; once it is back, signing again succeeds', async (service, failureCode) => {
    const simulators = app.identitySimulators;
    const subject = subjectOf(service === 'ocsp' ? '39001010022' : '39001010033', '1990-01-01');
    const { call, application } = await completeApplication(subject);
    simulators?.setOutage(service, true);
    try {
      const { outcome } = await signWithIdCard(app, call, application, subject.person.personalId);
      expect(outcome).toMatchObject({ state: 'UNSUCCESSFUL', failureCode });
      await expectNothingStored(call, application);
    } finally {
      simulators?.setOutage(service, false);
    }
    const { outcome } = await signWithIdCard(app, call, application, subject.person.personalId);
    expect(outcome).toMatchObject({ state: 'SIGNED' });
    expect((await download(call, application)).statusCode).toBe(200);
  });
});
