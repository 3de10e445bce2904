import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../ui';
import styles from './outcome-page.module.css';

/** How the outcome reads at a glance: something went wrong, something to know, or something done. */
export type OutcomeTone = 'error' | 'info' | 'success';

export type OutcomeLayoutProps = {
  tone: OutcomeTone;
  icon: IconName;
  title: string;
  /** What happened, in a sentence or two. */
  message: ReactNode;
  /** What the person can do now, in order: each a sentence. */
  next?: readonly ReactNode[];
  /** Where to go (the branches), below the steps. */
  children?: ReactNode;
  actions: ReactNode;
};

/**
 * An outcome or error page: what happened, what to do next and where, and the ways on. One surface with the
 * steps in order, so a page that stops the person still tells them how to get their account.
 */
export function OutcomeLayout({ tone, icon, title, message, next = [], children, actions }: OutcomeLayoutProps) {
  const { t } = useTranslation();
  const nextTitleId = useId();
  return (
    <div className={styles.page} data-tone={tone}>
      <div className={styles.summary}>
        <span className={styles.icon}>
          <Icon name={icon} size="medium" />
        </span>
        <h1 className={styles.title}>{title}</h1>
        <div className={styles.message}>{message}</div>
      </div>
      {next.length > 0 && (
        <section className={styles.next} aria-labelledby={nextTitleId}>
          <h2 id={nextTitleId} className={styles.nextTitle}>
            {t('OUTCOMES.NEXT_TITLE')}
          </h2>
          <ol className={styles.steps}>
            {next.map((step, index) => (
              <li key={index}>{step}</li>
            ))}
          </ol>
        </section>
      )}
      {children}
      <div className={styles.actions}>{actions}</div>
    </div>
  );
}
