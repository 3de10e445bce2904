import { todayInEstonia, type Decision, type ServiceFeeInvoice } from '@onboarding/domain';
import type { ServiceFeeTerms } from '../../config.js';
import type { StoredServiceFeeInvoice } from '../../db/schema.js';
import { paymentReferenceOf } from '../mail/index.js';
import type { ApplicationRow } from './rows.js';

/** A day (yyyy-MM-dd) some days later. */
function daysAfter(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The invoice the product issues on its terms at a moment: due that many days after the day in Estonia. */
export const invoiceOnTerms = (terms: ServiceFeeTerms, issuedAt: Date): StoredServiceFeeInvoice => ({
  amountCents: terms.amountCents,
  dueDate: daysAfter(todayInEstonia(issuedAt), terms.dueDays),
  payee: terms.payee,
  issuedAt: issuedAt.toISOString(),
});

/**
 * The invoice of the bank's FEE_INVOICED: its amount and due date, paid to the account the product is configured with
 * (none: the bank sends the invoice itself). Never an account a request names: whoever holds a bank client's key must
 * not be able to have the applicants pay elsewhere.
 */
export const invoiceOfDecision = (
  decision: Extract<Decision, { type: 'FEE_INVOICED' }>,
  payee: ServiceFeeTerms['payee'] | null,
  issuedAt: Date,
): StoredServiceFeeInvoice => ({ amountCents: decision.amountCents, dueDate: decision.dueDate, payee, issuedAt: issuedAt.toISOString() });

/** The application's service fee invoice as the applicant and the bank are shown it, with its payment reference; null if none. */
export const serviceFeeInvoiceOf = (application: Pick<ApplicationRow, 'applicationNumber' | 'serviceFeeInvoice'>): ServiceFeeInvoice | null =>
  application.serviceFeeInvoice ? { ...application.serviceFeeInvoice, paymentReference: paymentReferenceOf(application.applicationNumber) } : null;
