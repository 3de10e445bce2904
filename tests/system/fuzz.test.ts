import { randomUUID } from 'node:crypto';
import { STEP_SCHEMAS } from '@onboarding/domain';
import { JAAK_KRISTJAN, OK_TESTNUMBER } from '@onboarding/domain/test-support';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../apps/api/src/test/app.js';
import { answerProblems, LEAK_PATTERNS } from '../../apps/api/src/test/error-body.js';
import { unsecured, withChangedClaims } from '../../apps/api/src/test/forged-tokens.js';
import {
  applyMutations,
  CURATED_STRINGS,
  deepNestingOf,
  hostileCharacter,
  hostileValue,
  leafCount,
  mapLeaves,
  MISSING,
  mutation,
  NOT_AN_OBJECT,
  NOT_JSON,
  pollutionValues,
  RawJson,
  replaceLeaf,
  serialize,
  type Mutation,
} from '../../apps/api/src/test/hostile-input.js';
import { arbitraryOfSchema } from '../../apps/api/src/test/json-schema-arbitrary.js';
import { readOpenApi, type OpenApiDocument, type Operation } from '../../apps/api/src/test/openapi-operations.js';
import { createPkce, pollUntilDone } from '../../apps/api/src/test/sign-in.js';
import { representativeWithApplication, validBody, type Representative } from '../../apps/api/src/test/two-representatives.js';

/**
 * Property-based fuzzing of every route of the OpenAPI document: a corpus of
 * hostile requests for each route, then random ones (fast-check) built from
 * valid bodies, mutated. Whatever arrives, the answer is never a 5xx, an
 * error is `{ code, message, fields? }`, nothing internal leaks, another
 * representative's resources answer as missing, and no prototype is polluted.
 *
 * `npm test` sends about 2,000 requests (1,500 corpus, 500 random); FUZZ_RUNS=<n> sets the random part,
 * FULL_FUZZ=1 makes it 10,000 (about 11,500 in all). FUZZ_SEED and FUZZ_PATH replay a failure.
 */

const isFull = process.env.FULL_FUZZ === '1';
const RANDOM_RUNS = Number(process.env.FUZZ_RUNS ?? (isFull ? 10_000 : 500));
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const REPLAY_PATH = process.env.FUZZ_PATH;
const TIMEOUT_MS = Math.max(240_000, RANDOM_RUNS * 120);

const STEPS = [...Object.keys(STEP_SCHEMAS), 'ApplicationOverview', 'ApplicationSubmitted'];
/** Path parameters that name a resource of one representative: another's answers 404. */
const RESOURCE_PARAMS = new Set(['processId', 'signingSessionId']);

type World = {
  a: Representative;
  b: Representative;
  /** A refresh token of a session of its own, for the refresh and logout bodies to spend. */
  refreshToken: string;
  /** An access token of a session that has been logged out. */
  endedAccessToken: string;
  /** A completed Smart-ID sign-in and its authorization code. */
  authenticationSessionId: string;
  authorizationCode: string;
};

type AuthChoice =
  | 'valid'
  | 'none'
  | 'bearer-empty'
  | 'bearer-only'
  | 'lowercase'
  | 'double'
  | 'basic'
  | 'alg-none'
  | 'tampered'
  | 'truncated'
  | 'ended'
  | 'huge'
  | { garbage: string };

type ParamChoice = { kind: 'own' | 'foreign' | 'missing' } | { kind: 'hostile'; value: string; isRaw: boolean };

type BodyPlan =
  | { kind: 'none' }
  | { kind: 'valid'; mutations: Mutation[] }
  | { kind: 'sample'; value: unknown; mutations: Mutation[] }
  | { kind: 'leaves'; replacement: unknown }
  | { kind: 'leaf'; ordinal: number; replacement: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array };

type Plan = {
  operation: Operation;
  method: string;
  actor: 'a' | 'b';
  auth: AuthChoice;
  params: ParamChoice[];
  query: string | undefined;
  body: BodyPlan;
  /** Undefined: no content-type header. */
  contentType: string | undefined;
  encoding: 'utf8' | 'utf16le' | 'bom';
  headers: Record<string, string>;
};

let app: FastifyInstance;
let openApi: OpenApiDocument;
let world: World;
let prototypeKeysBefore: Record<string, string[]>;
const counts = { corpus: 0, random: 0 };
const timings = { corpusMs: 0, randomMs: 0 };
const byRoute = new Map<string, { requests: number; success: number; clientError: number }>();

const PROTOTYPES: Record<string, object> = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype };
const ownKeysOf = () => Object.fromEntries(Object.entries(PROTOTYPES).map(([name, prototype]) => [name, Reflect.ownKeys(prototype).map(String).sort()]));

beforeAll(async () => {
  prototypeKeysBefore = ownKeysOf();
  // Sign-in starts are fuzzed too: the rate limits would turn most of them into 429 after a few.
  app = await buildTestApp({ RATE_LIMIT_STARTS_PER_ADDRESS: '1000000', RATE_LIMIT_STARTS_PER_PERSON: '1000000' });
  await app.ready();
  openApi = await readOpenApi(app);
  const a = await representativeWithApplication(app, JAAK_KRISTJAN, 'jaak.fuzz@example.ee');
  const b = await representativeWithApplication(app, OK_TESTNUMBER, 'ok.fuzz@example.ee');

  const spare = (await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/magic', payload: { personalId: a.personalId } })).json() as {
    refreshToken: string;
  };
  const ended = (await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/magic', payload: { personalId: a.personalId } })).json() as {
    accessToken: string;
    refreshToken: string;
  };
  await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/logout', payload: { refreshToken: ended.refreshToken } });

  const pkce = createPkce();
  const start = await app.inject({
    method: 'POST',
    url: '/oauth2/v2/authorize/sid/start',
    payload: { ...pkce.common, personalId: '40504040001', personalIdCountryCode: 'EE' },
  });
  const authenticationSessionId = start.json().authenticationSessionId as string;
  const status = await pollUntilDone(app, 'sid', authenticationSessionId);
  world = {
    a,
    b,
    refreshToken: spare.refreshToken,
    endedAccessToken: ended.accessToken,
    authenticationSessionId,
    authorizationCode: status.json().code as string,
  };
}, 120_000);

afterAll(async () => {
  await app?.close();
  const total = counts.corpus + counts.random;
  const rows = [...byRoute.entries()]
    .sort(([left], [right]) => left.localeCompare(right))
    .map(
      ([route, count]) =>
        `  ${route.padEnd(92)} ${String(count.requests).padStart(6)} ${String(count.success).padStart(6)} ${String(count.clientError).padStart(6)}`,
    );
  console.log(
    [
      `fuzz: ${total} requests to ${byRoute.size} routes (${counts.corpus} corpus in ${(timings.corpusMs / 1000).toFixed(1)} s, ${counts.random} random in ${(timings.randomMs / 1000).toFixed(1)} s)${isFull ? ' [FULL_FUZZ]' : ''}`,
      `  ${'route'.padEnd(92)} ${'sent'.padStart(6)} ${'2xx'.padStart(6)} ${'4xx'.padStart(6)}`,
      ...rows,
    ].join('\n'),
  );
});

// ---- Building a request from a plan ----

const latin1Text = (maxLength: number) =>
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((code) => code !== 0x7f)
      .map((code) => String.fromCharCode(code)),
    maxLength,
  });

/** URI-encodes any string, lone surrogates too (as the WTF-8 bytes a careless client would send). */
function encodeAny(value: string): string {
  return (value.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g) ?? [])
    .map((character) => {
      const code = character.charCodeAt(0);
      if (character.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
      }
      return encodeURIComponent(character);
    })
    .join('');
}

function paramValue(name: string, choice: ParamChoice, actor: Representative, other: Representative): string {
  if (choice.kind === 'hostile') return choice.value;
  if (choice.kind === 'missing') return randomUUID();
  const owner = choice.kind === 'own' ? actor : other;
  switch (name) {
    case 'processId':
      return owner.processId;
    case 'signingSessionId':
      return owner.signingSessionId;
    case 'authenticationSessionId':
      return world.authenticationSessionId;
    case 'step':
      return STEPS[(owner === actor ? 2 : 1) % STEPS.length] as string;
    case 'registryCountryCode':
      return 'EE';
    case 'registryCode':
      return owner.subject.company.registryCode;
    case 'personalId':
      return owner.personalId;
    default:
      return randomUUID();
  }
}

function authorizationOf(choice: AuthChoice, token: string): string | undefined {
  if (typeof choice === 'object') return choice.garbage;
  switch (choice) {
    case 'valid':
      return `Bearer ${token}`;
    case 'none':
      return undefined;
    case 'bearer-empty':
      return 'Bearer ';
    case 'bearer-only':
      return 'Bearer';
    case 'lowercase':
      return `bearer ${token}`;
    case 'double':
      return `Bearer ${token} Bearer ${token}`;
    case 'basic':
      return 'Basic dXNlcjpwYXNzd29yZA==';
    case 'alg-none':
      return `Bearer ${unsecured(token)}`;
    case 'tampered':
      return `Bearer ${withChangedClaims(token, { personalId: '39901012239', sub: 'EE39901012239' })}`;
    case 'truncated':
      return `Bearer ${token.slice(0, -8)}`;
    case 'ended':
      return `Bearer ${world.endedAccessToken}`;
    case 'huge':
      // Big, but with the rest of the headers still under Node's 16 KiB limit.
      return `Bearer ${'A'.repeat(7_000)}`;
  }
}

/** Stands for "a value of another JSON type than the leaf has". */
const WRONG_TYPE = Symbol('wrong type');

function wrongTypeOf(leaf: unknown): unknown {
  if (typeof leaf === 'string') return 1;
  if (typeof leaf === 'number') return String(leaf);
  if (typeof leaf === 'boolean') return 'true';
  if (leaf === null) return {};
  return 'x';
}

function bodyText(plan: Plan, actor: Representative, params: Record<string, string>): string | Uint8Array | undefined {
  const valid = () =>
    validBody(plan.operation, { actor, params, refreshToken: world.refreshToken, authorizationCode: world.authorizationCode }) ??
    (plan.body.kind === 'sample' ? plan.body.value : {});
  switch (plan.body.kind) {
    case 'none':
      return undefined;
    case 'valid':
      return serialize(applyMutations(valid(), plan.body.mutations));
    case 'sample':
      return serialize(applyMutations(plan.body.value, plan.body.mutations));
    case 'leaves': {
      const { replacement } = plan.body;
      return serialize(mapLeaves(valid(), (leaf) => (replacement === WRONG_TYPE ? wrongTypeOf(leaf) : replacement)));
    }
    case 'leaf': {
      const { replacement } = plan.body;
      return serialize(replaceLeaf(valid(), plan.body.ordinal, (leaf) => (replacement === WRONG_TYPE ? wrongTypeOf(leaf) : replacement)));
    }
    case 'text':
      return plan.body.text;
    case 'bytes':
      return plan.body.bytes;
  }
}

type BuiltRequest = { options: InjectOptions; label: string; isForeign: boolean; actor: Representative; isOwnProcess: boolean };

function buildRequest(plan: Plan): BuiltRequest {
  const actor = plan.actor === 'a' ? world.a : world.b;
  const other = plan.actor === 'a' ? world.b : world.a;
  const values: Record<string, string> = {};
  const raw = new Set<string>();
  plan.operation.params.forEach((name, index) => {
    const choice = plan.params[index] ?? { kind: 'own' };
    values[name] = paramValue(name, choice, actor, other);
    if (choice.kind === 'hostile' && choice.isRaw && /^[\x21-\x7e]*$/.test(choice.value)) raw.add(name);
  });
  const path = plan.operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => (raw.has(name) ? values[name] : encodeAny(values[name] ?? '')) ?? '');
  const url = `${path}${plan.query === undefined ? '' : `?${plan.query}`}`;

  const headers: Record<string, string> = { ...plan.headers };
  const authorization = authorizationOf(plan.auth, actor.accessToken);
  if (authorization !== undefined) headers.authorization = authorization;
  const text = bodyText(plan, actor, values);
  let payload: string | Buffer | undefined;
  if (text !== undefined) {
    if (plan.contentType !== undefined) headers['content-type'] = plan.contentType;
    if (typeof text !== 'string') payload = Buffer.from(text);
    else if (plan.encoding === 'utf16le') payload = Buffer.from(text, 'utf16le');
    else payload = plan.encoding === 'bom' ? `\uFEFF${text}` : text;
  }

  const choices = plan.operation.params.map((name, index) => ({ name, choice: plan.params[index] }));
  const isForeign =
    plan.auth === 'valid' &&
    plan.method === plan.operation.method &&
    choices.some(({ name, choice }) => RESOURCE_PARAMS.has(name) && choice?.kind === 'foreign');
  const isOwnProcess = choices.some(({ name, choice }) => name === 'processId' && choice?.kind === 'own');
  const preview =
    typeof text === 'string'
      ? JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text)
      : text
        ? `<${text.length} bytes>`
        : '(none)';
  const label = `${plan.method} ${url.length > 200 ? `${url.slice(0, 200)}…` : url} as ${plan.actor} auth=${typeof plan.auth === 'object' ? 'garbage' : plan.auth} content-type=${JSON.stringify(plan.contentType)} body=${preview}`;
  const options: InjectOptions = { method: plan.method as InjectOptions['method'], url, headers, ...(payload === undefined ? {} : { payload }) };
  return { options, label, isForeign, actor, isOwnProcess };
}

/** Keeps the representative's application version current, so valid bodies stay valid after a save. */
function trackVersion(request: BuiltRequest, response: LightMyRequestResponse): void {
  if (!request.isOwnProcess || !String(response.headers['content-type'] ?? '').startsWith('application/json') || response.body.length > 4_000_000) return;
  try {
    const body = JSON.parse(response.body) as { version?: unknown; currentVersion?: unknown };
    const version = body.version ?? body.currentVersion;
    if (typeof version === 'number') request.actor.version = version;
  } catch {
    // Not JSON after all: nothing to learn.
  }
}

/** Sends one plan; the problems of its answer, empty when it is fine. */
async function send(plan: Plan, counter: 'corpus' | 'random'): Promise<{ label: string; problems: string[] }> {
  const request = buildRequest(plan);
  const response = await app.inject(request.options);
  counts[counter] += 1;
  const route = byRoute.get(plan.operation.key) ?? { requests: 0, success: 0, clientError: 0 };
  route.requests += 1;
  if (response.statusCode < 300) route.success += 1;
  else if (response.statusCode < 500) route.clientError += 1;
  byRoute.set(plan.operation.key, route);

  const problems = answerProblems(plan.method, response);
  // Another representative's application or signing answers as missing: never served, never a conflict that tells it exists.
  if (request.isForeign && (response.statusCode < 400 || response.statusCode === 403 || response.statusCode === 409)) {
    problems.push(`another representative's resource answered ${response.statusCode}`);
  }
  if (request.isForeign && response.body.includes(request.actor === world.a ? world.b.email : world.a.email))
    problems.push("another representative's e-mail in the answer");
  trackVersion(request, response);
  const answer = response.body.length > 300 ? `${response.body.slice(0, 300)}…` : response.body;
  return { label: `${request.label}\n    -> ${response.statusCode} ${answer}`, problems };
}

// ---- The corpus: each class of hostile input once for every route ----

const basePlan = (operation: Operation): Plan => ({
  operation,
  method: operation.method,
  actor: 'a',
  auth: 'valid',
  params: operation.params.map(() => ({ kind: 'own' })),
  query: undefined,
  body: operation.body ? { kind: 'valid', mutations: [] } : { kind: 'none' },
  contentType: 'application/json',
  encoding: 'utf8',
  headers: {},
});

const at = (index: number, change: Partial<Mutation>): Mutation => ({
  kind: 'add',
  at: index,
  key: '__proto__',
  value: pollutionValues()[0],
  depth: 5_000,
  ...change,
});

const HOSTILE_PARAMS: { value: string; isRaw: boolean }[] = [
  { value: '', isRaw: false },
  { value: 'not-a-uuid', isRaw: false },
  { value: '00000000-0000-0000-0000-000000000000', isRaw: false },
  { value: 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', isRaw: false },
  { value: '%zz', isRaw: true },
  { value: '%00', isRaw: true },
  { value: '..', isRaw: true },
  { value: '%2F..%2F', isRaw: true },
  { value: 'a'.repeat(101), isRaw: false },
  { value: 'a'.repeat(5_000), isRaw: false },
  { value: '\u202E\u200B𝕏', isRaw: false },
  { value: '\uD800', isRaw: false },
  { value: 'a\u0000b', isRaw: false },
  { value: '__proto__', isRaw: false },
  { value: 'constructor', isRaw: false },
  { value: "' OR 1=1 --", isRaw: false },
];

const LEAF_REPLACEMENTS: unknown[] = [
  'a\u0000b',
  '\uD800',
  '\u202E\u200B\uFEFF',
  'õ'.repeat(200_000),
  deepNestingOf(5_000, 'array'),
  new RawJson('1e999'),
  2 ** 31,
  WRONG_TYPE,
  MISSING,
];

const ownParams = (operation: Operation): Record<string, string> =>
  Object.fromEntries(operation.params.map((name) => [name, paramValue(name, { kind: 'own' }, world.a, world.b)]));

function corpusFor(operation: Operation): Plan[] {
  const base = basePlan(operation);
  const plans: Plan[] = [base];
  if (operation.body) {
    const texts = [
      ...NOT_AN_OBJECT.slice(0, 3),
      NOT_JSON[2] as string,
      '',
      serialize(deepNestingOf(20_000, 'array')),
      '{}',
      '{"constructor":{"prototype":{"polluted":"yes"}}}',
      serialize({ unexpected: 'x'.repeat(1_100_000) }),
    ];
    plans.push(...texts.map((text): Plan => ({ ...base, body: { kind: 'text', text } })));
    plans.push({ ...base, body: { kind: 'valid', mutations: [{ kind: 'wrap', at: 1, key: '', value: null, depth: 5_000 }] } });
    plans.push({ ...base, body: { kind: 'valid', mutations: [{ kind: 'replace', at: 1, key: '', value: 'õ'.repeat(200_000), depth: 0 }] } });
    for (const replacement of ['A'.repeat(200_000), WRONG_TYPE, null]) plans.push({ ...base, body: { kind: 'leaves', replacement } });
    // One field at a time, so the rest of the body stays valid and the bad value reaches the handler.
    const leaves = leafCount(
      validBody(operation, { actor: world.a, params: ownParams(operation), refreshToken: world.refreshToken, authorizationCode: world.authorizationCode }) ??
        {},
    );
    for (let ordinal = 0; ordinal < leaves; ordinal += 1) {
      for (const replacement of LEAF_REPLACEMENTS) plans.push({ ...base, body: { kind: 'leaf', ordinal, replacement } });
    }
    plans.push({ ...base, body: { kind: 'valid', mutations: [at(0, { key: 'unexpected', value: { nested: [1, 2] } })] } });
    plans.push({ ...base, body: { kind: 'valid', mutations: [at(0, {})] } });
    plans.push({ ...base, body: { kind: 'valid', mutations: [0, 1, 2, 3, 4, 5].map((index) => at(index, { value: pollutionValues()[3] })) } });
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', undefined]) {
      plans.push({ ...base, contentType });
    }
    plans.push({ ...base, contentType: 'application/json; charset=utf-16le', encoding: 'utf16le' });
    plans.push({ ...base, encoding: 'bom' });
  }
  if (operation.isAuthenticated) {
    const choices: AuthChoice[] = [
      'none',
      'bearer-empty',
      'basic',
      'alg-none',
      'tampered',
      'truncated',
      'ended',
      'huge',
      { garbage: 'Bearer \u00ff\u00fe garbage' },
    ];
    plans.push(...choices.map((auth): Plan => ({ ...base, auth })));
  }
  operation.params.forEach((_name, index) => {
    const withParam = (choice: ParamChoice): Plan => ({ ...base, params: base.params.map((current, position) => (position === index ? choice : current)) });
    plans.push(withParam({ kind: 'foreign' }), withParam({ kind: 'missing' }));
    plans.push(...HOSTILE_PARAMS.map((hostile) => withParam({ kind: 'hostile', ...hostile })));
  });
  if (operation.isAuthenticated && operation.params.some((name) => RESOURCE_PARAMS.has(name))) {
    // A valid token of the other representative, on this representative's resources.
    plans.push({ ...base, actor: 'b', params: operation.params.map(() => ({ kind: 'foreign' })) });
  }
  plans.push({ ...base, method: operation.method === 'DELETE' ? 'PATCH' : 'DELETE' });
  plans.push({ ...base, query: '__proto__[polluted]=yes&constructor[prototype][polluted]=yes&a=1&a=2' });
  return plans;
}

// ---- Random plans (fast-check) ----

const authChoice: fc.Arbitrary<AuthChoice> = fc.oneof(
  { weight: 24, arbitrary: fc.constant<AuthChoice>('valid') },
  {
    weight: 8,
    arbitrary: fc.constantFrom<AuthChoice>(
      'none',
      'bearer-empty',
      'bearer-only',
      'lowercase',
      'double',
      'basic',
      'alg-none',
      'tampered',
      'truncated',
      'ended',
      'huge',
    ),
  },
  { weight: 1, arbitrary: latin1Text(200).map((garbage): AuthChoice => ({ garbage })) },
  { weight: 1, arbitrary: latin1Text(200).map((garbage): AuthChoice => ({ garbage: `Bearer ${garbage}` })) },
);

const paramChoice: fc.Arbitrary<ParamChoice> = fc.oneof(
  { weight: 10, arbitrary: fc.constant<ParamChoice>({ kind: 'own' }) },
  { weight: 3, arbitrary: fc.constant<ParamChoice>({ kind: 'foreign' }) },
  { weight: 2, arbitrary: fc.constant<ParamChoice>({ kind: 'missing' }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('hostile' as const), value: fc.string({ unit: hostileCharacter, maxLength: 60 }), isRaw: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('hostile' as const),
      value: fc.constantFrom(...CURATED_STRINGS, ...HOSTILE_PARAMS.map((param) => param.value), ...STEPS),
      isRaw: fc.boolean(),
    }),
  },
);

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=latin1',
  'application/vnd.api+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  '*/*',
  '',
  'application/json, text/html',
  `application/json; a=${'b'.repeat(2_000)}`,
];

const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 16, arbitrary: fc.constant('application/json') },
  { weight: 4, arbitrary: fc.constantFrom<string | undefined>(...CONTENT_TYPES, undefined) },
  { weight: 1, arbitrary: latin1Text(80) },
);

const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.constantFrom(
    'x-fuzz',
    'accept',
    'accept-language',
    'x-forwarded-for',
    'cookie',
    'origin',
    'referer',
    'x-http-method-override',
    'if-none-match',
    'range',
    'content-encoding',
    'x-request-id',
  ),
  fc.oneof(
    latin1Text(60),
    fc.constant('A'.repeat(6_000)),
    fc.constantFrom('gzip', 'DELETE', '*/*', 'bytes=0-0,-1', '../../etc/passwd', '127.0.0.1, 10.0.0.1', 'null'),
  ),
  { maxKeys: 3 },
);

const queryString: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '__proto__[polluted]=yes',
      'constructor[prototype][polluted]=yes',
      '__proto__.polluted=yes',
      'a=1&a=2&a=3',
      `x=${'y'.repeat(5_000)}`,
      '%zz=1',
      'q=%00',
      '=&=&&',
      'personalId=38001085718',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: hostileCharacter, maxLength: 40 }).map(encodeAny) },
);

function bodyPlan(operation: Operation, components: OpenApiDocument['components']): fc.Arbitrary<BodyPlan> {
  const sample = operation.body ? arbitraryOfSchema(operation.body, components) : fc.jsonValue({ maxDepth: 2 });
  const mutations = fc.array(mutation, { minLength: 1, maxLength: 4 });
  const withBody = fc.oneof(
    { weight: 3, arbitrary: fc.constant<BodyPlan>({ kind: 'valid', mutations: [] }) },
    { weight: 10, arbitrary: mutations.map((list): BodyPlan => ({ kind: 'valid', mutations: list })) },
    {
      weight: 3,
      arbitrary: fc.tuple(sample, fc.array(mutation, { maxLength: 2 })).map(([value, list]): BodyPlan => ({ kind: 'sample', value, mutations: list })),
    },
    { weight: 1, arbitrary: hostileValue.map((value): BodyPlan => ({ kind: 'text', text: serialize(value) })) },
    { weight: 1, arbitrary: fc.constantFrom(...NOT_AN_OBJECT, ...NOT_JSON).map((text): BodyPlan => ({ kind: 'text', text })) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 256 }).map((bytes): BodyPlan => ({ kind: 'bytes', bytes })) },
  );
  if (operation.body) return withBody;
  return fc.oneof({ weight: 8, arbitrary: fc.constant<BodyPlan>({ kind: 'none' }) }, { weight: 1, arbitrary: withBody });
}

function planArbitrary(document: OpenApiDocument): fc.Arbitrary<Plan> {
  const { operations, components } = document;
  return fc.integer({ min: 0, max: operations.length - 1 }).chain((index) => {
    const operation = operations[index] as Operation;
    return fc.record({
      operation: fc.constant(operation),
      method: fc.oneof(
        { weight: 30, arbitrary: fc.constant(operation.method) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD') },
      ),
      actor: fc.constantFrom<'a' | 'b'>('a', 'a', 'a', 'b'),
      auth: authChoice,
      params: fc.tuple(...operation.params.map(() => paramChoice)),
      query: queryString,
      body: bodyPlan(operation, components),
      contentType,
      encoding: fc.constantFrom<Plan['encoding']>('utf8', 'utf8', 'utf8', 'utf8', 'utf8', 'utf8', 'utf16le', 'bom'),
      headers: extraHeaders,
    });
  });
}

// ---- The suites ----

describe('bad input to every route of the OpenAPI document', () => {
  it('reads the routes from the document, the authenticated ones with the bearer scheme', () => {
    expect(openApi.operations.length).toBeGreaterThan(30);
    expect(openApi.operations.filter((operation) => operation.isAuthenticated).length).toBeGreaterThan(15);
  });

  it('uses hostile strings that do not themselves look like a leak', () => {
    const looksLikeLeak = [...CURATED_STRINGS, ...HOSTILE_PARAMS.map((param) => param.value)].filter((text) =>
      LEAK_PATTERNS.some((pattern) => pattern.test(text)),
    );
    expect(looksLikeLeak).toEqual([]);
  });

  it('answers every class of hostile input, on every route, without a 5xx, a malformed error or a leak', { timeout: TIMEOUT_MS }, async () => {
    const started = performance.now();
    const failures: string[] = [];
    for (const operation of openApi.operations) {
      for (const plan of corpusFor(operation)) {
        const { label, problems } = await send(plan, 'corpus');
        if (problems.length > 0) failures.push(`${label}\n    ${problems.join('; ')}`);
      }
    }
    timings.corpusMs = performance.now() - started;
    expect(failures, failures.slice(0, 20).join('\n')).toEqual([]);
  });

  it(`answers ${RANDOM_RUNS} random requests (fast-check) the same way`, { timeout: TIMEOUT_MS }, async () => {
    const started = performance.now();
    const property = fc.asyncProperty(planArbitrary(openApi), async (plan) => {
      const { label, problems } = await send(plan, 'random');
      if (problems.length > 0) throw new Error(`${label}\n    ${problems.join('; ')}`);
    });
    const result = await fc.check(property, {
      numRuns: RANDOM_RUNS,
      ...(SEED === undefined ? {} : { seed: SEED }),
      ...(REPLAY_PATH === undefined ? {} : { path: REPLAY_PATH }),
      // Shrinking resends each smaller request; the first failure's request is already readable.
      endOnFailure: true,
    });
    timings.randomMs = performance.now() - started;
    if (result.failed) {
      const reason = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
      expect.fail(`fuzz failure (replay: FUZZ_SEED=${result.seed} FUZZ_PATH=${result.counterexamplePath ?? ''})\n${reason}`);
    }
  });

  it('polluted no prototype, and every route still answers', async () => {
    const probe = {} as Record<string, unknown>;
    expect(probe.polluted).toBeUndefined();
    expect(probe.isAdmin).toBeUndefined();
    expect(ownKeysOf()).toEqual(prototypeKeysBefore);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    for (const representative of [world.a, world.b]) {
      const own = await representative.call('GET', `/onboarding/applications/${representative.processId}`);
      expect(own.statusCode, own.body.slice(0, 300)).toBe(200);
      expect(own.json().status).toBe('IN_PROGRESS');
    }
  });
});
