import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/country-name';
import { RegisterFacts } from '../../../lib/fields/register-facts';
import { useApplicationLayout } from '../application-context';
import styles from '../../../lib/fields/form-layout.module.css';
import factStyles from '../fields/facts.module.css';

/**
 * Business name, registry code and registry country: the application's company, fixed when the application was
 * started (from the Business Register, or as typed then), so shown here and not edited. The form sends them as they are.
 */
export function CompanySection() {
  const { t, i18n } = useTranslation();
  const { company } = useApplicationLayout().application;
  const isFromRegister = company.legalForm !== null && company.legalForm !== undefined;
  const facts = (
    <dl className={factStyles.facts}>
      <div>
        <dt>{t('APPLICATION.COMPANY_INFORMATION.FIELDS.BUSINESS_NAME')}</dt>
        <dd>{company.businessName}</dd>
      </div>
      <div>
        <dt>{t('APPLICATION.COMPANY_INFORMATION.COMPANY_REGISTRY_CODE')}</dt>
        <dd>{company.registryCode ?? t('APPLICATION.COMPANY_INFORMATION.NO_REGISTRY_CODE')}</dd>
      </div>
      <div>
        <dt>{t('APPLICATION.COMPANY_INFORMATION.FIELDS.REGISTRY_COUNTRY')}</dt>
        <dd>{countryName(company.registryCountryCode, i18n.language)}</dd>
      </div>
    </dl>
  );
  return (
    <section className={styles.section} aria-labelledby="company-section-title">
      <h2 id="company-section-title" className={styles.legend}>
        {t('APPLICATION.COMPANY_INFORMATION.SECTIONS.COMPANY')}
      </h2>
      {isFromRegister ? (
        <RegisterFacts note={t('APPLICATION.COMPANY_INFORMATION.COMPANY_FROM_REGISTER')}>{facts}</RegisterFacts>
      ) : (
        <>
          {facts}
          <p className={styles.note}>{t('APPLICATION.COMPANY_INFORMATION.COMPANY_AS_ENTERED')}</p>
        </>
      )}
    </section>
  );
}
