import { useTranslation } from 'react-i18next';
import { useScreenTitleKey } from '../../app/use-screen-title';

/** Stands in for a screen whose issue has not landed yet: its title and one line. */
export function Component() {
  const { t } = useTranslation();
  const titleKey = useScreenTitleKey();
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title">{titleKey ? t(titleKey) : null}</h1>
      <p>{t('PLACEHOLDER.COMING_SOON')}</p>
    </section>
  );
}
