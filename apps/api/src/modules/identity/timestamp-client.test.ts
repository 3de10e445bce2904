import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AsnConvert } from '@peculiar/asn1-schema';
import { PKIStatus, PKIStatusInfo, TimeStampResp, TimeStampToken } from '@peculiar/asn1-tsp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type SimulatorHandle } from '../../simulators/start-simulators.js';
import { createTimestampClient } from './timestamp-client.js';
import { verifyTimestampToken } from './timestamp-token.js';
import { IdentityError } from './types.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'timestamp-client-'));
let simulators: SimulatorHandle;

const failureOf = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
    return 'no failure';
  } catch (error) {
    return error instanceof IdentityError ? error.code : String(error);
  }
};

beforeAll(async () => {
  simulators = await startSimulators({ dataDir, completionDelayMs: 0 });
});

afterAll(async () => {
  await simulators.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('time-stamps from the simulated TSA', () => {
  it('stamps data with a token that verifies against the TSA trust anchor', async () => {
    const data = randomBytes(100);
    const { token, genTime } = await createTimestampClient({ url: simulators.tsaUrl, timeoutMs: 5000 }).stamp(data);
    expect(Math.abs(genTime.getTime() - Date.now())).toBeLessThan(60_000);
    const verified = verifyTimestampToken({ token, data, trustAnchors: simulators.tsaTrustAnchors });
    expect(verified).toMatchObject({ ok: true, genTime });
    expect(verified.ok && verified.signerCertificate.subject).toContain('TEST of Onboarding Simulator TSA');
  });

  it('rejects a token over other data, under another trust anchor, or with a flipped byte', async () => {
    const data = randomBytes(100);
    const { token } = await createTimestampClient({ url: simulators.tsaUrl, timeoutMs: 5000 }).stamp(data);
    expect(verifyTimestampToken({ token, data: randomBytes(100), trustAnchors: simulators.tsaTrustAnchors })).toEqual({
      ok: false,
      reason: 'messageImprint does not match the data',
    });
    expect(verifyTimestampToken({ token, data, trustAnchors: simulators.smartIdTrustAnchors })).toEqual({ ok: false, reason: 'signer certificate untrusted' });
    // The TSA's signature value is the last bytes of the token: flipping one breaks it.
    const tampered = Uint8Array.from(token);
    tampered[tampered.length - 2] = (tampered[tampered.length - 2] ?? 0) ^ 0x01;
    expect(verifyTimestampToken({ token: tampered, data, trustAnchors: simulators.tsaTrustAnchors })).toEqual({
      ok: false,
      reason: 'signature does not verify',
    });
    expect(verifyTimestampToken({ token, data, trustAnchors: simulators.tsaTrustAnchors, now: new Date(Date.now() - 3_600_000) })).toEqual({
      ok: false,
      reason: 'genTime in the future',
    });
  });
});

describe('time-stamp failures', () => {
  it('a TSA that is down fails with timestamp_unavailable', async () => {
    simulators.setOutage('tsa', true);
    try {
      expect(await failureOf(createTimestampClient({ url: simulators.tsaUrl, timeoutMs: 5000 }).stamp(randomBytes(10)))).toBe('timestamp_unavailable');
    } finally {
      simulators.setOutage('tsa', false);
    }
  });

  it('a TSA that does not answer in time, or answers another request’s token, fails with timestamp_unavailable', async () => {
    const { token } = await createTimestampClient({ url: simulators.tsaUrl, timeoutMs: 5000 }).stamp(randomBytes(10));
    // Replays a reply built around an earlier token, after a delay only when asked to.
    let delayMs = 0;
    const reply = Buffer.from(
      AsnConvert.serialize(
        new TimeStampResp({ status: new PKIStatusInfo({ status: PKIStatus.granted }), timeStampToken: AsnConvert.parse(token, TimeStampToken) }),
      ),
    );
    const fake: Server = createServer((_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(reply), delayMs);
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${String((fake.address() as AddressInfo).port)}/`;
      expect(await failureOf(createTimestampClient({ url, timeoutMs: 5000 }).stamp(randomBytes(10)))).toBe('timestamp_unavailable');
      delayMs = 2000;
      const started = Date.now();
      expect(await failureOf(createTimestampClient({ url, timeoutMs: 200 }).stamp(randomBytes(10)))).toBe('timestamp_unavailable');
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      fake.closeAllConnections();
      await new Promise((resolve) => fake.close(resolve));
    }
  });
});
