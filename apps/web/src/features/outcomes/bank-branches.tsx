import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBankOffices } from '../../lib/bank-offices';
import { localeOf } from '../../lib/formats';
import { SupportContacts } from '../../lib/support-contacts';
import styles from './bank-branches.module.css';

/**
 * The way to an office for an outcome that only an office can settle (a minor with a parent, a new identity
 * document): the bank's branches with their addresses and hours, and whom to ask before coming. The list loads
 * with the page; while it cannot, the contacts still say how to find one.
 */
export function BankBranches() {
  const { t, i18n } = useTranslation();
  const offices = useBankOffices();
  const titleId = useId();
  const locale = localeOf(i18n.language);
  const branches = offices.data?.filter((office) => office.type === 'BRANCH') ?? [];
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('OUTCOMES.BRANCHES.TITLE')}
      </h2>
      {branches.length > 0 && (
        <ul className={styles.list}>
          {branches.map((office) => (
            <li key={office.id} className={styles.branch}>
              <p className={styles.name}>{office.name[locale]}</p>
              <p>{t('APPLICATION.OVERVIEW.IDENTIFICATION.ADDRESS', { address: office.address, postalCode: office.postalCode, city: office.city })}</p>
              <p className={styles.hours}>{t('APPLICATION.OVERVIEW.IDENTIFICATION.OPENING_HOURS', { hours: office.openingHours[locale] })}</p>
            </li>
          ))}
        </ul>
      )}
      <p>
        <SupportContacts i18nKey="OUTCOMES.BRANCHES.CONTACT" />
      </p>
    </section>
  );
}
