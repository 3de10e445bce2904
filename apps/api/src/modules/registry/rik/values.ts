/*
 * Reading the register's JSON output, whose rendering is only known from client fixtures
 * (docs/register-facts.md section 1.4): every reader accepts each variant seen and answers undefined for an empty
 * element (`{}`), so the mapping never has to know which one arrived.
 */

export type RikObject = Record<string, unknown>;

export const isObject = (value: unknown): value is RikObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object under `key`, or an empty one. */
export const objectAt = (parent: unknown, key: string): RikObject => {
  const value = isObject(parent) ? parent[key] : undefined;
  return isObject(value) ? value : {};
};

/** The entries of a repeating group: `{ item: [...] }`, `{ item: {...} }` for a group of one, a bare array, or nothing. */
export const itemsOf = (group: unknown): RikObject[] => {
  const inner = isObject(group) && 'item' in group ? group.item : group;
  if (Array.isArray(inner)) return inner.filter(isObject);
  return isObject(inner) && Object.keys(inner).length > 0 ? [inner] : [];
};

/** A repeating element without an `item` wrapper (tegelikudKasusaajad_v2's `kasusaaja`), one or many. */
export const repeatedAt = (parent: unknown, key: string): RikObject[] => {
  const value = isObject(parent) ? parent[key] : undefined;
  if (Array.isArray(value)) return value.filter(isObject);
  return isObject(value) && Object.keys(value).length > 0 ? [value] : [];
};

/** Text, or undefined when empty, `{}` or nil; a number is text too, since either may arrive. */
export const textAt = (parent: unknown, key: string): string | undefined => {
  const value = isObject(parent) ? parent[key] : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.normalize('NFC');
};

/** A whole number, written as a number or as text. */
export const integerAt = (parent: unknown, key: string): number | undefined => {
  const text = textAt(parent, key);
  return text !== undefined && /^-?\d+$/.test(text) ? Number(text) : undefined;
};

/** A calendar date yyyy-MM-dd; the register writes `2021-03-15Z`, and a date with a time keeps only its day. */
export const dateAt = (parent: unknown, key: string): string | undefined => {
  const text = textAt(parent, key);
  const match = text === undefined ? null : /^(\d{4}-\d{2}-\d{2})(?:Z|[T ].*|[+-]\d{2}:\d{2})?$/.exec(text);
  return match?.[1];
};

/** `true`/`false` flags, as booleans or text. */
export const flagAt = (parent: unknown, key: string): boolean | undefined => {
  const value = isObject(parent) ? parent[key] : undefined;
  if (typeof value === 'boolean') return value;
  const text = textAt(parent, key)?.toLowerCase();
  return text === 'true' || text === '1' ? true : text === 'false' || text === '0' ? false : undefined;
};

/** `JAH` (yes) and `EI` (no), the sole-representation flag's words. */
export const yesNoAt = (parent: unknown, key: string): boolean | undefined => {
  const text = textAt(parent, key)?.toUpperCase();
  return text === 'JAH' ? true : text === 'EI' ? false : flagAt(parent, key);
};

/** Millionths: the register's decimals have up to six places, so they are whole numbers of millionths. */
const SCALE = 1_000_000n;

/** A decimal such as `55.000000` as an exact count of millionths, or undefined when it is not a decimal. */
export const parseMillionths = (text: string | undefined): bigint | undefined => {
  const match = text === undefined ? null : /^(-?)(\d+)(?:[.,](\d{1,6})\d*)?$/.exec(text.trim());
  if (!match) return undefined;
  const whole = BigInt(match[2] ?? '0') * SCALE + BigInt((match[3] ?? '').padEnd(6, '0'));
  return match[1] === '-' ? -whole : whole;
};

/** Millionths as the nearest number: 55000000n is exactly 55. */
export const millionthsToNumber = (value: bigint): number => Number(value) / Number(SCALE);

export const decimalAt = (parent: unknown, key: string): bigint | undefined => parseMillionths(textAt(parent, key));
