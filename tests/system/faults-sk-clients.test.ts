import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMobileIdClient, type MobileIdClient } from '../../apps/api/src/modules/identity/mobile-id-client.js';
import { createSmartIdClient, type SmartIdClient } from '../../apps/api/src/modules/identity/smart-id-client.js';
import { IdentityError } from '../../apps/api/src/modules/identity/types.js';
import { createCertificateAuthority, validForDays } from '../../apps/api/src/simulators/pki.js';
import { startFakeJsonServer } from '../../apps/api/src/test/fake-json-server.js';
import { startFaultySkServer, type Fault, type FaultySkServer } from '../../apps/api/src/test/faulty-sk-server.js';

/**
 * The Smart-ID and Mobile-ID clients against an SK that misbehaves in every
 * way a network and a server can: too slow (beyond our timeouts), 5xx,
 * the connection dropped before or in the middle of the answer, malformed
 * JSON, HTML, an empty or wrongly shaped answer, a redirect. Each call of
 * each client must end (nothing hangs: every call has a timeout), with
 * IdentityError or a FAILED result of code `unexpected` (never another
 * exception), after exactly one request: the clients do not retry (see
 * session-status.ts for why). The timeouts are shortened here; the defaults
 * are in session-timeout.ts.
 */

const TIMEOUTS = { startMs: 300, longPollMarginMs: 300 };
const personalId = '40504040001';
const phoneNumber = '+37200000766';
const sha512 = createHash('sha512').update('faults').digest();
const sha256 = createHash('sha256').update('faults').digest();

type Row = { client: string; call: string; fault: string; expected: string; got: string; requests: number; pass: boolean };
const rows: Row[] = [];

let sk: FaultySkServer;
/** Where a redirect points: it must never be asked anything. */
let elsewhere: Awaited<ReturnType<typeof startFakeJsonServer>>;
let smartId: SmartIdClient;
let mobileId: MobileIdClient;

beforeAll(async () => {
  sk = await startFaultySkServer();
  elsewhere = await startFakeJsonServer(() => ({ status: 200, body: { sessionID: 'taken-elsewhere' } }));
  const ca = await createCertificateAuthority([{ '2.5.4.3': ['faults test CA'] }], validForDays(30));
  const common = {
    relyingPartyUuid: '00000000-0000-4000-8000-000000000000',
    relyingPartyName: 'DEMO',
    trustAnchors: [ca.certificatePem],
    displayText: 'Ettevõtte konto avamine',
    timeouts: TIMEOUTS,
  };
  smartId = createSmartIdClient({ ...common, baseUrl: `${sk.url}/smart-id-rp/v3` });
  mobileId = createMobileIdClient({ ...common, baseUrl: `${sk.url}/mid-api` });
});

afterAll(async () => {
  await sk.close();
  await elsewhere.close();
  const widths = [10, 26, 34, 12, 12, 8];
  const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 4)).join(' | ');
  console.log(
    [
      `SK client faults: ${String(rows.filter((row) => row.pass).length)} of ${String(rows.length)} as expected`,
      line(['client', 'call', 'fault', 'expected', 'got', 'requests', 'pass']),
      ...rows.map((row) => line([row.client, row.call, row.fault, row.expected, row.got, String(row.requests), row.pass ? 'yes' : 'NO'])),
    ].join('\n'),
  );
});

/** The code a call ended with: an IdentityError's or a FAILED result's code; RUNNING or COMPLETE as such; anything else thrown is a bug. */
async function outcomeOf(call: () => Promise<unknown>): Promise<string> {
  try {
    const result = (await call()) as { status?: string; code?: string } | undefined;
    if (result?.status === 'FAILED') return result.code ?? 'FAILED';
    return result?.status ?? 'started';
  } catch (error) {
    if (error instanceof IdentityError) return error.code;
    return `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  }
}

type Call = { client: 'Smart-ID' | 'Mobile-ID'; name: string; path: string; run: () => Promise<unknown> };

/** Every call of both clients; each has its own path on the server, so the requests of each can be counted while they run together. */
function calls(tag: string): Call[] {
  const session = (name: string) => `${name}-${tag}`;
  const certificate = randomBytes(64).toString('base64');
  return [
    {
      client: 'Smart-ID',
      name: 'start',
      path: `/smart-id-rp/v3/authentication/notification/etsi/PNOEE-${personalId}`,
      run: () => smartId.start({ personalId, hash: sha512, hashType: 'SHA512' }),
    },
    {
      client: 'Smart-ID',
      name: 'poll',
      path: `/smart-id-rp/v3/session/${session('sid-auth')}`,
      run: () => smartId.poll({ providerSessionId: session('sid-auth'), personalId, hash: sha512, hashType: 'SHA512', timeoutMs: 1000 }),
    },
    {
      client: 'Smart-ID',
      name: 'startDeviceLinkCertificateChoice',
      path: '/smart-id-rp/v3/signature/certificate-choice/device-link/anonymous',
      run: () => smartId.startDeviceLinkCertificateChoice({ flow: 'QR' }),
    },
    {
      client: 'Smart-ID',
      name: 'pollCertificateChoice',
      path: `/smart-id-rp/v3/session/${session('sid-choice')}`,
      run: () => smartId.pollCertificateChoice({ providerSessionId: session('sid-choice'), personalId, timeoutMs: 1000 }),
    },
    {
      client: 'Smart-ID',
      name: 'startSignature',
      path: `/smart-id-rp/v3/signature/notification/document/PNOEE-${personalId}-MOCK-Q`,
      run: () => smartId.startSignature({ personalId, documentNumber: `PNOEE-${personalId}-MOCK-Q`, hash: sha256, hashType: 'SHA256' }),
    },
    {
      client: 'Smart-ID',
      name: 'signingCertificate',
      path: `/smart-id-rp/v3/signature/certificate/PNOEE-${personalId}-MOCK-Q`,
      run: () => smartId.signingCertificate({ documentNumber: `PNOEE-${personalId}-MOCK-Q`, personalId }),
    },
    {
      client: 'Smart-ID',
      name: 'pollSignature',
      path: `/smart-id-rp/v3/session/${session('sid-sign')}`,
      run: () => smartId.pollSignature({ providerSessionId: session('sid-sign'), personalId, hash: sha256, hashType: 'SHA256', certificate, timeoutMs: 1000 }),
    },
    {
      client: 'Mobile-ID',
      name: 'start',
      path: '/mid-api/authentication',
      run: () => mobileId.start({ personalId, phoneNumber, hash: sha256, hashType: 'SHA256' }),
    },
    {
      client: 'Mobile-ID',
      name: 'poll',
      path: `/mid-api/authentication/session/${session('mid-auth')}`,
      run: () => mobileId.poll({ providerSessionId: session('mid-auth'), personalId, hash: sha256, hashType: 'SHA256', timeoutMs: 1000 }),
    },
    { client: 'Mobile-ID', name: 'signingCertificate', path: '/mid-api/certificate', run: () => mobileId.signingCertificate({ personalId, phoneNumber }) },
    {
      client: 'Mobile-ID',
      name: 'startSignature',
      path: '/mid-api/signature',
      run: () => mobileId.startSignature({ personalId, phoneNumber, hash: sha256, hashType: 'SHA256' }),
    },
    {
      client: 'Mobile-ID',
      name: 'pollSignature',
      path: `/mid-api/signature/session/${session('mid-sign')}`,
      run: () => mobileId.pollSignature({ providerSessionId: session('mid-sign'), personalId, hash: sha256, hashType: 'SHA256', certificate, timeoutMs: 1000 }),
    },
  ];
}

// SK's own error bodies are for developers (docs/eid-facts.md section 3.4); they must change nothing.
const skErrorBody = JSON.stringify({ error: 'Internal error at node rp-api-7 (10.1.2.3)', time: '2026-01-01T00:00:00', traceId: 'trace-5a1b' });

const faults: [string, () => Fault][] = [
  ['500 with SK error body', () => ({ kind: 'status', status: 500, body: skErrorBody })],
  ['502 HTML from a proxy', () => ({ kind: 'status', status: 502, body: '<html><body>Bad gateway</body></html>', contentType: 'text/html' })],
  ['503 empty', () => ({ kind: 'status', status: 503 })],
  ['580 maintenance (Smart-ID)', () => ({ kind: 'status', status: 580, body: '{}' })],
  ['no answer (beyond timeout)', () => ({ kind: 'hang' })],
  ['half an answer, then silence', () => ({ kind: 'hang-body' })],
  ['connection dropped', () => ({ kind: 'drop' })],
  ['dropped mid-answer', () => ({ kind: 'drop-body' })],
  ['200 malformed JSON', () => ({ kind: 'status', status: 200, body: '{"state":"COMPLETE","sessionID":"x' })],
  ['200 HTML', () => ({ kind: 'status', status: 200, body: '<!doctype html><title>Login</title>', contentType: 'text/html' })],
  ['200 empty body', () => ({ kind: 'status', status: 200 })],
  ['200 JSON null', () => ({ kind: 'status', status: 200, body: 'null' })],
  ['200 JSON of wrong types', () => ({ kind: 'status', status: 200, body: '{"sessionID":42,"state":["COMPLETE"],"result":7,"cert":true}' })],
  ['200 COMPLETE of no known state', () => ({ kind: 'status', status: 200, body: '{"state":"DONE","sessionID":""}' })],
  ['307 redirect elsewhere', () => ({ kind: 'redirect', location: `${elsewhere.url}/taken` })],
];

describe('SK faults at each call of the Smart-ID and Mobile-ID clients', () => {
  it.each(faults)('%s: every call ends as unexpected after one request', async (faultName, fault) => {
    sk.heal();
    sk.inject(() => true, fault());
    const tag = faultName.replaceAll(/\W+/g, '-');
    const before = sk.requests.length;
    const elsewhereBefore = elsewhere.requests.length;
    const cases = calls(tag);
    // All at once: the slow faults then cost one timeout, not one per call.
    const outcomes = await Promise.all(cases.map((call) => outcomeOf(call.run)));
    const seen = sk.requests.slice(before);
    for (const [index, call] of cases.entries()) {
      const got = outcomes[index] ?? '';
      const requests = seen.filter((request) => request.path === call.path).length;
      rows.push({
        client: call.client,
        call: call.name,
        fault: faultName,
        expected: 'unexpected',
        got,
        requests,
        pass: got === 'unexpected' && requests === 1,
      });
    }
    expect(cases.map((call, index) => `${call.client} ${call.name}: ${outcomes[index] ?? ''}`)).toEqual(
      cases.map((call) => `${call.client} ${call.name}: unexpected`),
    );
    expect(cases.map((call) => seen.filter((request) => request.path === call.path).length)).toEqual(cases.map(() => 1));
    expect(elsewhere.requests.length - elsewhereBefore, 'requests that followed the redirect').toBe(0);
  });

  it('control: the same calls reach a healthy answer through the same server', async () => {
    sk.heal();
    sk.inject((request) => request.method === 'POST' && !request.path.endsWith('/certificate'), {
      kind: 'status',
      status: 200,
      // Smart-ID v3 answers a signature's start with the code to show, and a device-link start with the link's
      // token, secret and base (docs/eid-facts.md sections 1.9, 1.10); each start reads what it needs.
      body: JSON.stringify({
        sessionID: 'fine',
        vc: { type: 'numeric4', value: '1234' },
        sessionToken: 'fine1',
        sessionSecret: Buffer.alloc(32, 1).toString('base64'),
        deviceLinkBase: 'https://smart-id.com/device-link',
      }),
    });
    sk.inject((request) => request.method === 'GET', { kind: 'status', status: 200, body: '{"state":"RUNNING"}' });
    const cases = calls('control').filter((call) => call.name !== 'signingCertificate');
    const outcomes = await Promise.all(cases.map((call) => outcomeOf(call.run)));
    for (const [index, call] of cases.entries()) {
      const got = outcomes[index] ?? '';
      const expected = call.name.startsWith('poll') ? 'RUNNING' : 'started';
      rows.push({ client: call.client, call: call.name, fault: '(control) healthy answer', expected, got, requests: 1, pass: got === expected });
      expect(`${call.client} ${call.name}: ${got}`).toBe(`${call.client} ${call.name}: ${expected}`);
    }
  });

  it('a status answer of 404 (session unknown or expired) is timeout, not unexpected', async () => {
    sk.heal();
    sk.inject(() => true, { kind: 'status', status: 404, body: '{"error":"Session not found"}' });
    const outcomes = await Promise.all(
      calls('gone')
        .filter((call) => call.name.startsWith('poll'))
        .map(async (call) => `${call.client} ${call.name}: ${await outcomeOf(call.run)}`),
    );
    expect(
      outcomes.every((outcome) => outcome.endsWith(': timeout')),
      outcomes.join('\n'),
    ).toBe(true);
  });

  it('an OK answer carrying bytes that are no certificate is refused as a certificate problem, not thrown', async () => {
    sk.heal();
    const garbage = randomBytes(300).toString('base64');
    sk.inject((request) => request.method === 'GET', {
      kind: 'status',
      status: 200,
      body: JSON.stringify({
        state: 'COMPLETE',
        result: { endResult: 'OK', documentNumber: 'PNOEE-40504040001-MOCK-Q' },
        signatureProtocol: 'ACSP_V2',
        signature: {
          value: garbage,
          serverRandom: 'MTlop6EXCrQ6FOErcKjxUhbV',
          userChallenge: 'GnsWXXEjTCKR89fj9uo5u5ReBZ9JR7_pezLAI5jMS00',
          flowType: 'Notification',
          signatureAlgorithm: 'rsassa-pss',
          signatureAlgorithmParameters: { hashAlgorithm: 'SHA-512' },
        },
        cert: { value: garbage, certificateLevel: 'QUALIFIED' },
        interactionTypeUsed: 'displayTextAndPIN',
      }),
    });
    const outcome = await outcomeOf(() => smartId.poll({ providerSessionId: 'garbage', personalId, hash: sha512, hashType: 'SHA512', timeoutMs: 1000 }));
    rows.push({
      client: 'Smart-ID',
      call: 'poll',
      fault: '200 OK with a non-certificate',
      expected: 'invalid_certificate',
      got: outcome,
      requests: 1,
      pass: outcome === 'invalid_certificate',
    });
    expect(outcome).toBe('invalid_certificate');
  });
});
