import type { ServiceFeeInvoice } from '@onboarding/domain';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, formatEuroCents, formatIban, localeOf } from '../../lib/formats';
import styles from './service-fee-invoice.module.css';

/**
 * The service fee's invoice, while it is to be paid: the amount, the due date, the payee and its account, and the
 * payment reference, as the invoice mail gives them. The page the applicant signs in to is where to check an account
 * a mail names: a mail can be forged, this page cannot. An invoice the bank recorded without the product holding its
 * account says where the account is: on the bank's own invoice.
 */
export function ServiceFeeInvoiceSection({ invoice }: { invoice: ServiceFeeInvoice }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  return (
    <section aria-labelledby="service-fee-invoice-title" className={styles.section}>
      <h2 id="service-fee-invoice-title" className={styles.title}>
        {t('SUCCESS.INVOICE.TITLE')}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('SUCCESS.INVOICE.AMOUNT')}</dt>
          <dd>{formatEuroCents(invoice.amountCents, locale)}</dd>
        </div>
        <div>
          <dt>{t('SUCCESS.INVOICE.DUE_DATE')}</dt>
          <dd>
            <time dateTime={invoice.dueDate}>{formatCalendarDate(invoice.dueDate, locale)}</time>
          </dd>
        </div>
        {invoice.payee && (
          <>
            <div>
              <dt>{t('SUCCESS.INVOICE.PAYEE')}</dt>
              <dd>{invoice.payee.name}</dd>
            </div>
            <div>
              <dt>{t('SUCCESS.INVOICE.PAYEE_ACCOUNT')}</dt>
              <dd className={styles.code}>{formatIban(invoice.payee.iban)}</dd>
            </div>
          </>
        )}
        <div>
          <dt>{t('SUCCESS.INVOICE.REFERENCE')}</dt>
          <dd className={styles.code}>{invoice.paymentReference}</dd>
        </div>
      </dl>
      <p className={styles.muted}>{t(invoice.payee ? 'SUCCESS.INVOICE.NOTE' : 'SUCCESS.INVOICE.NOTE_BANK_ACCOUNT')}</p>
    </section>
  );
}
