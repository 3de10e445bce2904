import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JAAK_KRISTJAN, OK_TESTNUMBER } from '@onboarding/domain/test-support';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, signingSessions } from '../../apps/api/src/db/schema.js';
import { buildTestApp } from '../../apps/api/src/test/app.js';
import { errorBodyProblems } from '../../apps/api/src/test/error-body.js';
import { importPKCS8 } from 'jose';
import { DEMO_CLIENT_ID, demoClientKeyFile } from '../../apps/api/src/modules/integration/demo-client.js';
import { integrationToken } from '../../apps/api/src/test/integration-clients.js';
import { fillPath, readOpenApi, type Operation } from '../../apps/api/src/test/openapi-operations.js';
import { recordQueries, type QueryRecorder } from '../../apps/api/src/test/query-recorder.js';
import { createPkce, pollUntilDone } from '../../apps/api/src/test/sign-in.js';
import { representativeWithApplication, validBody, type Representative } from '../../apps/api/src/test/two-representatives.js';

/**
 * The access matrix (docs/requirements.md section 6): two representatives, each
 * with an application, a contract and a signing waiting for the signature, and
 * every route of the OpenAPI document. Another representative's resource
 * answers exactly as a missing one: same status, same body, and the same SQL in
 * the same order reading the same number of rows, so neither the answer nor the
 * work behind it (the time it takes) tells them apart.
 * (The queries are compared, not timed: a timed assertion would be flaky.)
 * Without a valid token every authenticated route answers the same 401.
 */

let app: FastifyInstance;
let recorder: QueryRecorder;
let operations: Operation[];
let integrationOperations: Operation[];
let dataDir: string;
let a: Representative;
let b: Representative;
let smartIdSessionId: string;
const answersTo: Record<'a' | 'b', LightMyRequestResponse[]> = { a: [], b: [] };

/** Path parameters that name one representative's resource, and how to find theirs. */
const RESOURCES: Record<string, (owner: Representative) => string> = {
  processId: (owner) => owner.processId,
  signingSessionId: (owner) => owner.signingSessionId,
};

const NO_INVITATION = randomUUID();

/** Path parameters that name no one's resource: the same valid value whoever asks. */
const NEUTRAL: Record<string, (asker: Representative) => string> = {
  step: () => 'Incomes',
  registryCountryCode: () => 'EE',
  registryCode: (asker) => asker.subject.company.registryCode,
  personalId: (asker) => asker.personalId,
  // A sign-in is found by its id alone (its code still needs the PKCE verifier); compared below as a Smart-ID id on either path.
  authenticationSessionId: () => smartIdSessionId,
  // Neither representative here has signed, so neither has invitations: the same unknown id and token whoever asks.
  // A real invitation opened by someone it does not name is in apps/api/src/modules/signing/co-signing.test.ts.
  invitationId: () => NO_INVITATION,
  token: () => 'A'.repeat(43),
};

/** Values of the query parameters a route requires, which name nobody's resource. */
const NEUTRAL_QUERY: Record<string, string> = { language: 'en' };

beforeAll(async () => {
  // The mail sender polls the outbox on a timer: rarely here, though its queries are not counted either way.
  // Every request checks its session in the database (no per-instance trust window), so that foreign and missing ids are
  // compared by the same statements whatever the clock did between them.
  dataDir = mkdtempSync(path.join(tmpdir(), 'onboarding-matrix-'));
  app = await buildTestApp({ MAIL_SEND_INTERVAL_MS: '600000', SESSION_CHECK_CACHE_MS: '0', DATA_DIR: dataDir });
  await app.ready();
  operations = (await readOpenApi(app)).operations;
  integrationOperations = (await readOpenApi(app, '/integration/v1/openapi.json')).operations;
  a = await representativeWithApplication(app, JAAK_KRISTJAN, 'jaak.matrix@example.ee');
  b = await representativeWithApplication(app, OK_TESTNUMBER, 'ok.matrix@example.ee');
  const start = await app.inject({
    method: 'POST',
    url: '/oauth2/v2/authorize/sid/start',
    payload: { ...createPkce().common, personalId: '40504040001', personalIdCountryCode: 'EE' },
  });
  smartIdSessionId = start.json().authenticationSessionId as string;
  await pollUntilDone(app, 'sid', smartIdSessionId);
  recorder = recordQueries(app.database);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

type Target = 'own' | 'foreign' | 'missing';

const SIGNED_CONTRACT = 'GET /onboarding/applications/{processId}/contract/signed';
const SIGNING_DEVICE_LINK = 'GET /onboarding/applications/{processId}/signing/{signingSessionId}/device-link';

/** A request of `asker` to the operation, each resource parameter pointing at the asker's, the other's, or nobody's. */
function requestOf(
  operation: Operation,
  asker: Representative,
  targets: Record<string, Target>,
  // `authorization: null` sends no authorization header.
  { authorization = `Bearer ${asker.accessToken}`, bodyActor = asker }: { authorization?: string | null; bodyActor?: Representative } = {},
): InjectOptions {
  const other = asker === a ? b : a;
  const missing = Object.fromEntries(operation.params.map((name) => [name, randomUUID()]));
  const values = Object.fromEntries(
    operation.params.map((name) => {
      const resource = RESOURCES[name];
      const neutral = NEUTRAL[name];
      if (resource) {
        const target = targets[name] ?? 'own';
        return [name, target === 'missing' ? (missing[name] as string) : resource(target === 'own' ? asker : other)];
      }
      if (neutral) return [name, neutral(asker)];
      throw new Error(`${operation.key}: path parameter ${name} is new; say in access-matrix.test.ts whether it names someone's resource`);
    }),
  );
  const body = operation.body
    ? (validBody(operation, { actor: bodyActor, params: values, refreshToken: 'no-such-refresh-token', authorizationCode: 'no-such-code' }) ?? {})
    : undefined;
  const query = new URLSearchParams(
    operation.query.map((name) => {
      const value = NEUTRAL_QUERY[name];
      if (value === undefined) throw new Error(`${operation.key}: query parameter ${name} is new; say in access-matrix.test.ts what to send`);
      return [name, value];
    }),
  ).toString();
  return {
    method: operation.method,
    url: `${fillPath(operation.path, values)}${query ? `?${query}` : ''}`,
    headers: authorization === null ? {} : { authorization },
    ...(body === undefined ? {} : { payload: body as object }),
  };
}

async function recorded(options: InjectOptions, asker?: 'a' | 'b') {
  const { result: response, statements, rowCounts } = await recorder.record(() => app.inject(options));
  if (asker) answersTo[asker].push(response);
  return { response, statements, rowCounts };
}

const resourceOperations = () => operations.filter((operation) => operation.isAuthenticated && operation.params.some((name) => name in RESOURCES));
const snapshot = async () => ({
  applications: await app.database.db
    .select({ processId: applications.processId, version: applications.version, status: applications.status })
    .from(applications)
    .where(inArray(applications.processId, [a.processId, b.processId])),
  signings: await app.database.db
    .select({ id: signingSessions.id, status: signingSessions.status })
    .from(signingSessions)
    .where(inArray(signingSessions.id, [a.signingSessionId, b.signingSessionId])),
});

describe("another representative's resources answer as missing ones", () => {
  it('covers every authenticated route that names an application or a signing', () => {
    expect(resourceOperations().map((operation) => operation.key)).toEqual(
      expect.arrayContaining([
        'GET /onboarding/applications/{processId}',
        'POST /onboarding/applications/{processId}/signing/{signingSessionId}/cancel',
        'GET /onboarding/applications/{processId}/contract',
      ]),
    );
  });

  it('serves each representative their own resources (so a 404 below is the ownership check, not a bad request)', async () => {
    for (const operation of resourceOperations().filter((candidate) => candidate.method === 'GET')) {
      for (const [asker, key] of [
        [a, 'a'],
        [b, 'b'],
      ] as const) {
        const { response } = await recorded(requestOf(operation, asker, {}), key);
        // The signed container exists once the application is signed; these applications wait for the signature, by
        // ID-card, so there is no QR code to renew either.
        const own =
          operation.key === SIGNED_CONTRACT
            ? { statusCode: 404, message: 'The contract has not been signed.' }
            : operation.key === SIGNING_DEVICE_LINK
              ? { statusCode: 404, message: 'No QR code to show for this signing.' }
              : { statusCode: 200 };
        expect(response.statusCode, `${operation.key}: ${response.body.slice(0, 200)}`).toBe(own.statusCode);
        if (own.message) expect(response.json()).toMatchObject({ message: own.message });
      }
    }
  });

  it('answers a foreign id with the same 404, body and queries as an id that does not exist, on every route', async () => {
    const before = await snapshot();
    const mismatches: string[] = [];
    for (const operation of resourceOperations()) {
      const resourceParams = operation.params.filter((name) => name in RESOURCES);
      // Every resource of the other; and, where a route names two, one's own application with the other's signing.
      const cases: Record<string, Target>[] = [Object.fromEntries(resourceParams.map((name) => [name, 'foreign']))];
      if (resourceParams.length > 1) cases.push(Object.fromEntries(resourceParams.map((name, index) => [name, index === 0 ? 'own' : 'foreign'])));
      for (const [asker, key] of [
        [a, 'a'],
        [b, 'b'],
      ] as const) {
        for (const targets of cases) {
          const missingTargets = Object.fromEntries(Object.entries(targets).map(([name, target]) => [name, target === 'foreign' ? 'missing' : target]));
          // Both bodies carry the other's version and data, so the two requests differ only in the id.
          const bodyActor = asker === a ? b : a;
          const foreign = await recorded(requestOf(operation, asker, targets, { bodyActor }), key);
          const missing = await recorded(requestOf(operation, asker, missingTargets, { bodyActor }), key);
          const label = `${operation.key} as ${key} ${JSON.stringify(targets)}`;
          if (foreign.response.statusCode !== 404 || foreign.response.json().code !== 'NOT_FOUND')
            mismatches.push(`${label}: foreign answered ${foreign.response.statusCode} ${foreign.response.body}`);
          if (foreign.response.statusCode !== missing.response.statusCode || foreign.response.body !== missing.response.body) {
            mismatches.push(
              `${label}: foreign ${foreign.response.statusCode} ${foreign.response.body} / missing ${missing.response.statusCode} ${missing.response.body}`,
            );
          }
          if (foreign.response.headers['content-length'] !== missing.response.headers['content-length']) mismatches.push(`${label}: content-length differs`);
          if (JSON.stringify(foreign.statements) !== JSON.stringify(missing.statements)) {
            mismatches.push(
              `${label}: different queries\n  foreign: ${foreign.statements.join('\n           ')}\n  missing: ${missing.statements.join('\n           ')}`,
            );
          }
          // The same statements could still read a row for one and none for the other: count the rows too.
          if (JSON.stringify(foreign.rowCounts) !== JSON.stringify(missing.rowCounts)) {
            mismatches.push(`${label}: rows read differ, foreign ${JSON.stringify(foreign.rowCounts)} / missing ${JSON.stringify(missing.rowCounts)}`);
          }
          if (foreign.statements.length === 0) mismatches.push(`${label}: no query at all (was the ownership check reached?)`);
        }
      }
    }
    expect(mismatches, mismatches.join('\n')).toEqual([]);
    // Nothing the other asked for changed anything: versions, statuses and the signings waiting for a signature.
    expect(await snapshot()).toEqual(before);
  });

  it('answers a sign-in id of the other method as it answers an unknown one', async () => {
    for (const operation of operations.filter((candidate) => candidate.params.includes('authenticationSessionId') && candidate.path.includes('/mid/'))) {
      const known = await recorded({ method: operation.method, url: fillPath(operation.path, { authenticationSessionId: smartIdSessionId }) });
      const unknown = await recorded({ method: operation.method, url: fillPath(operation.path, { authenticationSessionId: randomUUID() }) });
      expect(known.response.statusCode, operation.key).toBe(unknown.response.statusCode);
      expect(known.response.body, operation.key).toBe(unknown.response.body);
      expect(known.statements, operation.key).toEqual(unknown.statements);
      expect(known.rowCounts, operation.key).toEqual(unknown.rowCounts);
    }
  });

  it("puts nothing of the other representative's in any answer, on any route", async () => {
    // Routes without a resource in the path answer about the asker; the register look-ups only about the asker's own companies and their chains.
    for (const operation of operations.filter((candidate) => candidate.isAuthenticated && !candidate.params.some((name) => name in RESOURCES))) {
      for (const [asker, key] of [
        [a, 'a'],
        [b, 'b'],
      ] as const)
        await recorded(requestOf(operation, asker, {}), key);
    }
    // Opening an account for the other's company: the outcome must not hand out their application.
    for (const [asker, other, key] of [
      [a, b, 'a'],
      [b, a, 'b'],
    ] as const) {
      const response = await asker.call('POST', '/onboarding/applications', {
        source: 'REGISTER',
        registryCode: other.subject.company.registryCode,
        registryCountryCode: 'EE',
      });
      expect(response.statusCode, response.body).toBeLessThan(500);
      answersTo[key].push(response);
    }
    for (const [key, other] of [
      ['a', b],
      ['b', a],
    ] as const) {
      const secrets = [other.processId, other.signingSessionId, other.email, other.accessToken, other.certificate];
      for (const response of answersTo[key]) {
        const found = secrets.filter((secret) => response.body.includes(secret));
        expect(found, `${response.raw.req.method} ${response.raw.req.url} answered ${key} with the other's ${found.join(', ')}`).toEqual([]);
        if (!response.raw.req.url?.includes(other.subject.company.registryCode)) {
          expect(response.body.includes(other.subject.company.businessName), `${response.raw.req.url}: the other's company`).toBe(false);
        }
      }
    }
    expect(answersTo.a.length + answersTo.b.length).toBeGreaterThan(60);
  });
});

describe('without a valid token, every authenticated route answers the same 401', () => {
  const variants: Record<string, () => Promise<string | null>> = {
    'no authorization header': async () => null,
    'another scheme': async () => 'Basic dXNlcjpwYXNzd29yZA==',
    'a token that is not one': async () => 'Bearer not-a-token',
    'a logged-out session': async () => {
      const tokens = (await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/magic', payload: { personalId: a.personalId } })).json() as {
        accessToken: string;
        refreshToken: string;
      };
      await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/logout', payload: { refreshToken: tokens.refreshToken } });
      return `Bearer ${tokens.accessToken}`;
    },
  };

  it.each(Object.keys(variants))('%s: 401, one body for every route, before the body or the path is read', async (variant) => {
    const authorization = await (variants[variant] as () => Promise<string | null>)();
    const authenticated = operations.filter((operation) => operation.isAuthenticated);
    expect(authenticated.length).toBeGreaterThan(15);
    const answers = new Map<string, string[]>();
    const queryCounts = new Set<number>();
    for (const operation of authenticated) {
      const valid = requestOf(operation, a, {}, { authorization });
      // A broken path and body change nothing: the token is checked first.
      const broken = {
        ...valid,
        url: String(valid.url).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'not-a-uuid'),
        payload: { unexpected: ['x'] },
      };
      for (const options of [valid, ...(operation.body || operation.params.length > 0 ? [broken] : [])]) {
        const { response, statements } = await recorded(options);
        expect(response.statusCode, `${operation.key}: ${response.body}`).toBe(401);
        expect(errorBodyProblems(response), operation.key).toEqual([]);
        answers.set(response.body, [...(answers.get(response.body) ?? []), operation.key]);
        queryCounts.add(statements.length);
      }
    }
    expect([...answers.keys()], JSON.stringify(Object.fromEntries(answers), null, 2)).toHaveLength(1);
    expect(JSON.parse([...answers.keys()][0] as string)).toMatchObject({ code: 'UNAUTHORIZED' });
    // The same work for every route too: no query without a token, one session look-up with a verified one.
    expect(queryCounts.size).toBe(1);
  });
});

describe("the integration API of the bank's systems", () => {
  const integrationRequest = (operation: Operation, processId: string, authorization: string | null): InjectOptions => ({
    method: operation.method,
    // A company's key names no applicant's resource: the customers' routes are the bank's own list.
    url: fillPath(operation.path, { processId, registryCountryCode: 'EE', registryCode: '19000149' }),
    headers: authorization === null ? {} : { authorization },
  });
  const authenticatedOperations = () => integrationOperations.filter((operation) => operation.isAuthenticated);
  const readOperations = () => authenticatedOperations().filter((operation) => operation.method === 'GET');

  it('knows every route of its own document (a new one must be classified here)', () => {
    expect(
      authenticatedOperations()
        .map((operation) => operation.key)
        .sort(),
    ).toEqual([
      'DELETE /integration/v1/customers/{registryCountryCode}/{registryCode}',
      'GET /integration/v1/applications',
      'GET /integration/v1/applications/{processId}',
      'GET /integration/v1/applications/{processId}/contract',
      'GET /integration/v1/applications/{processId}/signed',
      'GET /integration/v1/customers/{registryCountryCode}/{registryCode}',
      'POST /integration/v1/applications/{processId}/decisions',
      'PUT /integration/v1/customers/{registryCountryCode}/{registryCode}',
    ]);
    expect(
      authenticatedOperations().flatMap((operation) => operation.params.filter((name) => !['processId', 'registryCountryCode', 'registryCode'].includes(name))),
    ).toEqual([]);
  });

  it.each(['no authorization header', 'a token that is not one', "a representative's access token"])(
    '%s: the same 401 invalid_token on every route, before any query',
    async (variant) => {
      const authorization =
        variant === 'no authorization header' ? null : variant === 'a token that is not one' ? 'Bearer not-a-token' : `Bearer ${a.accessToken}`;
      const answers = new Set<string>();
      for (const operation of authenticatedOperations()) {
        const { response, statements } = await recorded(integrationRequest(operation, a.processId, authorization));
        expect(response.statusCode, operation.key).toBe(401);
        expect(response.headers['www-authenticate'], operation.key).toBe('Bearer realm="integration", error="invalid_token"');
        expect(errorBodyProblems(response), operation.key).toEqual([]);
        expect(statements, operation.key).toEqual([]);
        answers.add(response.body);
      }
      expect(answers.size).toBe(1);
    },
  );

  it('answers an application never submitted with the same 404, body and queries as one that does not exist', async () => {
    const privateKey = await importPKCS8(readFileSync(demoClientKeyFile(dataDir), 'utf8'), 'ES256');
    const token = `Bearer ${await integrationToken(app, { clientId: DEMO_CLIENT_ID, scopes: ['applications:read'], privateKey, algorithm: 'ES256' })}`;
    for (const operation of readOperations().filter((candidate) => candidate.params.includes('processId'))) {
      const draft = await recorded(integrationRequest(operation, a.processId, token));
      const missing = await recorded(integrationRequest(operation, randomUUID(), token));
      expect(draft.response.statusCode, operation.key).toBe(404);
      expect(draft.response.body, operation.key).toBe(missing.response.body);
      expect(draft.statements, operation.key).toEqual(missing.statements);
      expect(draft.rowCounts, operation.key).toEqual(missing.rowCounts);
    }
    // A decision on either: the same 404 and body, and nothing recorded.
    const decide = (processId: string) =>
      app.inject({
        method: 'POST',
        url: `/integration/v1/applications/${processId}/decisions`,
        headers: { authorization: token, 'idempotency-key': randomUUID() },
        payload: { applicationVersion: 1, decision: { type: 'FEE_PAID' } },
      });
    const [onDraft, onMissing] = [await decide(a.processId), await decide(randomUUID())];
    expect(onDraft.statusCode).toBe(404);
    expect(onDraft.body).toBe(onMissing.body);
  });
});

describe('the access matrix itself', () => {
  it('knows every path parameter of the document (a new one must be classified here)', () => {
    const unknown = operations.flatMap((operation) =>
      operation.params.filter((name) => !(name in RESOURCES) && !(name in NEUTRAL)).map((name) => `${operation.key}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('leaves both applications in progress', async () => {
    const rows = await app.database.db.select({ status: applications.status }).from(applications).where(eq(applications.processId, a.processId));
    expect(rows).toEqual([{ status: 'IN_PROGRESS' }]);
  });
});
