import { useId, type MouseEvent, type Ref } from 'react';
import styles from './error-summary.module.css';

/** One invalid field: its element id, its label and its message, as the page shows them. */
export type ErrorSummaryItem = { id: string; label: string; message: string };

/** The control a link to a field focuses: a group's checked (or first) option, else the field itself. */
function focusTarget(element: HTMLElement): HTMLElement {
  if (!(element instanceof HTMLFieldSetElement)) return element;
  return element.querySelector<HTMLElement>('input:checked') ?? element.querySelector<HTMLElement>('input, select, textarea, button') ?? element;
}

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/**
 * The fields a form shows as invalid, in reading order: each field's label (a group's legend) and the message
 * its FieldError shows under it (`<id>-error`, see useField). Read from the page, so the summary says exactly
 * what the fields say.
 */
export function invalidFieldsIn(root: HTMLElement | null): ErrorSummaryItem[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>('[aria-invalid="true"]'))
    .filter((element) => element.id !== '')
    .map((element) => {
      const label = element instanceof HTMLFieldSetElement ? text(element.querySelector('legend')) : text((element as HTMLInputElement).labels?.[0]);
      return { id: element.id, label, message: text(document.getElementById(`${element.id}-error`)) };
    });
}

export type ErrorSummaryProps = {
  title: string;
  items: readonly ErrorSummaryItem[];
  /** The form focuses the summary when Continue finds errors, so a screen reader reads it and the page scrolls to it. */
  ref?: Ref<HTMLDivElement>;
};

/**
 * The error summary at the top of a long form (GOV.UK pattern): after Continue with errors, a list of links,
 * one per invalid field, each to the field itself.
 */
export function ErrorSummary({ title, items, ref }: ErrorSummaryProps) {
  const titleId = useId();
  if (items.length === 0) return null;
  const goTo = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const element = document.getElementById(id);
    if (!element) return;
    event.preventDefault();
    // Focus brings the field into view.
    focusTarget(element).focus();
  };
  return (
    <div ref={ref} className={styles.summary} tabIndex={-1} role="region" aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} onClick={(event) => goTo(event, item.id)}>
              <span className={styles.label}>{item.label}</span>
              {item.message && (
                <>
                  {/* Read as one phrase; seen as the field's label over its message. */}
                  <span className="visually-hidden"> – </span>
                  <span className={styles.message}>{item.message}</span>
                </>
              )}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
