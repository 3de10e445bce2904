import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { generateKeyPair, importPKCS8, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { claimsOfToken, headerOf } from '../../test/forged-tokens.js';
import { integrationClients, requestToken, tokenForm, TOKEN_URL, type TestClient } from '../../test/integration-clients.js';
import { signInAsRepresentative } from '../../test/representative.js';
import { signClientAssertion } from './assertion-signer.js';
import { DEMO_CLIENT_ID, demoClientKeyFile } from './demo-client.js';

/**
 * The token endpoint of the bank's systems (RFC 6749 section 4.4 with RFC 7523 private_key_jwt): only an assertion
 * signed with the client's registered key, for this endpoint, fresh and never used before, gets a token, and only
 * with scopes the client is registered for. Each refusal carries its RFC 6749 section 5.2 code.
 */

let app: FastifyInstance;
let clients: Record<string, TestClient>;

beforeAll(async () => {
  const registered = await integrationClients([
    { clientId: 'core-banking', scopes: ['applications:read', 'applications:decide'] },
    { clientId: 'archive', scopes: ['applications:read'], algorithm: 'PS256' },
    { clientId: 'decisions-only', scopes: ['applications:decide'], algorithm: 'RS256' },
  ]);
  clients = registered.clients;
  app = await buildTestApp({ INTEGRATION_CLIENTS_FILE: registered.file });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const client = (id: string): TestClient => {
  const found = clients[id];
  if (!found) throw new Error(`no client ${id}`);
  return found;
};

async function expectRefused(fields: Record<string, string>, status: number, error: string) {
  const response = await requestToken(app, fields);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ error, error_description: expect.any(String) as string });
  expect(response.headers['cache-control']).toBe('no-store');
  return response;
}

describe('POST /oauth2/v2/token', () => {
  it('gives a registered client a five-minute RFC 9068 token with all its scopes, not to be cached', async () => {
    const response = await requestToken(app, await tokenForm(client('core-banking')));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as { access_token: string; token_type: string; expires_in: number; scope: string };
    expect(body).toEqual({ access_token: expect.any(String) as string, token_type: 'Bearer', expires_in: 300, scope: 'applications:read applications:decide' });
    expect(headerOf(body.access_token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt', kid: expect.any(String) as string });
    const claims = claimsOfToken(body.access_token);
    expect(claims).toMatchObject({
      iss: 'http://localhost:3000/oauth2/v2',
      aud: 'integration',
      sub: 'core-banking',
      client_id: 'core-banking',
      scope: 'applications:read applications:decide',
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(300);
  });

  it('gives only the scopes asked for, and takes RSA keys (PS256, RS256) as registered', async () => {
    const archive = await requestToken(app, await tokenForm(client('archive'), { scope: 'applications:read' }));
    expect(archive.statusCode, archive.body).toBe(200);
    expect(archive.json()).toMatchObject({ scope: 'applications:read' });
    const narrowed = await requestToken(app, await tokenForm(client('core-banking'), { scope: 'applications:read' }));
    expect(narrowed.json()).toMatchObject({ scope: 'applications:read' });
    expect(claimsOfToken((narrowed.json() as { access_token: string }).access_token).scope).toBe('applications:read');
    expect((await requestToken(app, await tokenForm(client('decisions-only')))).statusCode).toBe(200);
  });

  it('refuses an assertion signed with another key: invalid_client, 401', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    await expectRefused(await tokenForm({ ...client('core-banking'), privateKey }), 401, 'invalid_client');
  });

  it('refuses an expired assertion, and one that lives longer than five minutes', async () => {
    const past = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer('core-banking')
      .setSubject('core-banking')
      .setAudience(TOKEN_URL)
      .setJti(crypto.randomUUID())
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
      .sign(client('core-banking').privateKey);
    const response = await expectRefused({ ...(await tokenForm(client('core-banking'))), client_assertion: past }, 401, 'invalid_client');
    expect(response.json()).toMatchObject({ error_description: 'The client assertion has expired.' });

    const tooLong = await signClientAssertion({
      clientId: 'core-banking',
      tokenUrl: TOKEN_URL,
      privateKey: client('core-banking').privateKey,
      lifetimeSeconds: 3600,
    });
    await expectRefused({ ...(await tokenForm(client('core-banking'))), client_assertion: tooLong }, 401, 'invalid_client');
  });

  it('refuses a replayed assertion (the same jti), however soon', async () => {
    const form = await tokenForm(client('core-banking'));
    expect((await requestToken(app, form)).statusCode).toBe(200);
    const response = await expectRefused(form, 401, 'invalid_client');
    expect(response.json()).toMatchObject({ error_description: 'The client assertion was used already.' });
  });

  it('refuses an assertion for another audience, and one whose subject is not its issuer', async () => {
    const elsewhere = await signClientAssertion({
      clientId: 'core-banking',
      tokenUrl: 'https://other.example/oauth2/v2/token',
      privateKey: client('core-banking').privateKey,
    });
    await expectRefused({ ...(await tokenForm(client('core-banking'))), client_assertion: elsewhere }, 401, 'invalid_client');
    const applicantAudience = await signClientAssertion({ clientId: 'core-banking', tokenUrl: 'onboarding', privateKey: client('core-banking').privateKey });
    await expectRefused({ ...(await tokenForm(client('core-banking'))), client_assertion: applicantAudience }, 401, 'invalid_client');

    const otherSubject = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer('core-banking')
      .setSubject('archive')
      .setAudience(TOKEN_URL)
      .setJti(crypto.randomUUID())
      .setExpirationTime('1m')
      .sign(client('core-banking').privateKey);
    await expectRefused({ ...(await tokenForm(client('core-banking'))), client_assertion: otherSubject }, 401, 'invalid_client');
  });

  it('refuses an unknown client, an unsigned assertion and a client_id that is not the issuer', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    await expectRefused(await tokenForm({ clientId: 'stranger', privateKey, algorithm: 'ES256' }), 401, 'invalid_client');
    const [header = '', claims = ''] = (await tokenForm(client('core-banking'))).client_assertion?.split('.') ?? [];
    const none = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(header, 'base64url').toString()), alg: 'none' })).toString('base64url')}.${claims}.`;
    await expectRefused({ ...(await tokenForm(client('core-banking'))), client_assertion: none }, 401, 'invalid_client');
    await expectRefused(await tokenForm(client('core-banking'), { client_id: 'archive' }), 401, 'invalid_client');
  });

  it('refuses a scope the client is not registered for, or one that does not exist: invalid_scope, 400', async () => {
    await expectRefused(await tokenForm(client('archive'), { scope: 'applications:read applications:decide' }), 400, 'invalid_scope');
    await expectRefused(await tokenForm(client('core-banking'), { scope: 'applications:delete' }), 400, 'invalid_scope');
  });

  it('answers a missing or other grant type, a missing assertion and a body that is not a form with their RFC codes', async () => {
    const form = await tokenForm(client('core-banking'));
    await expectRefused({ ...form, grant_type: 'password' }, 400, 'unsupported_grant_type');
    const { grant_type: _grant, ...withoutGrant } = form;
    await expectRefused(withoutGrant, 400, 'invalid_request');
    const { client_assertion: _assertion, ...withoutAssertion } = form;
    await expectRefused(withoutAssertion, 401, 'invalid_client');
    await expectRefused({ ...form, client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:saml2-bearer' }, 401, 'invalid_client');

    const json = await app.inject({ method: 'POST', url: '/oauth2/v2/token', payload: form });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: 'invalid_request' });
    const twice = await app.inject({
      method: 'POST',
      url: '/oauth2/v2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${new URLSearchParams(form).toString()}&grant_type=client_credentials`,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('keeps the form parser to itself: the onboarding API still refuses a form body', async () => {
    const call = await signInAsRepresentative(app, '38001085718');
    const response = await call('POST', '/onboarding/applications', undefined);
    expect(response.statusCode).not.toBe(500);
    const form = await app.inject({
      method: 'POST',
      url: '/oauth2/v2/authorize/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'authorizationCode=x&codeVerifier=y&grantType=AUTHORIZATION_CODE',
    });
    expect(form.statusCode).toBe(415);
  });

  it('forgets used assertions once they expired', async () => {
    const { createAssertionRepository } = await import('./assertion-repository.js');
    const repository = createAssertionRepository(app.database.db);
    expect(await repository.recordOnce('core-banking', 'old-jti', new Date(Date.now() - 1000))).toBe(true);
    expect(await repository.recordOnce('core-banking', 'old-jti', new Date(Date.now() - 1000))).toBe(false);
    expect(await repository.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await repository.recordOnce('core-banking', 'old-jti', new Date(Date.now() + 60_000))).toBe(true);
  });
});

describe('the demo client of simulated mode', () => {
  it('is demo-bank with every scope, its private key generated once into DATA_DIR/keys, readable by its owner alone', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'onboarding-demo-client-'));
    const demo = await buildTestApp({ DATA_DIR: dataDir });
    try {
      await demo.ready();
      const keyFile = demoClientKeyFile(dataDir);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      const privateKey = await importPKCS8(readFileSync(keyFile, 'utf8'), 'ES256');
      const response = await requestToken(demo, await tokenForm({ clientId: DEMO_CLIENT_ID, privateKey, algorithm: 'ES256' }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ scope: 'applications:read applications:decide customers:manage' });
    } finally {
      await demo.close();
    }
  });

  it('does not exist in live mode unless configured', async () => {
    const { loadIntegrationClients } = await import('./clients.js');
    expect(await loadIntegrationClients({ IDENTITY_MODE: 'live', dataDir: mkdtempSync(path.join(tmpdir(), 'onboarding-live-')) })).toEqual([]);
  });
});
