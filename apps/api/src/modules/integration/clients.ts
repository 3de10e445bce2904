import { existsSync, readFileSync, statSync } from 'node:fs';
import { INTEGRATION_SCOPES } from '@onboarding/domain';
import type { JWK } from 'jose';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { demoClient } from './demo-client.js';
import type { IntegrationClient } from './integration-client.js';

export type { IntegrationClient } from './integration-client.js';

/** The algorithms a client key may sign assertions with (RFC 7518); EC keys ES256, RSA keys RS256 or PS256. */
export const ASSERTION_ALGORITHMS = ['ES256', 'RS256', 'PS256'] as const;

// Public keys only: a private member ("d", or RSA's primes) in the file means a private key was handed out.
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'] as const;

const publicJwkSchema = z
  .object({
    kty: z.enum(['EC', 'RSA']),
    crv: z.string().optional(),
    x: z.string().optional(),
    y: z.string().optional(),
    n: z.string().optional(),
    e: z.string().optional(),
    kid: z.string().min(1).max(200).optional(),
    alg: z.enum(ASSERTION_ALGORITHMS).optional(),
    use: z.literal('sig').optional(),
  })
  .loose()
  .superRefine((key, context) => {
    if (PRIVATE_MEMBERS.some((member) => member in key)) context.addIssue({ code: 'custom', message: 'is a private key; register the public key only' });
    if (key.kty === 'EC' && (key.crv !== 'P-256' || !key.x || !key.y))
      context.addIssue({ code: 'custom', message: 'an EC key must be P-256 with x and y (ES256)' });
    if (key.kty === 'RSA' && (!key.n || !key.e || Buffer.from(key.n, 'base64url').length < 256))
      context.addIssue({ code: 'custom', message: 'an RSA key must have n and e, and at least 2048 bits' });
  });

export const integrationClientsSchema = z.array(
  z.object({
    clientId: z.string().regex(/^[A-Za-z0-9._-]{3,64}$/, 'must be 3 to 64 letters, digits, dots, dashes or underscores'),
    scopes: z.array(z.enum(INTEGRATION_SCOPES)).min(1),
    publicKeys: z.array(publicJwkSchema).min(1).max(10),
  }),
);

/** A client id given twice, found apart from the schema so that it is named even when an entry is otherwise wrong. */
function duplicateProblems(json: unknown): string[] {
  if (!Array.isArray(json)) return [];
  const seen = new Set<unknown>();
  return json.flatMap((entry: unknown, index) => {
    const clientId = (entry as { clientId?: unknown } | null)?.clientId;
    if (typeof clientId !== 'string') return [];
    if (seen.has(clientId)) return [`${index}.clientId: ${clientId} is registered twice`];
    seen.add(clientId);
    return [];
  });
}

/** Reads and checks a clients file; a bad one stops the start with every problem named. */
export function readIntegrationClients(file: string): IntegrationClient[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`INTEGRATION_CLIENTS_FILE ${file} is not readable JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = integrationClientsSchema.safeParse(json);
  const problems = [
    ...(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`)),
    ...duplicateProblems(json),
  ];
  if (!result.success || problems.length > 0) {
    throw new Error(`INTEGRATION_CLIENTS_FILE ${file} is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
  return result.data.map((client) => ({ clientId: client.clientId, scopes: client.scopes, publicKeys: client.publicKeys as JWK[] }));
}

/** The registered clients, looked up by id on every token request and every call with a token. */
export type ClientRegistry = { find(clientId: string): IntegrationClient | undefined };

export function clientRegistryOf(clients: readonly IntegrationClient[]): ClientRegistry {
  const byId = new Map(clients.map((client) => [client.clientId, client]));
  return { find: (clientId) => byId.get(clientId) };
}

/** What tells one version of a file from the next without reading it: a rewrite or a replacement changes one of these. */
function fileStamp(file: string): string {
  try {
    const stats = statSync(file);
    return `${String(stats.ino)}:${String(stats.size)}:${String(stats.mtimeMs)}:${String(stats.ctimeMs)}`;
  } catch {
    return 'missing';
  }
}

/**
 * The clients of a file, read again whenever the file changes: a client removed from it, or a scope taken away,
 * stops at once on every instance that reads the file, not at the next start. A file that no longer reads (removed,
 * half written, invalid) registers nobody until it is fixed: the integration API fails closed, and says why.
 */
export function watchedClientRegistry(file: string, onUnreadable: (error: Error) => void): ClientRegistry {
  let stamp = fileStamp(file);
  let current = clientRegistryOf(readIntegrationClients(file));
  return {
    find(clientId) {
      const next = fileStamp(file);
      if (next !== stamp) {
        stamp = next;
        try {
          current = clientRegistryOf(readIntegrationClients(file));
        } catch (error) {
          current = clientRegistryOf([]);
          onUnreadable(error instanceof Error ? error : new Error(String(error)));
        }
      }
      return current.find(clientId);
    },
  };
}

/**
 * The registered clients: those of INTEGRATION_CLIENTS_FILE; without it, in simulated mode the demo client (so the
 * README's example works with no set-up), in live mode none.
 */
export async function loadIntegrationClients(config: Pick<Config, 'INTEGRATION_CLIENTS_FILE' | 'IDENTITY_MODE' | 'dataDir'>): Promise<IntegrationClient[]> {
  if (config.INTEGRATION_CLIENTS_FILE) {
    if (!existsSync(config.INTEGRATION_CLIENTS_FILE)) throw new Error(`INTEGRATION_CLIENTS_FILE ${config.INTEGRATION_CLIENTS_FILE} does not exist`);
    return readIntegrationClients(config.INTEGRATION_CLIENTS_FILE);
  }
  if (config.IDENTITY_MODE !== 'simulated') return [];
  return [await demoClient(config.dataDir)];
}

/** The registry the integration API asks: INTEGRATION_CLIENTS_FILE watched for changes, else the clients loaded once. */
export async function loadClientRegistry(
  config: Pick<Config, 'INTEGRATION_CLIENTS_FILE' | 'IDENTITY_MODE' | 'dataDir'>,
  onUnreadable: (error: Error) => void,
): Promise<ClientRegistry> {
  const clients = await loadIntegrationClients(config);
  return config.INTEGRATION_CLIENTS_FILE ? watchedClientRegistry(config.INTEGRATION_CLIENTS_FILE, onUnreadable) : clientRegistryOf(clients);
}
