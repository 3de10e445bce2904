const TABBABLE_SELECTOR = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/**
 * Elements Tab can reach inside `container`, in document order. Visibility is
 * judged by attributes, not layout, so the answer is the same in jsdom.
 */
export function getTabbables(container: HTMLElement): HTMLElement[] {
  const candidates = Array.from(container.querySelectorAll<HTMLElement>(TABBABLE_SELECTOR));
  return candidates.filter((element) => {
    if (element.tabIndex < 0) return false;
    if (element.closest('[inert], [hidden], fieldset:disabled') !== null) return false;
    // Tab enters a radio group once: at its checked radio, or its first one when none is checked.
    if (element instanceof HTMLInputElement && element.type === 'radio' && element.name !== '') {
      const group = candidates.filter(
        (other): other is HTMLInputElement => other instanceof HTMLInputElement && other.type === 'radio' && other.name === element.name,
      );
      const checked = group.find((radio) => radio.checked);
      return checked ? checked === element : group[0] === element;
    }
    return true;
  });
}

/** Keeps Tab and Shift+Tab cycling inside `container`. */
export function trapTabKey(event: KeyboardEvent, container: HTMLElement): void {
  const tabbables = getTabbables(container);
  const first = tabbables[0];
  const last = tabbables.at(-1);
  if (!first || !last) {
    event.preventDefault();
    container.focus();
    return;
  }
  const active = document.activeElement;
  const isOutside = !(active instanceof Node) || !container.contains(active);
  if (event.shiftKey && (active === first || active === container || isOutside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || isOutside)) {
    event.preventDefault();
    first.focus();
  }
}
