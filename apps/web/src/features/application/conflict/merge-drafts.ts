/** A step's values as the form holds them: an object whose top-level fields are what a conflict is decided on. */
export type DraftValues = Record<string, unknown>;

/** Deep equality of JSON values, whatever the order of an object's keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a).filter((key) => (a as DraftValues)[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as DraftValues)[key] !== undefined);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((key) => sameValue((a as DraftValues)[key], (b as DraftValues)[key]));
}

export type DraftMerge = {
  /** Every field neither side changed, or only one side did, with that side's value; a conflicting field keeps mine. */
  merged: DraftValues;
  /** The fields both sides changed, differently: only the user can say which to keep. */
  conflicts: string[];
};

/**
 * A three-way merge of one step's values, field by field. `base` is what the
 * server held when this page last knew, `mine` what the page shows now,
 * `theirs` what another window or device saved meanwhile. A field only one
 * side changed takes that side's value, so nothing typed on either side is
 * lost without the user choosing.
 */
export function mergeDrafts(base: DraftValues, mine: DraftValues, theirs: DraftValues): DraftMerge {
  const merged: DraftValues = {};
  const conflicts: string[] = [];
  for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
    const isMineChanged = !sameValue(mine[key], base[key]);
    const isTheirsChanged = !sameValue(theirs[key], base[key]);
    if (isMineChanged && isTheirsChanged && !sameValue(mine[key], theirs[key])) conflicts.push(key);
    merged[key] = isMineChanged || !isTheirsChanged ? mine[key] : theirs[key];
  }
  return { merged, conflicts };
}
