import { useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { cx } from '../class-names';
import styles from './tabs.module.css';

export type Tab<T extends string> = { value: T; label: ReactNode };

export type TabsProps<T extends string> = {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly Tab<T>[];
  value: T;
  onChange: (value: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  /** Goes to the selected tab, e.g. for a modal's first focus. */
  selectedTabRef?: RefObject<HTMLButtonElement | null>;
};

const KEY_STEPS: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab stop for the
 * list, arrow keys (wrapping), Home and End move and select, and the panel is
 * labelled by its tab.
 */
export function Tabs<T extends string>({ label, tabs, value, onChange, children, selectedTabRef }: TabsProps<T>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (tab: T) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const index = tabs.findIndex((tab) => tab.value === value);
    const next = tabs[step(Math.max(index, 0), tabs.length)];
    if (!next) return;
    onChange(next.value);
    tabRefs.current.get(next.value)?.focus();
  };

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={label} className={styles.tabList}>
        {tabs.map((tab) => {
          const isSelected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.value, element);
                else tabRefs.current.delete(tab.value);
                if (isSelected && selectedTabRef) selectedTabRef.current = element;
              }}
              id={tabId(tab.value)}
              type="button"
              role="tab"
              aria-selected={isSelected}
              aria-controls={panelId}
              tabIndex={isSelected ? 0 : -1}
              className={cx(styles.tab, isSelected && styles.tabSelected)}
              onClick={() => onChange(tab.value)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} className={styles.tabPanel}>
        {children}
      </div>
    </div>
  );
}
