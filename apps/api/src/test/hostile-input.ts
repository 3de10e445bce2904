import fc from 'fast-check';

/**
 * Hostile input for the fuzz suite: text, numbers, nesting and keys that a
 * browser never sends, and mutations that turn a valid body into them.
 */

/** JSON text put in place of a value when serialising: numbers JSON.stringify cannot write, nesting it would overflow on. */
export class RawJson {
  constructor(readonly text: string) {}
}

const MARKER = (index: number) => `@@RAW${index}@@`;

/** JSON text of a value that may hold RawJson parts and own `__proto__` keys (JSON.stringify writes own keys as they are). */
export function serialize(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, part: unknown) => {
    if (!(part instanceof RawJson)) return part;
    raws.push(part.text);
    return MARKER(raws.length - 1);
  });
  if (text === undefined) return '';
  return raws.length === 0 ? text : text.replace(/"@@RAW(\d+)@@"/g, (_match, index: string) => raws[Number(index)] ?? 'null');
}

/** An object with an own, enumerable property of any name, `__proto__` included. */
export function withOwn(key: string, value: unknown, target: Record<string, unknown> = {}): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Characters that break naive handling: NUL, lone surrogates, bidi overrides, zero-width, BOM, line separators, combining marks, astral and RTL script. */
export const SPECIAL_CHARACTERS: readonly string[] = [
  '\u0000',
  '\u0001',
  '\u001F',
  '\u007F',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\u202E',
  '\u202D',
  '\u200F',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u2028',
  '\u2029',
  '\u0085',
  '\u00A0',
  '\u0301',
  '\uFFFD',
  '\uFFFE',
  '\uFFFF',
  '𝕏',
  '👩‍👩‍👧',
  'ﷺ',
  'ا',
  'ß',
  'İ',
  'õ',
  'Ž',
  '"',
  '\\',
  "'",
  '`',
  '<',
  '>',
  '&',
  '%',
  '$',
  '{',
  '}',
  '/',
  '\n',
  '\r',
  '\t',
];

/** Strings with a history of breaking servers; none of them looks like a leak (LEAK_PATTERNS of error-body.ts). */
export const CURATED_STRINGS: readonly string[] = [
  '',
  ' ',
  '   ',
  'null',
  'undefined',
  'true',
  'false',
  '0',
  '-1',
  'NaN',
  'Infinity',
  '1e999',
  '[]',
  '{}',
  "' OR '1'='1",
  "'; DROP TABLE applications; --",
  '1; SELECT pg_sleep(10)',
  '" OR ""="',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  '%s%s%s%n',
  '${7*7}',
  '{{7*7}}',
  '#{7*7}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '\u202Egnp.exe',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDBFF',
  '\u200B\u200B\u200B',
  '\uFEFF',
  'Z̴̡̢̛͔̖͙a̸l̶g̵o̷',
  'مرحبا',
  'שלום',
  '𝕿𝖊𝖘𝖙',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '38001085718',
  '40504040001',
  '+37200000766',
  'EE',
  'et',
  'A'.repeat(1000),
  '1'.repeat(300),
];

export const hostileCharacter: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom(...SPECIAL_CHARACTERS) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
);

/** 100k to 300k characters of one kind; some are over the 1 MiB body limit once UTF-8 encoded. */
export const hugeText: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 100_000, max: 300_000 }), fc.constantFrom('A', 'õ', '\u200B', '𝕏', 'ab\u202E', '\uD800'))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: hostileCharacter, maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...CURATED_STRINGS) },
  { weight: 1, arbitrary: hugeText },
);

/** Numbers JSON.stringify cannot write: infinities, underflow, more digits than a double holds. */
export const RAW_NUMBERS: readonly string[] = [
  '1e999',
  '-1e999',
  '1e-999',
  '1E400',
  '123456789012345678901234567890',
  '-0',
  '0.000000000000000000000000001',
  '-9007199254740993',
  '2147483648',
  '4294967296',
];

export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1.5,
    -1.5,
    1e308,
    -1e308,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(...RAW_NUMBERS).map((text) => new RawJson(text)),
);

/** Arrays or objects nested thousands of levels deep, as text (JSON.stringify would overflow first). */
export const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.integer({ min: 1_000, max: 50_000 }), fc.constantFrom('array', 'object'))
  .map(([depth, kind]) => new RawJson(kind === 'array' ? `${'['.repeat(depth)}0${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`));

export const deepNestingOf = (depth: number, kind: 'array' | 'object'): RawJson =>
  new RawJson(kind === 'array' ? `${'['.repeat(depth)}0${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`);

/** Values that would pollute Object.prototype if a server merged them into an object naively. */
export const pollutionValues = (): unknown[] => [
  withOwn('__proto__', { polluted: 'yes', isAdmin: true }),
  { constructor: { prototype: { polluted: 'yes' } } },
  { prototype: { polluted: 'yes' } },
  withOwn('__proto__', withOwn('__proto__', { polluted: 'yes' })),
  [withOwn('__proto__', { polluted: 'yes' })],
];

export const pollution: fc.Arbitrary<unknown> = fc.integer({ min: 0, max: pollutionValues().length - 1 }).map((index) => pollutionValues()[index]);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: pollution },
  { weight: 1, arbitrary: fc.constantFrom<unknown>([], {}, [[]], [null], [{}]) },
);

/** A key of an added property: the pollution keys, names the API uses, and anything. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...POLLUTION_KEYS) },
  { weight: 2, arbitrary: fc.constantFrom('extra', 'version', 'data', 'personalId', 'processId', 'status', 'role', 'isAdmin', '', ' ', '0', 'length') },
  { weight: 3, arbitrary: fc.string({ unit: hostileCharacter, maxLength: 12 }) },
);

export type Mutation = { kind: 'replace' | 'delete' | 'add' | 'wrap'; at: number; key: string; value: unknown; depth: number };

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('replace', 'replace', 'delete', 'add', 'add', 'wrap'),
  at: fc.nat(),
  key: hostileKey,
  value: hostileValue,
  depth: fc.integer({ min: 1_000, max: 20_000 }),
});

type Container = Record<string, unknown> | unknown[];
type Node = { value: unknown; parent?: Container; key?: string };

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null && !(value instanceof RawJson);

/** A deep copy that keeps own `__proto__` keys as keys and RawJson parts as they are. */
export function clone(value: unknown): unknown {
  if (!isContainer(value)) return value;
  if (Array.isArray(value)) return value.map(clone);
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) withOwn(key, clone(child), copy);
  return copy;
}

function nodesOf(root: unknown): Node[] {
  const nodes: Node[] = [{ value: root }];
  for (let index = 0; index < nodes.length && nodes.length < 10_000; index += 1) {
    const { value } = nodes[index] as Node;
    if (!isContainer(value)) continue;
    for (const [key, child] of Object.entries(value)) nodes.push({ value: child, parent: value, key });
  }
  return nodes;
}

/** The value with each mutation applied at the node `at` picks (counted breadth first); the input is not changed. */
export function applyMutations(value: unknown, mutations: readonly Mutation[]): unknown {
  let root = clone(value);
  const set = (node: Node, replacement: unknown): void => {
    if (!node.parent || node.key === undefined) root = replacement;
    else if (Array.isArray(node.parent)) node.parent[Number(node.key)] = replacement;
    else withOwn(node.key, replacement, node.parent);
  };
  for (const change of mutations) {
    const nodes = nodesOf(root);
    const node = nodes[change.at % nodes.length] as Node;
    if (change.kind === 'replace') {
      set(node, clone(change.value));
    } else if (change.kind === 'delete') {
      if (Array.isArray(node.parent)) node.parent.splice(Number(node.key), 1);
      else if (node.parent && node.key !== undefined) delete node.parent[node.key];
    } else if (change.kind === 'add') {
      if (Array.isArray(node.value)) node.value.push(clone(change.value));
      else if (isContainer(node.value)) withOwn(change.key, clone(change.value), node.value as Record<string, unknown>);
      else set(node, withOwn(change.key, clone(change.value)));
    } else {
      const inner = serialize(node.value) || 'null';
      const { depth } = change;
      set(node, new RawJson(change.at % 2 === 0 ? `${'['.repeat(depth)}${inner}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`));
    }
  }
  return root;
}

/** How many leaves (strings, numbers, booleans, nulls, empty containers) a value has. */
const isLeaf = (value: unknown): boolean => !isContainer(value) || Object.keys(value).length === 0;

export const leafCount = (value: unknown): number => nodesOf(value).filter((node) => isLeaf(node.value)).length;

/** Removes a leaf rather than replacing it (a missing field). */
export const MISSING = Symbol('missing');

/**
 * The value with its `ordinal`-th leaf (breadth first) replaced by what
 * `replace` makes of it, or removed for MISSING: one field broken, the rest still valid.
 */
export function replaceLeaf(value: unknown, ordinal: number, replace: (leaf: unknown) => unknown): unknown {
  const nodes = nodesOf(clone(value));
  const root = nodes[0]?.value;
  const leaf = nodes.filter((node) => isLeaf(node.value))[ordinal];
  if (!leaf) return root;
  const replacement = replace(leaf.value);
  if (!leaf.parent || leaf.key === undefined) return replacement === MISSING ? undefined : replacement;
  if (replacement === MISSING) {
    if (Array.isArray(leaf.parent)) leaf.parent.splice(Number(leaf.key), 1);
    else delete leaf.parent[leaf.key];
  } else if (Array.isArray(leaf.parent)) leaf.parent[Number(leaf.key)] = clone(replacement);
  else withOwn(leaf.key, clone(replacement), leaf.parent);
  return root;
}

/** Every leaf of a plain JSON value replaced by what `replace` makes of it. */
export function mapLeaves(value: unknown, replace: (leaf: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((child) => mapLeaves(child, replace));
  if (isContainer(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) withOwn(key, mapLeaves(child, replace), copy);
    return copy;
  }
  return replace(value);
}

/** Body texts that are not a JSON object, valid JSON or not. */
export const NOT_AN_OBJECT: readonly string[] = ['null', '[]', '[{}]', '"text"', '0', '-1', 'true', '""', '1e999'];
export const NOT_JSON: readonly string[] = [
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  'NaN',
  'undefined',
  '{"a":1}{"b":2}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '\uFEFF{}',
  '//{}',
  '{"a":01}',
  '[1,,2]',
  ' ',
  '\u0000',
];
