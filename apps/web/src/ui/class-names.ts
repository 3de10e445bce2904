/** Joins the truthy class names; CSS Modules lookups may be undefined under noUncheckedIndexedAccess. */
export function cx(...names: ReadonlyArray<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
