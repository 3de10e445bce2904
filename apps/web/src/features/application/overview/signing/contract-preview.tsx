import { useTranslation } from 'react-i18next';
import { useContractDownload } from '../../../../lib/download-contract';
import { Button } from '../../../../ui';
import { useApplicationLayout } from '../../application-context';
import styles from './signing.module.css';

/** The contract as it will be signed, to read before signing: the server draws it up from the saved application. */
export function ContractPreview() {
  const { t } = useTranslation();
  const { processId } = useApplicationLayout();
  const { download, isLoading, hasFailed } = useContractDownload(processId);

  return (
    <div className={styles.contractPreview}>
      <Button variant="link" leadingIcon="download" isLoading={isLoading} onClick={() => void download()}>
        {t('APPLICATION.SIGNING.READ_CONTRACT')}
      </Button>
      <div role="alert" className={styles.startError}>
        {hasFailed && <p>{t('APPLICATION.SIGNING.READ_CONTRACT_FAILED')}</p>}
      </div>
    </div>
  );
}
