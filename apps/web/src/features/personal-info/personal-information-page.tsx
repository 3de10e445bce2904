import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { useSignedInPerson } from '../../lib/use-signed-in-person';
import { Button, Card, Spinner } from '../../ui';
import { useRepresentative } from '../../lib/representative';
import { EmailConfirmationForm, type CodeRequest } from './email-confirmation-form';
import { PersonalInformationForm } from './personal-information-form';
import { savedContactDetailsOf, SavedContactDetailsView } from './saved-contact-details';
import styles from './personal-information-page.module.css';

/**
 * docs/requirements.md sections 1 and 2: /personal-information, the greeting, e-mail, phone and the registry-query
 * confirmation; then, for an address not confirmed yet, the code mailed to it.
 */
export function PersonalInformationPage() {
  const { t } = useTranslation();
  const person = useSignedInPerson();
  const representative = useRepresentative();
  const navigate = useNavigate();
  // Set once the details are saved and a code was asked for: the screen then asks for the code.
  const [codeRequest, setCodeRequest] = useState<CodeRequest>();
  // A returning person's confirmed details are shown as facts until they choose to change them.
  const [isChanging, setIsChanging] = useState(false);
  const saved = representative.data && !isChanging ? savedContactDetailsOf(representative.data) : null;
  const named = person ?? representative.data;
  const name = named ? `${named.givenName} ${named.surname}` : null;

  return (
    <Card as="section" width="large" isCentered padding="large" aria-labelledby="screen-title">
      <h1 id="screen-title" className={styles.title} tabIndex={-1}>
        {t('SCREENS.PERSONAL_INFORMATION.TITLE')}
      </h1>
      {name && <p className={styles.greeting}>{t('SCREENS.PERSONAL_INFORMATION.GREETING', { name })}</p>}
      {/* A returning person reads what the facts below are, not a request to enter them. */}
      <p className={styles.intro}>{t(saved && !codeRequest ? 'PERSONAL_INFORMATION.SAVED.INTRO' : 'PERSONAL_INFORMATION.INTRO')}</p>
      {representative.isPending && <Spinner />}
      {representative.isError && (
        <div className={styles.loadError} role="alert">
          <p>{t('PERSONAL_INFORMATION.LOAD_ERROR')}</p>
          <Button variant="secondary" onClick={() => void representative.refetch()}>
            {t('ERRORS.ACTIONS.TRY_AGAIN')}
          </Button>
        </div>
      )}
      {representative.isSuccess &&
        (codeRequest ? (
          <EmailConfirmationForm request={codeRequest} onConfirmed={() => navigate(paths.chooseCompany)} onChangeEmail={() => setCodeRequest(undefined)} />
        ) : saved ? (
          <SavedContactDetailsView details={saved} onChange={() => setIsChanging(true)} />
        ) : (
          <PersonalInformationForm representative={representative.data} onConfirmationNeeded={setCodeRequest} />
        ))}
    </Card>
  );
}
