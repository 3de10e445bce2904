import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JWT_BEARER_ASSERTION_TYPE, type IntegrationScope } from '@onboarding/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { signClientAssertion } from '../modules/integration/assertion-signer.js';

export const TOKEN_URL = 'http://localhost:3000/oauth2/v2/token';

export type TestClient = { clientId: string; scopes: IntegrationScope[]; privateKey: CryptoKey; algorithm: 'ES256' | 'RS256' | 'PS256' };

/** Machine clients with fresh key pairs, and the INTEGRATION_CLIENTS_FILE that registers their public keys. */
export async function integrationClients(
  specs: { clientId: string; scopes: IntegrationScope[]; algorithm?: 'ES256' | 'RS256' | 'PS256' }[],
): Promise<{ clients: Record<string, TestClient>; file: string }> {
  const clients: Record<string, TestClient> = {};
  const registered = [];
  for (const spec of specs) {
    const algorithm = spec.algorithm ?? 'ES256';
    const { privateKey, publicKey } = await generateKeyPair(algorithm, { extractable: true });
    clients[spec.clientId] = { clientId: spec.clientId, scopes: spec.scopes, privateKey, algorithm };
    registered.push({ clientId: spec.clientId, scopes: spec.scopes, publicKeys: [{ ...(await exportJWK(publicKey)), alg: algorithm }] });
  }
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'integration-clients-')), 'clients.json');
  writeFileSync(file, JSON.stringify(registered));
  return { clients, file };
}

/** Asks the token endpoint as a form, the way a bank's system does. */
export const requestToken = (app: FastifyInstance, fields: Record<string, string>): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: '/oauth2/v2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** The form of a client credentials request with a freshly signed assertion. */
export async function tokenForm(
  client: Pick<TestClient, 'clientId' | 'privateKey' | 'algorithm'>,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  const assertion = await signClientAssertion({ clientId: client.clientId, tokenUrl: TOKEN_URL, privateKey: client.privateKey, algorithm: client.algorithm });
  return { grant_type: 'client_credentials', client_assertion_type: JWT_BEARER_ASSERTION_TYPE, client_assertion: assertion, ...extra };
}

/** An integration access token of the client (all its scopes unless `scope` says otherwise). */
export async function integrationToken(app: FastifyInstance, client: TestClient, scope?: string): Promise<string> {
  const response = await requestToken(app, await tokenForm(client, scope === undefined ? {} : { scope }));
  if (response.statusCode !== 200) throw new Error(`token answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { access_token: string }).access_token;
}
