import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';
import { signInFlow } from './sign-in-flow';
import styles from './authentication-page.module.css';

export function IdCardSignIn({ eidUrl }: { eidUrl: string }) {
  const { t } = useTranslation();
  const [isLoading, setIsLoading] = useState(false);

  const signIn = async () => {
    setIsLoading(true);
    try {
      await signInFlow.signInWithIdCard(eidUrl);
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <div className={styles.form}>
      <p id="id-card-hint" className={styles.hint}>
        {t('AUTH.ID_CARD_HINT')}
      </p>
      <Button width="full" isLoading={isLoading} aria-describedby="id-card-hint" onClick={() => void signIn()}>
        {t('AUTH.ID_CARD_SUBMIT')}
      </Button>
    </div>
  );
}
