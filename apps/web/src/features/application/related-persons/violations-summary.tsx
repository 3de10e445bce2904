import { useId, type MouseEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui';
import { cardIdOf } from './card-ids';
import type { SummaryItem } from './summary-items';
import styles from './related-persons.module.css';

const SUMMARY = 'APPLICATION.RELATED_PERSONS.SUMMARY';

export type ViolationsSummaryProps = {
  items: readonly SummaryItem[];
  nameAt: (index: number) => string;
  onShowPerson: (index: number) => void;
  headingRef?: Ref<HTMLHeadingElement>;
};

/**
 * The summary at the top: every broken related-person rule and every person
 * with missing details, in plain words, each linking to the cards concerned.
 * Polite live region, so changes are read without taking focus.
 */
export function ViolationsSummary({ items, nameAt, onShowPerson, headingRef }: ViolationsSummaryProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const show = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    // The card takes focus itself; the address does not change, so the router does not react.
    event.preventDefault();
    onShowPerson(index);
  };

  return (
    <section aria-labelledby={headingId} aria-live="polite" className={styles.summary} data-state={items.length > 0 ? 'open' : 'done'}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.summaryTitle}>
        <Icon name={items.length > 0 ? 'infoCircle' : 'checkCircle'} size="medium-light" />
        {t(`${SUMMARY}.TITLE`)}
      </h2>
      {items.length === 0 ? (
        <p className={styles.summaryDone}>{t(`${SUMMARY}.ALL_DONE`)}</p>
      ) : (
        <ul className={styles.summaryList}>
          {items.map((item) => {
            const [only] = item.personIndexes;
            if (item.kind === 'person' && only !== undefined) {
              return (
                <li key={item.key}>
                  <a href={`#${cardIdOf(only)}`} onClick={(event) => show(event, only)}>
                    {item.text}
                  </a>
                </li>
              );
            }
            return (
              <li key={item.key}>
                <span>{item.text}</span>
                {item.personIndexes.length > 0 && (
                  <span className={styles.summaryLinks}>
                    {t(`${SUMMARY}.CONCERNS`)}{' '}
                    {item.personIndexes.map((index, at) => (
                      <span key={index}>
                        {at > 0 && ', '}
                        <a href={`#${cardIdOf(index)}`} onClick={(event) => show(event, index)}>
                          {nameAt(index)}
                        </a>
                      </span>
                    ))}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
