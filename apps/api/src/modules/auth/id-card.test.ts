import { mkdtempSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type SimulatorHandle } from '../../simulators/index.js';
import { buildTestApp } from '../../test/app.js';
import { claimsOf, createPkce } from '../../test/sign-in.js';

let app: FastifyInstance;
let eidUrl: string;
let simulators: SimulatorHandle;
let foreignSimulators: SimulatorHandle;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'onboarding-eid-'));
  app = await buildTestApp({ DATA_DIR: dataDir, EID_PORT: '0', HOST: '127.0.0.1' });
  // The same data folder holds the same test CAs the app trusts; another folder holds CAs it does not.
  simulators = await startSimulators({ dataDir: path.join(dataDir, 'simulators'), completionDelayMs: 0, logger: false });
  foreignSimulators = await startSimulators({ dataDir: mkdtempSync(path.join(tmpdir(), 'onboarding-foreign-')), completionDelayMs: 0, logger: false });
  const page = await app.inject({ method: 'GET', url: '/start/' });
  const content = /<meta name="page-settings" content="([^"]*)"/.exec(page.body)?.[1] ?? '';
  eidUrl = (JSON.parse(content.replaceAll('&quot;', '"')) as { eidUrl: string }).eidUrl;
});

afterAll(async () => {
  await simulators?.close();
  await foreignSimulators?.close();
  await app?.close();
});

/** A browser's POST to the eid host over TLS, presenting an ID-card certificate (or none). */
function postToEid(body: unknown, card?: { cert: string; key: string }): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const url = new URL('/oauth2/v2/authorize/eid', eidUrl);
    const outgoing = request(
      url,
      {
        method: 'POST',
        ca: simulators.eidServerTls.ca,
        ...(card ? { cert: card.cert, key: card.key } : {}),
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(body));
  });
}

describe('ID-card sign-in on the eid listener (TLS client certificate)', () => {
  it('offers the eid address in the page settings', () => {
    expect(eidUrl).toMatch(/^https:\/\/(localhost|127\.0\.0\.1):\d+$/);
  });

  it('signs in with a card from the trusted test CA; the person comes from the certificate', async () => {
    const card = await simulators.issueTestIdCard({ personalId: '38001085718', givenName: 'JAAN', surname: 'JÕGI' });
    const pkce = createPkce();
    const eid = await postToEid(pkce.common, card);
    expect(eid.status).toBe(200);
    const token = await app.inject({
      method: 'POST',
      url: '/oauth2/v2/authorize/token',
      payload: { authorizationCode: eid.body.code, codeVerifier: pkce.codeVerifier, grantType: 'AUTHORIZATION_CODE' },
    });
    expect(token.statusCode).toBe(200);
    expect(claimsOf(token.json().accessToken)).toMatchObject({
      personalId: '38001085718',
      givenName: 'JAAN',
      surname: 'JÕGI',
      authenticationMethod: 'ID_CARD',
    });
  });

  it('refuses a card from a CA it does not trust with invalid_certificate', async () => {
    const card = await foreignSimulators.issueTestIdCard({ personalId: '38001085718', givenName: 'JAAN', surname: 'JÕGI' });
    const eid = await postToEid(createPkce().common, card);
    expect(eid.status).toBe(400);
    expect(eid.body.code).toBe('invalid_certificate');
  });

  it('answers no_certificate when the browser presents none', async () => {
    const eid = await postToEid(createPkce().common);
    expect(eid.status).toBe(400);
    expect(eid.body.code).toBe('no_certificate');
  });

  it('refuses wrong common fields', async () => {
    const card = await simulators.issueTestIdCard({ personalId: '38001085718', givenName: 'JAAN', surname: 'JÕGI' });
    const eid = await postToEid({ ...createPkce().common, channel: 'OTHER' }, card);
    expect(eid.status).toBe(400);
    expect(eid.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('ID-card sign-in behind a trusted reverse proxy (certificate in a header)', () => {
  it('reads the certificate from the configured header only', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'onboarding-eid-proxy-'));
    const proxied = await buildTestApp({ DATA_DIR: dataDir, EID_CLIENT_CERT_HEADER: 'x-ssl-client-cert' });
    const proxySimulators = await startSimulators({ dataDir: path.join(dataDir, 'simulators'), completionDelayMs: 0, logger: false });
    try {
      const card = await proxySimulators.issueTestIdCard({ personalId: '38001085718', givenName: 'JAAN', surname: 'JÕGI' });
      const pkce = createPkce();
      const signedIn = await proxied.inject({
        method: 'POST',
        url: '/oauth2/v2/authorize/eid',
        headers: { 'x-ssl-client-cert': encodeURIComponent(card.cert) },
        payload: pkce.common,
      });
      expect(signedIn.statusCode).toBe(200);
      const token = await proxied.inject({
        method: 'POST',
        url: '/oauth2/v2/authorize/token',
        payload: { authorizationCode: signedIn.json().code, codeVerifier: pkce.codeVerifier, grantType: 'AUTHORIZATION_CODE' },
      });
      expect(claimsOf(token.json().accessToken)).toMatchObject({ personalId: '38001085718', authenticationMethod: 'ID_CARD' });

      const withoutHeader = await proxied.inject({ method: 'POST', url: '/oauth2/v2/authorize/eid', payload: createPkce().common });
      expect(withoutHeader.json().code).toBe('no_certificate');
    } finally {
      await proxySimulators.close();
      await proxied.close();
    }
  });

  it('has no eid route on the main server without the header setting', async () => {
    const response = await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/eid', payload: createPkce().common });
    expect(response.statusCode).toBe(404);
  });
});
