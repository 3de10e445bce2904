import { DEFAULT_SIGN_IN_MESSAGE_KEY, SIGN_IN_MESSAGE_KEYS, signInMessageKeys, type SignInMessageKey } from '@onboarding/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { IdCardInstallLink } from '../../ui';
import { OutcomeLayout } from './outcome-layout';
import styles from './outcome-page.module.css';

export const ERROR_CODE_PARAM = 'error-code';

/** Only the catalogue's keys are shown; anything else in the address is a technical error (docs/requirements.md section 8). */
export function messageKeyFromParam(value: string | null): SignInMessageKey {
  return SIGN_IN_MESSAGE_KEYS.find((key) => key === value) ?? DEFAULT_SIGN_IN_MESSAGE_KEY;
}

/** docs/requirements.md section 2: /authentication-error?error-code=<message key>; a browser without ID-card support gets the install instructions (section 8). */
export function AuthenticationErrorPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const messageKey = messageKeyFromParam(searchParams.get(ERROR_CODE_PARAM));
  const keys = signInMessageKeys(messageKey);

  return (
    <OutcomeLayout
      tone="error"
      icon="error"
      title={t(keys.title, { ns: 'domain' })}
      message={
        <>
          <p>{t(keys.message, { ns: 'domain' })}</p>
          {messageKey === 'IDC.NO_IMPLEMENTATION' && (
            <p>
              <IdCardInstallLink />
            </p>
          )}
        </>
      }
      actions={
        <>
          <Link to={paths.authentication} className={styles.primaryAction}>
            {t('AUTH.ERROR.TRY_AGAIN')}
          </Link>
          <Link to={paths.root} className={styles.secondaryAction}>
            {t('AUTH.ERROR.BACK_HOME')}
          </Link>
        </>
      }
    />
  );
}
