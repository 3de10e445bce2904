import type { BankOffice } from '@onboarding/domain';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../ui';
import { useLocale } from '../../../lib/fields/options';
import styles from './overview.module.css';

export type OfficeDetailsProps = {
  office: BankOffice;
  /** A heading in the picker's list, so screen reader users can move from office to office; plain text elsewhere. */
  nameAs?: 'h3' | 'p';
  nameId?: string;
  /** The picker's tabs already say it; the chosen office on the page does not. */
  isTypeShown?: boolean;
};

/** An office's name, address, opening hours and, when it handles no cash, a cash-free badge. */
export function OfficeDetails({ office, nameAs: Name = 'p', nameId, isTypeShown = false }: OfficeDetailsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className={styles.officeDetails}>
      <div className={styles.officeNameRow}>
        <Name id={nameId} className={styles.officeName}>
          {office.name[locale]}
        </Name>
        {office.isCashFree && <Badge>{t('APPLICATION.OVERVIEW.IDENTIFICATION.CASH_FREE')}</Badge>}
      </div>
      {isTypeShown && <p className={styles.officeLine}>{t(`APPLICATION.OVERVIEW.IDENTIFICATION.TYPES.${office.type}`)}</p>}
      <p className={styles.officeLine}>
        {t('APPLICATION.OVERVIEW.IDENTIFICATION.ADDRESS', { address: office.address, postalCode: office.postalCode, city: office.city })}
      </p>
      <p className={styles.officeLine}>{t('APPLICATION.OVERVIEW.IDENTIFICATION.OPENING_HOURS', { hours: office.openingHours[locale] })}</p>
    </div>
  );
}
