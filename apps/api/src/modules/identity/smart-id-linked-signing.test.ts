import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type SimulatorHandle } from '../../simulators/start-simulators.js';
import { createSmartIdClient, type SmartIdClient } from './smart-id-client.js';
import { authCode, parseDeviceLink, sessionSecretDigest, unprotectedDeviceLink } from './smart-id-v3-protocol.js';
import type { CertificateChoiceLink } from './types.js';

/*
 * SK's linked signing through the stand-in over HTTP (docs/eid-facts.md section 1.10): the account chosen by
 * QR code or app link, then the PIN2 signature on that account naming the choice, with no code to compare.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'smart-id-linked-'));
let simulators: SimulatorHandle;
let client: SmartIdClient;

beforeAll(async () => {
  simulators = await startSimulators({ dataDir, completionDelayMs: 0 });
  client = createSmartIdClient({
    baseUrl: simulators.smartIdBaseUrl,
    relyingPartyUuid: simulators.relyingPartyUuid,
    relyingPartyName: simulators.relyingPartyName,
    trustAnchors: simulators.smartIdTrustAnchors,
    displayText: 'Ettevõtte konto avamine',
  });
});

afterAll(async () => {
  await simulators.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const ADULT = '40404040009';
const documentOf = (personalId: string) => `PNOEE-${personalId}-MOCK-Q`;

const phone = async (body: Record<string, unknown>): Promise<{ status: number; json: Record<string, unknown> }> => {
  const response = await fetch(simulators.smartIdMockDeviceLinkUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

const linkOf = (session: CertificateChoiceLink, nowMs = Date.now()) => client.certificateChoiceLink(session, { lang: 'est', nowMs });
const choose = (session: CertificateChoiceLink, personalId: string) =>
  phone({
    documentNumber: documentOf(personalId),
    deviceLink: linkOf(session),
    flowType: session.flow,
    ...(session.flow === 'Web2App' ? { browserCookie: 'c=1' } : {}),
  });
const pollChoice = (session: CertificateChoiceLink, personalId: string) =>
  client.pollCertificateChoice({ providerSessionId: session.providerSessionId, personalId, timeoutMs: 1000 });
const hash = () => new Uint8Array(createHash('sha256').update(randomBytes(32)).digest());

describe('the certificate choice by device link', () => {
  it('binds no protocol, digest or interactions in its authCode, as SK has it for a certificate choice', async () => {
    const session = await client.startDeviceLinkCertificateChoice({ flow: 'QR' });
    const link = parseDeviceLink(linkOf(session, session.createdAtMs));
    expect(link).toMatchObject({ deviceLinkType: 'QR', elapsedSeconds: 0, sessionType: 'cert', lang: 'est' });
    const expected = authCode(
      session.sessionSecret,
      {
        schemeName: 'smart-id-demo',
        signatureProtocol: '',
        challenge: '',
        relyingPartyName: simulators.relyingPartyName,
        interactions: '',
        initialCallbackUrl: '',
      },
      unprotectedDeviceLink({
        deviceLinkBase: session.deviceLinkBase,
        deviceLinkType: 'QR',
        elapsedSeconds: 0,
        sessionToken: session.sessionToken,
        sessionType: 'cert',
        lang: 'est',
      }),
    );
    expect(link?.authCode).toBe(expected);
  });

  it('QR: the phone chooses the account, the linked signature signs the hash on it, and it verifies', async () => {
    const session = await client.startDeviceLinkCertificateChoice({ flow: 'QR' });
    expect(await pollChoice(session, ADULT)).toEqual({ status: 'RUNNING' });
    expect((await choose(session, ADULT)).json).toEqual({ endResult: 'OK' });
    const choice = await pollChoice(session, ADULT);
    expect(choice).toMatchObject({ status: 'COMPLETE', signingCertificate: { documentNumber: documentOf(ADULT), signer: { personalId: ADULT } } });
    if (choice.status !== 'COMPLETE') throw new Error('no choice');
    const digest = hash();
    const started = await client.startLinkedSignature({
      personalId: ADULT,
      documentNumber: documentOf(ADULT),
      linkedSessionId: session.providerSessionId,
      hash: digest,
      hashType: 'SHA256',
    });
    const signed = await client.pollSignature({
      providerSessionId: started.providerSessionId,
      personalId: ADULT,
      hash: digest,
      hashType: 'SHA256',
      certificate: choice.signingCertificate.certificate,
      timeoutMs: 1000,
    });
    expect(signed).toMatchObject({ status: 'COMPLETE', evidence: { signer: { personalId: ADULT }, signatureAlgorithm: 'sha256WithRSAEncryption' } });
    expect(simulators.phoneScreen(ADULT)).toMatchObject({ pin: 'PIN2' });
  });

  it('Web2App: the phone returns to the callback with the digest of the secret only (no verifier for a choice)', async () => {
    const initialCallbackUrl = 'http://127.0.0.1:9/signing/return?session=s&value=v';
    const session = await client.startDeviceLinkCertificateChoice({ flow: 'Web2App', initialCallbackUrl });
    expect(parseDeviceLink(linkOf(session))).toMatchObject({ deviceLinkType: 'Web2App', sessionType: 'cert' });
    const answer = await choose(session, ADULT);
    expect(answer.status).toBe(200);
    expect(answer.json.callbackUrl).toBe(`${initialCallbackUrl}&sessionSecretDigest=${sessionSecretDigest(session.sessionSecret)}`);
    expect(await pollChoice(session, ADULT)).toMatchObject({ status: 'COMPLETE' });
  });

  it('refuses a Web2App choice without an https return address', async () => {
    await expect(client.startDeviceLinkCertificateChoice({ flow: 'Web2App', initialCallbackUrl: 'http://example.com/return' })).rejects.toMatchObject({
      code: 'unexpected',
    });
  });

  it('another person’s phone choosing ends the choice: the certificate names someone else', async () => {
    const session = await client.startDeviceLinkCertificateChoice({ flow: 'QR' });
    await choose(session, '40504040001');
    expect(await pollChoice(session, ADULT)).toMatchObject({ status: 'FAILED', detail: 'personal_id_mismatch' });
  });

  it('an account that cannot sign ends the choice as its outcome', async () => {
    const session = await client.startDeviceLinkCertificateChoice({ flow: 'QR' });
    await choose(session, '30403039994');
    expect(await pollChoice(session, '30403039994')).toMatchObject({ status: 'FAILED', code: 'document_unusable' });
  });

  // The QR code's age is checked by the same code as at sign-in (smart-id-device-link.test.ts).
  it('the phone refuses a tampered link and a sign-in link for a choice, and a choice made once is not made again', async () => {
    const session = await client.startDeviceLinkCertificateChoice({ flow: 'QR' });
    const link = linkOf(session);
    const scan = (deviceLink: string) => phone({ documentNumber: documentOf(ADULT), deviceLink, flowType: 'QR' });
    expect((await scan(`${link.slice(0, -2)}AA`)).status).toBe(400);
    expect((await scan(link.replace('sessionType=cert', 'sessionType=auth'))).status).toBe(400);
    expect((await scan(link)).status).toBe(200);
    expect((await scan(link)).status).toBe(409);
  });
});

describe('the linked signature', () => {
  const start = (linkedSessionId: string, documentNumber = documentOf(ADULT)) =>
    client.startLinkedSignature({ personalId: ADULT, documentNumber, linkedSessionId, hash: hash(), hashType: 'SHA256' });

  it('is refused for an unknown choice, one not made yet, one of another document, and a second time', async () => {
    await expect(start('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'unexpected' });
    const session = await client.startDeviceLinkCertificateChoice({ flow: 'QR' });
    await expect(start(session.providerSessionId)).rejects.toMatchObject({ code: 'unexpected' });
    await choose(session, ADULT);
    await pollChoice(session, ADULT);
    await expect(start(session.providerSessionId, documentOf('40504040001'))).rejects.toMatchObject({ code: 'unexpected' });
    await expect(start(session.providerSessionId)).resolves.toMatchObject({ providerSessionId: expect.any(String) });
    await expect(start(session.providerSessionId)).rejects.toMatchObject({ code: 'unexpected' });
  });
});
