/**
 * Input the database cannot keep, found before any handler sees it. Without
 * this check such input reached PostgreSQL and answered 500 (found by the
 * bad-input suites in tests/system):
 * - U+0000 in any string: text and jsonb refuse it (22P05, 22021).
 * - a lone UTF-16 surrogate: jsonb refuses the `\ud800` escape JSON.stringify
 *   writes for it (22P02); text columns would silently turn it into U+FFFD.
 * - nesting deeper than MAX_INPUT_DEPTH: JSON.stringify of a jsonb column
 *   overflows the stack a few thousand levels down; no form nests past ten.
 */
export const MAX_INPUT_DEPTH = 32;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isUnstorable = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

const joinPath = (path: readonly string[]): string => path.join('.');

/** The path ("" for the root, dot-separated as FieldIssue paths are) of the first unstorable part of the input, or undefined. */
export function unstorableInputPath(input: unknown): string | undefined {
  // Iterative, so input nested thousands of levels deep cannot overflow the stack here either.
  const pending: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop() as { value: unknown; path: string[] };
    if (typeof value === 'string') {
      if (isUnstorable(value)) return joinPath(path);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_INPUT_DEPTH) return joinPath(path);
    for (const [key, child] of Object.entries(value)) {
      // A bad key is reported at its object, so the answer does not echo it.
      if (isUnstorable(key)) return joinPath(path);
      pending.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}
