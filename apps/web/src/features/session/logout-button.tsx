import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasAccessToken } from '../../lib/use-has-access-token';
import { Button } from '../../ui';
import { useEndSession } from './use-end-session';

/** Shown while someone is signed in; docs/requirements.md section 2: logout goes to authentication with a success toast. */
export function LogoutButton() {
  const { t } = useTranslation();
  const isSignedIn = useHasAccessToken();
  const endSession = useEndSession();
  const [isLoading, setIsLoading] = useState(false);
  if (!isSignedIn) return null;

  const logout = async () => {
    setIsLoading(true);
    try {
      await endSession('logout');
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <Button variant="tertiary" size="small" isLoading={isLoading} onClick={() => void logout()}>
      {t('SESSION.LOGOUT')}
    </Button>
  );
}
