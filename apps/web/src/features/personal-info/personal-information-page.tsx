import { useTranslation } from 'react-i18next';
import { useSignedInPerson } from '../../lib/use-signed-in-person';

/** SPEC.md section 2: /personal-information. The greeting for now; e-mail and phone come with the applications issue. */
export function Component() {
  const { t } = useTranslation();
  const person = useSignedInPerson();
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" tabIndex={-1}>
        {t('SCREENS.PERSONAL_INFORMATION.TITLE')}
      </h1>
      {person && <p>{t('SCREENS.PERSONAL_INFORMATION.GREETING', { name: `${person.givenName} ${person.surname}` })}</p>}
      <p>{t('PLACEHOLDER.COMING_SOON')}</p>
    </section>
  );
}
