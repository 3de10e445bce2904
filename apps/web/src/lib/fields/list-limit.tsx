import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './form-layout.module.css';

/**
 * A list's limit (the domain's LIST_MAX_ITEMS) on its Add button: once the list holds `max` rows the button is
 * disabled and describedby the note that says why, so nobody fills a row the server would refuse.
 */
export function useListLimit(count: number, max: number) {
  const noteId = useId();
  const isFull = count >= max;
  return { isFull, noteId, max, addButtonProps: { disabled: isFull, 'aria-describedby': isFull ? noteId : undefined } };
}

/** Says that the list is full and how to add another; nothing while it is not. */
export function ListFullNote({ limit }: { limit: ReturnType<typeof useListLimit> }) {
  const { t } = useTranslation();
  if (!limit.isFull) return null;
  return (
    <p id={limit.noteId} className={styles.muted}>
      {t('APPLICATION.LIST_FULL', { max: limit.max })}
    </p>
  );
}
