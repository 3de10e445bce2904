import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchContract, saveFile } from '../../../../lib/download-contract';
import { Button } from '../../../../ui';
import { useApplicationLayout } from '../../application-context';
import styles from './signing.module.css';

/** The contract as it will be signed, to read before signing: the server draws it up from the saved application. */
export function ContractPreview() {
  const { t } = useTranslation();
  const { processId } = useApplicationLayout();
  const [isLoading, setIsLoading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);

  const open = async () => {
    setIsLoading(true);
    setHasFailed(false);
    try {
      const { blob, filename } = await fetchContract(processId);
      saveFile(blob, filename);
    } catch {
      setHasFailed(true);
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <div className={styles.contractPreview}>
      <Button variant="link" leadingIcon="download" isLoading={isLoading} onClick={() => void open()}>
        {t('APPLICATION.SIGNING.READ_CONTRACT')}
      </Button>
      <div role="alert" className={styles.startError}>
        {hasFailed && <p>{t('APPLICATION.SIGNING.READ_CONTRACT_FAILED')}</p>}
      </div>
    </div>
  );
}
