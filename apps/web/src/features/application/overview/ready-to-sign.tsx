import { useTranslation } from 'react-i18next';
import { useFocusOnMount } from './use-focus-on-mount';
import styles from './overview.module.css';

/**
 * Where signing starts once the review is complete (SPEC.md section 4:
 * signing follows the overview). For now it only says so; the signing view,
 * built in a module of its own, replaces this component.
 */
export function ReadyToSign() {
  const { t } = useTranslation();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section aria-labelledby="overview-sign-title" className={styles.outcome} data-variant="ready">
      <h2 id="overview-sign-title" ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        {t('APPLICATION.OVERVIEW.READY_TO_SIGN.TITLE')}
      </h2>
      <p className={styles.outcomeText}>{t('APPLICATION.OVERVIEW.READY_TO_SIGN.TEXT')}</p>
    </section>
  );
}
