import { useTranslation } from 'react-i18next';
import { useContractReading } from '../download-contract';
import { isRegisterUnavailable, RegisterUnavailableNotice } from '../register-unavailable';
import { Button } from '../../ui';
import styles from './signing.module.css';

/**
 * The contract as it will be signed, to read before signing: the server draws it up from the saved application, on
 * register facts it reads again when they are old, and the browser shows it in a new tab (reading it should not
 * leave a file in the downloads); a register that does not answer is said here, with a retry.
 */
export function ContractPreview({ processId }: { processId: string }) {
  const { t } = useTranslation();
  const { read, isLoading, hasFailed, error } = useContractReading(processId, t('APPLICATION.SIGNING.OPENING_CONTRACT'));
  const isRegisterSilent = hasFailed && isRegisterUnavailable(error);

  return (
    <div className={styles.contractPreview}>
      <Button variant="link" trailingIcon="chevronRight" isLoading={isLoading} onClick={() => void read()}>
        {t('APPLICATION.SIGNING.READ_CONTRACT')} <span className="visually-hidden">{t('UI.OPENS_IN_NEW_TAB')}</span>
      </Button>
      <div role="alert" className={styles.startError}>
        {isRegisterSilent && <RegisterUnavailableNotice isAlert={false} onRetry={() => void read()} isRetrying={isLoading} />}
        {hasFailed && !isRegisterSilent && <p>{t('APPLICATION.SIGNING.READ_CONTRACT_FAILED')}</p>}
      </div>
    </div>
  );
}
