import type { Page } from 'playwright-core';

export type SmallTarget = { target: string; minimum: number };

/** Touch-sized actions: buttons, and tabs, which act at once. */
export const ACTION_MINIMUM = 44;
/** Every other target: links, fields, check boxes and radios (WCAG 2.2 2.5.8). */
export const CONTROL_MINIMUM = 24;

type Rect = { left: number; top: number; width: number; height: number };
type Element = {
  tagName: string;
  id: string;
  type?: string;
  textContent: string | null;
  labels?: Iterable<Element> | null;
  closest(selector: string): Element | null;
  contains(other: unknown): boolean;
  getAttribute(name: string): string | null;
  parentElement: Element | null;
  getBoundingClientRect(): Rect;
  getClientRects(): Iterable<Rect>;
  scrollIntoView(options: { block: string; inline: string }): void;
};
type TargetGlobals = {
  document: { querySelectorAll(selector: string): Iterable<Element>; elementFromPoint(x: number, y: number): unknown };
  getComputedStyle(element: Element): { visibility: string; display: string; position: string };
  scrollTo(x: number, y: number): void;
};

/**
 * The visible things a person taps whose tappable area is smaller than a square of the minimum: each is scrolled to
 * the middle of the screen and the browser is asked what lies under the points half the minimum from its centre, so
 * what counts is what a finger reaches (an area widened by a pseudo-element counts; one covered by something else
 * does not, unless it is a notice fixed over the page for a moment). Buttons and tabs need ACTION_MINIMUM, every
 * other target CONTROL_MINIMUM; a check box or radio counts by itself or by its label, and a link inside a sentence
 * is the criterion's own exception. While a dialog is open, only its own controls are reachable and measured.
 */
export const smallTargets = (page: Page): Promise<SmallTarget[]> =>
  page.evaluate(
    ({ actionMinimum, controlMinimum }) => {
      const { document, getComputedStyle, scrollTo } = globalThis as unknown as TargetGlobals;
      const dialog = [...document.querySelectorAll('dialog[open], [role="dialog"], [role="alertdialog"]')]
        .filter((open) => open.getBoundingClientRect().width > 0)
        .at(-1);
      const scope = (element: Element) => !dialog || dialog.contains(element);
      const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"]';
      // A notice laid over the page for a moment (a toast) goes away by itself or by its close button.
      const isOverlay = (node: Element | null): boolean => node !== null && (getComputedStyle(node).position === 'fixed' || isOverlay(node.parentElement));
      const small: { target: string; minimum: number }[] = [];
      for (const element of document.querySelectorAll(selector)) {
        if (!scope(element) || element.closest('[aria-hidden="true"], [inert]')) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        // A link in running text, sized by the line it is on: the criterion's inline exception.
        if (element.tagName === 'A' && style.display === 'inline') {
          let block = element.parentElement;
          while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
          if (block && (block.textContent ?? '').trim() !== (element.textContent ?? '').trim()) continue;
        }
        const isAction = element.tagName === 'BUTTON' || element.getAttribute('role') === 'button' || element.getAttribute('role') === 'tab';
        const minimum = isAction ? actionMinimum : controlMinimum;
        const isChoice = element.tagName === 'INPUT' && (element.type === 'checkbox' || element.type === 'radio');
        // A check box or radio is reached by itself or by its label: either one of the minimum's size will do.
        const candidates = [element, ...(isChoice ? [...(element.labels ?? [])] : [])];
        const misses: string[] = [];
        const reachedBy = (measured: Element): boolean => {
          measured.scrollIntoView({ block: 'center', inline: 'center' });
          // A link that wraps is reached on its lines, not in the box around them: its biggest line is measured.
          const lines = [...measured.getClientRects()];
          const { left, top, width, height } =
            lines.length > 1 ? lines.reduce((big, line) => (line.width * line.height > big.width * big.height ? line : big)) : measured.getBoundingClientRect();
          // Not on the screen even in the middle of it: shown only on focus (the skip link), not a target until then.
          if (width === 0 || top + height < 0 || left + width < 0) return true;
          const [x, y] = [left + width / 2, top + height / 2];
          const reach = minimum / 2 - 0.5;
          const points = [
            [x, y],
            [x - reach, y],
            [x + reach, y],
            [x, y - reach],
            [x, y + reach],
          ] as const;
          return points.every(([px, py]) => {
            const hit = document.elementFromPoint(px, py) as Element | null;
            const isOwn = hit !== null && (measured.contains(hit) || element.contains(hit) || (!dialog && isOverlay(hit)));
            if (!isOwn)
              misses.push(
                `${Math.round(width)}×${Math.round(height)}, at ${Math.round(px - x)},${Math.round(py - y)}: ${hit ? hit.tagName.toLowerCase() + ' ' + (hit.textContent ?? '').trim().slice(0, 24) : 'nothing'}`,
              );
            return isOwn;
          });
        };
        if (!candidates.some(reachedBy)) {
          const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
          small.push({ target: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${name}": ${misses.join('; ')}`, minimum });
        }
      }
      scrollTo(0, 0);
      return small;
    },
    { actionMinimum: ACTION_MINIMUM, controlMinimum: CONTROL_MINIMUM },
  );
