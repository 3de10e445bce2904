import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInPerson } from '../../lib/use-signed-in-person';
import { Button } from '../../ui';
import { useEndSession } from './use-end-session';

/** Shown while someone is signed in; SPEC.md section 2: logout goes to authentication with a success toast. */
export function LogoutButton() {
  const { t } = useTranslation();
  const person = useSignedInPerson();
  const endSession = useEndSession();
  const [isLoading, setIsLoading] = useState(false);
  if (!person) return null;

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
