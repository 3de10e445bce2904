import { isLocale } from '@onboarding/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { readPageSettings } from '../lib/page-settings';
import styles from './language-switcher.module.css';

/**
 * ET, EN, RU (docs/requirements.md section 2). Each name is in its own language, so it carries
 * its own lang. The accessible name starts with the visible code (WCAG 2.5.3, label in name):
 * "ET, Eesti keel". Only the page's locales the app has texts for are offered: each has its name
 * under LANGUAGES.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { locales } = readPageSettings();

  const choose = (locale: string) => {
    void i18n.changeLanguage(locale);
    // The query parameter would override the choice on the next load; the choice is now stored.
    if (searchParams.has('lang')) {
      const next = new URLSearchParams(searchParams);
      next.delete('lang');
      setSearchParams(next, { replace: true });
    }
  };

  return (
    <nav aria-label={t('LAYOUT.LANGUAGE_SWITCHER')} className={styles.switcher}>
      <ul className={styles.list}>
        {locales.filter(isLocale).map((locale) => {
          const isCurrent = i18n.language === locale;
          return (
            <li key={locale}>
              <button
                type="button"
                lang={locale}
                className={styles.option}
                aria-current={isCurrent ? 'true' : undefined}
                aria-label={`${locale.toUpperCase()}, ${t(`LANGUAGES.${locale}`)}`}
                onClick={() => choose(locale)}
              >
                {locale.toUpperCase()}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
