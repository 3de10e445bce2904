import { JWT_BEARER_ASSERTION_TYPE, recordedDecisionSchema, type Decision } from '@onboarding/domain';
import { expect } from 'vitest';
import { signClientAssertion } from '../../../apps/api/src/modules/integration/assertion-signer.js';
import type { TestClient } from '../../../apps/api/src/test/integration-clients.js';

/** The bank's system over HTTP, as it would call from its own network: a token by private_key_jwt. */
export async function bankToken(baseUrl: string, client: TestClient): Promise<string> {
  const tokenUrl = `${baseUrl}/oauth2/v2/token`;
  const assertion = await signClientAssertion({ clientId: client.clientId, tokenUrl, privateKey: client.privateKey });
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: JWT_BEARER_ASSERTION_TYPE, client_assertion: assertion }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Reads the application as the bank does and records the decision on the version it read, with a key of its own. */
export async function decide(baseUrl: string, token: string, processId: string, decision: Decision): Promise<void> {
  const read = await fetch(`${baseUrl}/integration/v1/applications/${processId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(read.status).toBe(200);
  const { version } = (await read.json()) as { version: number };
  const response = await fetch(`${baseUrl}/integration/v1/applications/${processId}/decisions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ applicationVersion: version, decision }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  recordedDecisionSchema.parse(await response.json());
}
