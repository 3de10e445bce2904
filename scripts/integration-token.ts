// Gets an access token of the integration API as a bank's system does: signs a client assertion (RFC 7523
// private_key_jwt) with the client's private key and posts it to the token endpoint; prints the access token.
//   npm run integration-token -- [--client demo-bank] [--key FILE] [--url http://localhost:3000] [--scope "..."]
// Without --key, the demo client's key that `npm start` generates in DATA_DIR/keys (default ./data) is used.
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { INTEGRATION_TOKEN_PATH, JWT_BEARER_ASSERTION_TYPE } from '@onboarding/domain';
import { signClientAssertion } from '../apps/api/src/modules/integration/assertion-signer.js';
import { DEMO_CLIENT_ID, demoClientKeyFile } from '../apps/api/src/modules/integration/demo-client.js';

const { values } = parseArgs({
  options: {
    client: { type: 'string', default: DEMO_CLIENT_ID },
    key: { type: 'string' },
    url: { type: 'string', default: process.env.PUBLIC_URL ?? 'http://localhost:3000' },
    scope: { type: 'string' },
    'data-dir': { type: 'string', default: process.env.DATA_DIR ?? './data' },
  },
});

const keyFile = values.key ?? demoClientKeyFile(values['data-dir'] ?? './data');
let pem: string;
try {
  pem = readFileSync(keyFile, 'utf8');
} catch {
  console.error(`No private key at ${keyFile}: start the server once (npm start) for the demo client, or name the key with --key FILE.`);
  process.exit(2);
}
const privateKey = createPrivateKey(pem);
// The key decides the algorithm: EC P-256 signs ES256, RSA signs PS256 (register the key with that alg).
const algorithm = privateKey.asymmetricKeyType === 'ec' ? 'ES256' : 'PS256';
const tokenUrl = `${(values.url ?? '').replace(/\/$/, '')}${INTEGRATION_TOKEN_PATH}`;
const clientId = values.client ?? DEMO_CLIENT_ID;

const form = new URLSearchParams({
  grant_type: 'client_credentials',
  client_assertion_type: JWT_BEARER_ASSERTION_TYPE,
  client_assertion: await signClientAssertion({ clientId, tokenUrl, privateKey, algorithm }),
  ...(values.scope ? { scope: values.scope } : {}),
});
const response = await fetch(tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }).catch(
  (error: unknown) => {
    // No server there: say where it was looked for and how to name another, not a stack.
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    console.error(`Could not reach ${tokenUrl} (${reason}). Is the server running? Name its address with --url, e.g. --url http://localhost:3100.`);
    process.exit(2);
  },
);
const body = (await response.json().catch(() => ({}))) as { access_token?: string; error?: string; error_description?: string };
if (!response.ok || !body.access_token) {
  console.error(`${tokenUrl} answered ${response.status}: ${body.error ?? ''} ${body.error_description ?? ''}`.trim());
  process.exit(1);
}
console.log(body.access_token);
