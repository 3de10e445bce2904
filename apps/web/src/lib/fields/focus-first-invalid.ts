/**
 * Focuses the first field the page shows as invalid, in reading order: in a
 * group, its checked radio or else its first control (a picker's button is
 * its group's control).
 */
export function focusFirstInvalid(form: HTMLElement | null): void {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  const target =
    invalid instanceof HTMLFieldSetElement
      ? (invalid.querySelector<HTMLElement>('input:checked') ?? invalid.querySelector<HTMLElement>('input, button, textarea, select'))
      : invalid;
  target?.focus();
}
