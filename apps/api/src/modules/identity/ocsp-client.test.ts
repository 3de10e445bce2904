import { randomBytes, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BasicOCSPResponse, OCSPRequest, OCSPResponse, Request, TBSRequest } from '@peculiar/asn1-ocsp';
import { AsnConvert } from '@peculiar/asn1-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_OCSP_AIA_URL } from '../../simulators/simulator-pki.js';
import { startSimulators, type SimulatorHandle } from '../../simulators/start-simulators.js';
import { createMobileIdClient } from './mobile-id-client.js';
import { createCertId } from './ocsp-cert-id.js';
import { createOcspClient, ocspUrlFromAia, responderUrlByIssuer, type OcspCheck } from './ocsp-client.js';
import { verifyOcspResponse } from './ocsp-response.js';
import { createSmartIdClient } from './smart-id-client.js';
import { IdentityError } from './types.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ocsp-client-'));
let simulators: SimulatorHandle;

type Service = 'SMART_ID' | 'MOBILE_ID' | 'ID_CARD';
type Holder = { service: Service; personalId: string; phoneNumber?: string };

const pemToDer = (pem: string): Uint8Array => new Uint8Array(new X509Certificate(pem).raw);
const issuerOf = (service: Service): Uint8Array =>
  pemToDer({ SMART_ID: simulators.smartIdTrustAnchors, MOBILE_ID: simulators.mobileIdTrustAnchors, ID_CARD: simulators.idCardTrustAnchors }[service][0] ?? '');

/** The person's signing certificate, fetched as the signing flow fetches it (certificate choice, POST /certificate, the card). */
const signingCertificate = async (holder: Holder): Promise<Uint8Array> => {
  if (holder.service === 'SMART_ID') {
    const smartId = createSmartIdClient({
      baseUrl: simulators.smartIdBaseUrl,
      relyingPartyUuid: simulators.relyingPartyUuid,
      relyingPartyName: simulators.relyingPartyName,
      trustAnchors: simulators.smartIdTrustAnchors,
      displayText: 'Lepingu allkirjastamine',
    });
    const { certificate } = await smartId.signingCertificate({ documentNumber: `PNOEE-${holder.personalId}-MOCK-Q`, personalId: holder.personalId });
    return Buffer.from(certificate, 'base64');
  }
  if (holder.service === 'MOBILE_ID') {
    const mobileId = createMobileIdClient({
      baseUrl: simulators.mobileIdBaseUrl,
      relyingPartyUuid: simulators.relyingPartyUuid,
      relyingPartyName: simulators.relyingPartyName,
      trustAnchors: simulators.mobileIdTrustAnchors,
    });
    const { certificate } = await mobileId.signingCertificate({ personalId: holder.personalId, phoneNumber: holder.phoneNumber ?? '' });
    return Buffer.from(certificate, 'base64');
  }
  const response = await fetch(`${simulators.idCardBaseUrl}/signing-certificate?personalId=${holder.personalId}`);
  return Buffer.from(((await response.json()) as { certificate: string }).certificate, 'base64');
};

const clientWith = (timeoutMs = 5000) => createOcspClient({ timeoutMs, responderUrlFor: responderUrlByIssuer(simulators.ocspResponders) });

const failureOf = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
    return 'no failure';
  } catch (error) {
    return error instanceof IdentityError ? error.code : String(error);
  }
};

const SMART_ID_OK: Holder = { service: 'SMART_ID', personalId: '40504040001' };
const MOBILE_ID_OK: Holder = { service: 'MOBILE_ID', personalId: '60001019906', phoneNumber: '+37200000766' };

beforeAll(async () => {
  simulators = await startSimulators({ dataDir, completionDelayMs: 0 });
});

afterAll(async () => {
  await simulators.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('OCSP status of the simulators’ signing certificates', () => {
  it.each<[Holder, OcspCheck['status']]>([
    [SMART_ID_OK, 'GOOD'],
    [{ service: 'SMART_ID', personalId: '39101019913' }, 'REVOKED'],
    [{ service: 'SMART_ID', personalId: '39101019924' }, 'UNKNOWN'],
    [MOBILE_ID_OK, 'GOOD'],
    [{ service: 'MOBILE_ID', personalId: '49101019914', phoneNumber: '+37200000991' }, 'REVOKED'],
    [{ service: 'MOBILE_ID', personalId: '49101019925', phoneNumber: '+37200000992' }, 'UNKNOWN'],
    [{ service: 'ID_CARD', personalId: '38001085718' }, 'GOOD'],
    [{ service: 'ID_CARD', personalId: '38001019963' }, 'REVOKED'],
    [{ service: 'ID_CARD', personalId: '38001019974' }, 'UNKNOWN'],
  ])('%o is %s', async (holder, status) => {
    const certificate = await signingCertificate(holder);
    const issuer = issuerOf(holder.service);
    const check = await clientWith().check({ certificate, issuer });
    expect(check.status).toBe(status);
    expect(Math.abs(check.producedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(check.revokedAt !== undefined).toBe(status === 'REVOKED');
    // The kept answer verifies on its own later, as the container verifier will check it.
    expect(verifyOcspResponse({ response: check.response, certificate, issuer })).toMatchObject({ ok: true, status });
  });

  it('names the stable responder URL in the signing certificate’s AIA, which the client maps by issuer', async () => {
    const certificate = await signingCertificate(SMART_ID_OK);
    expect(ocspUrlFromAia(certificate)).toBe(SIMULATOR_OCSP_AIA_URL);
    expect(responderUrlByIssuer(simulators.ocspResponders)(new X509Certificate(certificate))).toBe(simulators.ocspUrl);
  });

  it('answers a SHA-1 CertID, as OpenSSL-based clients such as libdigidocpp ask, with that CertID', async () => {
    const certificate = await signingCertificate(SMART_ID_OK);
    const issuer = issuerOf('SMART_ID');
    const request = new OCSPRequest({ tbsRequest: new TBSRequest({ requestList: [new Request({ reqCert: createCertId(certificate, issuer, 'sha1') })] }) });
    const answer = await fetch(simulators.ocspUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/ocsp-request' },
      body: AsnConvert.serialize(request),
    });
    expect(answer.headers.get('content-type')).toBe('application/ocsp-response');
    const response = new Uint8Array(await answer.arrayBuffer());
    expect(verifyOcspResponse({ response, certificate, issuer })).toMatchObject({ ok: true, status: 'GOOD' });
  });

  it('signs with a delegated responder certificate issued by the CA, with id-kp-OCSPSigning, carried in certs', async () => {
    const certificate = await signingCertificate(SMART_ID_OK);
    const { response } = await clientWith().check({ certificate, issuer: issuerOf('SMART_ID') });
    const outer = AsnConvert.parse(response, OCSPResponse);
    const basic = AsnConvert.parse(outer.responseBytes?.response.buffer ?? new ArrayBuffer(0), BasicOCSPResponse);
    const [responder] = (basic.certs ?? []).map((entry) => new X509Certificate(Buffer.from(AsnConvert.serialize(entry))));
    expect(responder?.checkIssued(new X509Certificate(issuerOf('SMART_ID')))).toBe(true);
    expect(responder?.keyUsage).toContain('1.3.6.1.5.5.7.3.9');
  });
});

describe('OCSP failures', () => {
  it.each<Holder>([
    { service: 'SMART_ID', personalId: '39101019935' },
    { service: 'MOBILE_ID', personalId: '49101019936', phoneNumber: '+37200000993' },
    { service: 'ID_CARD', personalId: '38001019985' },
  ])('a SLOW responder for %o fails with ocsp_unavailable within the timeout', async (holder) => {
    const certificate = await signingCertificate(holder);
    const started = Date.now();
    expect(await failureOf(clientWith(300).check({ certificate, issuer: issuerOf(holder.service) }))).toBe('ocsp_unavailable');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a SLOW answer’s wait ends when the simulators close', async () => {
    const own = await startSimulators({ dataDir, completionDelayMs: 0 });
    const response = await fetch(`${own.idCardBaseUrl}/signing-certificate?personalId=38001019985`);
    const certificate = Buffer.from(((await response.json()) as { certificate: string }).certificate, 'base64');
    const client = createOcspClient({ timeoutMs: 60_000, responderUrlFor: responderUrlByIssuer(own.ocspResponders) });
    const pending = failureOf(client.check({ certificate, issuer: pemToDer(own.idCardTrustAnchors[0] ?? '') }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await own.close();
    expect(await pending).toBe('ocsp_unavailable');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a responder that is down fails with ocsp_unavailable', async () => {
    const certificate = await signingCertificate(SMART_ID_OK);
    simulators.setOutage('ocsp', true);
    try {
      expect(await failureOf(clientWith().check({ certificate, issuer: issuerOf('SMART_ID') }))).toBe('ocsp_unavailable');
    } finally {
      simulators.setOutage('ocsp', false);
    }
  });

  it('a certificate whose issuer the responder does not serve fails with ocsp_unavailable (unauthorized)', async () => {
    const certificate = await signingCertificate(SMART_ID_OK);
    // Asked about the wrong issuer, the responder answers unauthorized, a non-successful status.
    const client = createOcspClient({ timeoutMs: 5000, responderUrlFor: () => simulators.ocspUrl });
    expect(await failureOf(client.check({ certificate, issuer: pemToDer(simulators.tsaTrustAnchors[0] ?? '') }))).toBe('ocsp_unavailable');
  });

  it('a replayed answer (its nonce is another request’s) fails with ocsp_unavailable', async () => {
    const certificate = await signingCertificate(SMART_ID_OK);
    const issuer = issuerOf('SMART_ID');
    const { response } = await clientWith().check({ certificate, issuer });
    const replay: Server = createServer((_request, reply) => reply.writeHead(200, { 'content-type': 'application/ocsp-response' }).end(response));
    await new Promise<void>((resolve) => replay.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${String((replay.address() as AddressInfo).port)}/`;
      expect(await failureOf(createOcspClient({ timeoutMs: 5000, responderUrlFor: () => url }).check({ certificate, issuer }))).toBe('ocsp_unavailable');
    } finally {
      await new Promise((resolve) => replay.close(resolve));
    }
  });
});

describe('verifyOcspResponse', () => {
  it('rejects a tampered answer, another certificate’s CertID, a wrong nonce and a stale answer', async () => {
    const certificate = await signingCertificate(SMART_ID_OK);
    const other = await signingCertificate({ service: 'SMART_ID', personalId: '50001029996' });
    const issuer = issuerOf('SMART_ID');
    const { response } = await clientWith().check({ certificate, issuer });
    expect(verifyOcspResponse({ response, certificate, issuer })).toMatchObject({ ok: true, status: 'GOOD' });

    // One byte of the signed ResponseData flipped, in the echoed nonce at its end.
    const basic = AsnConvert.parse(AsnConvert.parse(response, OCSPResponse).responseBytes?.response.buffer ?? new ArrayBuffer(0), BasicOCSPResponse);
    const tbs = Buffer.from(basic.tbsResponseDataRaw ?? new ArrayBuffer(0));
    const at = Buffer.from(response).indexOf(tbs) + tbs.length - 3;
    const tampered = Uint8Array.from(response);
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    expect(verifyOcspResponse({ response: tampered, certificate, issuer })).toEqual({ ok: false, reason: 'signature does not verify' });

    expect(verifyOcspResponse({ response, certificate: other, issuer })).toEqual({ ok: false, reason: 'no answer for this certificate (CertID mismatch)' });
    expect(verifyOcspResponse({ response, certificate, issuer, nonce: randomBytes(32) })).toEqual({ ok: false, reason: 'nonce mismatch' });
    expect(verifyOcspResponse({ response, certificate, issuer, now: new Date(Date.now() + 3_600_000) })).toEqual({ ok: false, reason: 'thisUpdate too old' });
    expect(verifyOcspResponse({ response, certificate, issuer, now: new Date(Date.now() - 3_600_000) })).toEqual({
      ok: false,
      reason: 'thisUpdate in the future',
    });
    // Signed by the Smart-ID responder, so checked against the Mobile-ID CA no responder is found.
    expect(verifyOcspResponse({ response, certificate, issuer: issuerOf('MOBILE_ID') })).toMatchObject({ ok: false });
  });
});
