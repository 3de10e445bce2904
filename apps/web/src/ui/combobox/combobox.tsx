import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../class-names';
import { FieldError, FieldHint, fieldStyles, useField } from '../field';
import { Icon } from '../icon';
import styles from './combobox.module.css';

export type ComboboxOption = {
  value: string;
  /** Already translated; what the input shows once chosen. */
  label: string;
  /** Extra words the option is found by besides its label, e.g. its code. */
  keywords?: string;
};

export type ComboboxProps = {
  label: ReactNode;
  options: readonly ComboboxOption[];
  /** The chosen option's value; '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** Called when focus leaves the field, as react-hook-form's field.onBlur expects. */
  onBlur?: () => void;
  hint?: ReactNode;
  /** Already translated; shown only once the field is touched. */
  error?: string;
  isTouched?: boolean;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  /** Extra ids read with the field (e.g. a "from the register" note). */
  describedBy?: string;
  className?: string;
  /**
   * Text that matches no option is kept as the value (on Enter or on leaving the field), for lists that are not
   * complete, such as the settlements of a municipality; a typed option's own text still chooses that option.
   */
  canTypeOwnValue?: boolean;
};

/** Lower case, without diacritics, so "tootmine" finds "Tootmine" and "parnu" finds "Pärnu". */
export const normalizeSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/**
 * The options whose text holds every typed word, those that begin with what was typed first: the option itself
 * ("62" finds 62011 before 16231), then one of its words ("pank" finds "Eesti Pank" before "Pankade liit"), then
 * the rest, each group in the list's own order.
 */
export function filterOptions(options: readonly ComboboxOption[], query: string): ComboboxOption[] {
  const words = normalizeSearch(query).split(/\s+/).filter(Boolean);
  const [first] = words;
  if (first === undefined) return [...options];
  const rank = (option: ComboboxOption): number => {
    const label = normalizeSearch(option.label);
    if (label.startsWith(first) || normalizeSearch(option.value).startsWith(first)) return 0;
    return label.split(/[\s(),.-]+/).some((word) => word.startsWith(first)) ? 1 : 2;
  };
  return options
    .filter((option) => {
      const haystack = normalizeSearch(`${option.keywords ?? ''} ${option.label}`);
      return words.every((word) => haystack.includes(word));
    })
    .map((option, index) => ({ option, index, rank: rank(option) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ option }) => option);
}

/**
 * A searchable single choice following the WAI-ARIA combobox pattern with a
 * listbox popup: typing filters the options, Down/Up move through them, Enter
 * chooses, Escape closes (and, when closed, drops what was typed). Focus stays
 * in the input; the active option is named by aria-activedescendant.
 */
export function Combobox({
  label,
  options,
  value,
  onChange,
  onBlur,
  hint,
  error,
  isTouched,
  id,
  ref,
  describedBy,
  className,
  canTypeOwnValue = false,
}: ComboboxProps) {
  const { t } = useTranslation();
  const field = useField({ id, hasHint: hint !== undefined, error, isTouched, describedBy });
  const listboxId = `${field.fieldId}-listbox`;
  const statusId = `${field.fieldId}-status`;
  const optionIdPrefix = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);

  const selected = options.find((option) => option.value === value);
  const text = query ?? selected?.label ?? value;
  const filtered = useMemo(() => filterOptions(options, query ?? ''), [options, query]);
  const optionId = (index: number) => `${optionIdPrefix}-option-${index}`;
  const activeOption = isOpen && activeIndex >= 0 ? filtered[activeIndex] : undefined;

  const open = (index: number) => {
    setIsOpen(true);
    setActiveIndex(index);
    scrollIntoView(index);
  };
  const close = () => {
    setIsOpen(false);
    setActiveIndex(-1);
  };
  const choose = (option: ComboboxOption) => {
    onChange(option.value);
    setQuery(null);
    close();
  };
  /** What was typed becomes the value: the option it names, else the text itself. */
  const keepTyped = () => {
    const typed = query?.trim() ?? '';
    if (typed === '') return;
    const named = options.find((option) => normalizeSearch(option.label) === normalizeSearch(typed));
    onChange(named ? named.value : typed);
  };
  const typedText = canTypeOwnValue && query !== null && query.trim() !== '' ? query.trim() : null;
  const scrollIntoView = (index: number) => {
    const element = listRef.current?.children[index];
    if (element instanceof HTMLElement && typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'nearest' });
  };
  const move = (delta: number) => {
    if (!isOpen) {
      open(delta > 0 ? 0 : filtered.length - 1);
      return;
    }
    if (filtered.length === 0) return;
    const next = activeIndex < 0 ? (delta > 0 ? 0 : filtered.length - 1) : (activeIndex + delta + filtered.length) % filtered.length;
    setActiveIndex(next);
    scrollIntoView(next);
  };

  const noResults = typedText === null ? t('UI.COMBOBOX.NO_RESULTS') : t('UI.COMBOBOX.TYPED_VALUE', { value: typedText });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (event.altKey) open(-1);
        else move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter':
        // Enter chooses inside the list; it never submits the form while the list is open.
        if (isOpen) {
          event.preventDefault();
          if (activeOption) choose(activeOption);
          else {
            if (canTypeOwnValue) keepTyped();
            setQuery(null);
            close();
          }
        }
        break;
      case 'Escape':
        if (isOpen) {
          event.preventDefault();
          close();
        } else if (query !== null) {
          event.preventDefault();
          setQuery(null);
        }
        break;
      case 'Home':
      case 'End':
        break;
      default:
        break;
    }
  };

  return (
    <div className={cx(fieldStyles.field, styles.combobox, className)}>
      <label htmlFor={field.fieldId} className={fieldStyles.label}>
        {label}
      </label>
      {hint !== undefined && <FieldHint id={field.hintId}>{hint}</FieldHint>}
      <div className={cx(styles.control, field.isErrorShown && styles.invalid)}>
        <Icon name="search" size="medium-light" className={styles.searchIcon} />
        <input
          ref={ref}
          id={field.fieldId}
          type="text"
          role="combobox"
          className={styles.input}
          autoComplete="off"
          value={text}
          aria-autocomplete="list"
          aria-expanded={isOpen}
          aria-controls={listboxId}
          aria-activedescendant={activeOption ? optionId(activeIndex) : undefined}
          aria-invalid={field.isErrorShown || undefined}
          aria-describedby={field.ariaDescribedBy}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setQuery(next);
            setIsOpen(true);
            setActiveIndex(next.trim() === '' ? -1 : 0);
            if (next.trim() === '' && value !== '') onChange('');
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            // Leaving without choosing keeps the last choice and drops what was typed, unless typing a value is allowed.
            if (canTypeOwnValue) keepTyped();
            setQuery(null);
            close();
            field.markTouched();
            onBlur?.();
          }}
        />
        <button
          type="button"
          tabIndex={-1}
          className={styles.toggle}
          aria-label={t('UI.COMBOBOX.SHOW_OPTIONS')}
          aria-expanded={isOpen}
          aria-controls={listboxId}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (isOpen) close();
            else open(-1);
            document.getElementById(field.fieldId)?.focus();
          }}
        >
          <Icon name="chevronDown" size="medium-light" />
        </button>
      </div>
      <div ref={listRef} id={listboxId} role="listbox" aria-label={typeof label === 'string' ? label : undefined} className={styles.listbox} hidden={!isOpen}>
        {isOpen &&
          filtered.map((option, index) => (
            // Focus stays in the input (aria-activedescendant); a mouse chooses with a click.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <div
              key={option.value}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={option.value === value}
              className={cx(styles.option, index === activeIndex && styles.active, option.value === value && styles.selected)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {option.label}
            </div>
          ))}
      </div>
      {isOpen && filtered.length === 0 && <p className={styles.empty}>{noResults}</p>}
      <div id={statusId} className="visually-hidden" aria-live="polite">
        {isOpen && query !== null ? (filtered.length === 0 ? noResults : t('UI.COMBOBOX.RESULTS', { count: filtered.length })) : ''}
      </div>
      <FieldError id={field.errorId} error={error} isShown={field.isErrorShown} />
    </div>
  );
}
