import { useTranslation } from 'react-i18next';
import { useSignedInPerson } from '../../lib/use-signed-in-person';
import { Button, Card, Spinner } from '../../ui';
import { useRepresentative } from '../../lib/representative';
import { PersonalInformationForm } from './personal-information-form';
import styles from './personal-information-page.module.css';

/** SPEC.md sections 1 and 2: /personal-information, the greeting, e-mail, phone and the registry-query confirmation. */
export function Component() {
  const { t } = useTranslation();
  const person = useSignedInPerson();
  const representative = useRepresentative();
  const named = person ?? representative.data;
  const name = named ? `${named.givenName} ${named.surname}` : null;

  return (
    <Card as="section" width="large" isCentered padding="large" aria-labelledby="screen-title">
      <h1 id="screen-title" className={styles.title} tabIndex={-1}>
        {t('SCREENS.PERSONAL_INFORMATION.TITLE')}
      </h1>
      {name && <p className={styles.greeting}>{t('SCREENS.PERSONAL_INFORMATION.GREETING', { name })}</p>}
      <p className={styles.intro}>{t('PERSONAL_INFORMATION.INTRO')}</p>
      {representative.isPending && <Spinner />}
      {representative.isError && (
        <div className={styles.loadError} role="alert">
          <p>{t('PERSONAL_INFORMATION.LOAD_ERROR')}</p>
          <Button variant="secondary" onClick={() => void representative.refetch()}>
            {t('ERRORS.ACTIONS.TRY_AGAIN')}
          </Button>
        </div>
      )}
      {representative.isSuccess && <PersonalInformationForm representative={representative.data} />}
    </Card>
  );
}
