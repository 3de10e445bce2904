import { useTranslation } from 'react-i18next';
import { useContractDownload } from '../download-contract';
import { isRegisterUnavailable, RegisterUnavailableNotice } from '../register-unavailable';
import { Button } from '../../ui';
import styles from './signing.module.css';

/**
 * The contract as it will be signed, to read before signing: the server draws it up from the saved application, on
 * register facts it reads again when they are old; a register that does not answer is said here, with a retry.
 */
export function ContractPreview({ processId }: { processId: string }) {
  const { t } = useTranslation();
  const { download, isLoading, hasFailed, error } = useContractDownload(processId);
  const isRegisterSilent = hasFailed && isRegisterUnavailable(error);

  return (
    <div className={styles.contractPreview}>
      <Button variant="link" leadingIcon="download" isLoading={isLoading} onClick={() => void download()}>
        {t('APPLICATION.SIGNING.READ_CONTRACT')}
      </Button>
      <div role="alert" className={styles.startError}>
        {isRegisterSilent && <RegisterUnavailableNotice isAlert={false} onRetry={() => void download()} isRetrying={isLoading} />}
        {hasFailed && !isRegisterSilent && <p>{t('APPLICATION.SIGNING.READ_CONTRACT_FAILED')}</p>}
      </div>
    </div>
  );
}
