import { useTranslation } from 'react-i18next';
import { SigningView } from '../../../lib/signing/signing-view';
import { useApplicationSigningHost } from './use-application-signing-host';
import { useFocusOnMount } from './use-focus-on-mount';
import styles from './overview.module.css';

/**
 * Where signing starts once the review is complete
 * (docs/requirements.md section 4: signing follows the overview): the signing
 * view of docs/requirements.md section 2.
 */
export function ReadyToSign({ onSigningActiveChange }: { onSigningActiveChange: (isActive: boolean) => void }) {
  const { t } = useTranslation();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const host = useApplicationSigningHost();
  return (
    <section aria-labelledby="overview-sign-title" className={styles.outcome} data-variant="ready">
      <h2 id="overview-sign-title" ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        {t('APPLICATION.OVERVIEW.READY_TO_SIGN.TITLE')}
      </h2>
      <p className={styles.outcomeText}>{t('APPLICATION.OVERVIEW.READY_TO_SIGN.TEXT')}</p>
      <SigningView host={host} onActiveChange={onSigningActiveChange} choiceHeadingRef={headingRef} />
    </section>
  );
}
