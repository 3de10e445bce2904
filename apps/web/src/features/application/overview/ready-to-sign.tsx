import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDetailRequests, openRequestsOf } from '../api/detail-requests';
import { useApplicationLayout } from '../application-context';
import { paths } from '../../../lib/paths';
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
  const { processId } = useApplicationLayout();
  const open = openRequestsOf(useDetailRequests(processId).data);
  if (open.length > 0) return <WaitingForDetails names={open.map((request) => `${request.firstName} ${request.lastName}`)} />;
  return (
    // One focused panel, not a box around boxes: the signing view's own panel is the only frame.
    <section aria-labelledby="overview-sign-title" className={styles.outcome} data-variant="sign">
      <h2 id="overview-sign-title" ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        {t('APPLICATION.OVERVIEW.READY_TO_SIGN.TITLE')}
      </h2>
      <p className={styles.outcomeText}>{t('APPLICATION.OVERVIEW.READY_TO_SIGN.TEXT')}</p>
      <SigningView host={host} onActiveChange={onSigningActiveChange} choiceHeadingRef={headingRef} />
    </section>
  );
}

/** Signing waits while a related person has been asked for their own details and has not answered (decision 40). */
function WaitingForDetails({ names }: { names: string[] }) {
  const { t, i18n } = useTranslation();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const listed = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names);
  return (
    <section aria-labelledby="overview-sign-title" className={styles.outcome} data-variant="ready">
      <h2 id="overview-sign-title" ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        {t(names.length === 1 ? 'APPLICATION.OVERVIEW.WAITING_FOR_DETAILS.TITLE_ONE' : 'APPLICATION.OVERVIEW.WAITING_FOR_DETAILS.TITLE_MANY', {
          names: listed,
        })}
      </h2>
      <p className={styles.outcomeText}>{t('APPLICATION.OVERVIEW.WAITING_FOR_DETAILS.TEXT')}</p>
      <p className={styles.outcomeText}>
        <Link to={paths.relatedPersons} className={styles.standaloneLink}>
          {t('APPLICATION.OVERVIEW.WAITING_FOR_DETAILS.LINK')}
        </Link>
      </p>
    </section>
  );
}
