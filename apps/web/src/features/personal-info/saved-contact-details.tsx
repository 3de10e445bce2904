import type { Representative } from '@onboarding/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatBankDate, localeOf } from '../../lib/formats';
import { paths } from '../../lib/paths';
import { Button } from '../../ui';
import { useSavePersonalInformation } from './api/save-personal-information';
import styles from './personal-information-page.module.css';

export type SavedContactDetails = Representative & { email: string; phone: string; consentedAt: string };

/** Details a returning person need not type again: a confirmed address, a phone, and the consent with its date. */
export const savedContactDetailsOf = (representative: Representative): SavedContactDetails | null =>
  representative.email && representative.isEmailConfirmed && representative.phone && representative.hasConsentedToRegistryQueries && representative.consentedAt
    ? { ...representative, email: representative.email, phone: representative.phone, consentedAt: representative.consentedAt }
    : null;

/**
 * A returning person's contact details as facts (the confirmed address of their last application, the phone, the
 * consent as given with its date): Continue goes on, Change opens the form. Reading on in another language than the
 * saved one saves the new language, so the bank writes in the language the person now reads.
 */
export function SavedContactDetailsView({ details, onChange }: { details: SavedContactDetails; onChange: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const save = useSavePersonalInformation();
  const language = localeOf(i18n.resolvedLanguage);

  const proceed = async () => {
    if (details.language !== language) {
      try {
        await save.mutateAsync({ email: details.email, phone: details.phone, hasConsentedToRegistryQueries: true, language });
      } catch {
        // The error toast has told; the person may try again.
        return;
      }
    }
    await navigate(paths.chooseCompany);
  };

  return (
    <div className={styles.form}>
      <dl className={styles.saved}>
        <div>
          <dt>{t('PERSONAL_INFORMATION.EMAIL_LABEL')}</dt>
          <dd>
            {details.email} <span className={styles.confirmed}>{t('PERSONAL_INFORMATION.SAVED.CONFIRMED')}</span>
          </dd>
        </div>
        <div>
          <dt>{t('PERSONAL_INFORMATION.PHONE_LABEL')}</dt>
          <dd>{details.phone}</dd>
        </div>
      </dl>
      <p className={styles.note}>{t('PERSONAL_INFORMATION.SAVED.CONSENT_GIVEN', { date: formatBankDate(details.consentedAt, localeOf(i18n.language)) })}</p>
      <p className={styles.note}>{t('PERSONAL_INFORMATION.LANGUAGE_NOTE', { language: t(`LANGUAGES.${language}`) })}</p>
      <Button width="full" isLoading={save.isPending} onClick={() => void proceed()}>
        {t('PERSONAL_INFORMATION.CONTINUE')}
      </Button>
      <Button variant="secondary" width="full" onClick={onChange}>
        {t('PERSONAL_INFORMATION.SAVED.CHANGE')}
      </Button>
    </div>
  );
}
