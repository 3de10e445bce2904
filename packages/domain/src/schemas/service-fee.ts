import { z } from 'zod';

/** The largest service fee the product invoices, in euro cents (100 000 €): above it is a mistake, not a price. */
export const MAX_SERVICE_FEE_CENTS = 10_000_000;

/**
 * The invoice of the account opening service fee, as the applicant is shown it: one per application, issued with the
 * submission when the product holds the price and the account (SERVICE_FEE_EUR, SERVICE_FEE_IBAN), or by the bank's
 * FEE_INVOICED. Everything needed to pay it: the amount, the due date, the payee and its account, and the payment
 * reference that ties the payment to the application.
 */
export const serviceFeeInvoiceSchema = z.object({
  amountCents: z.number().int().min(1).max(MAX_SERVICE_FEE_CENTS),
  /** The last day to pay, yyyy-MM-dd. */
  dueDate: z.iso.date(),
  /** The application number with its 7-3-1 check digit (the Estonian payment reference). */
  paymentReference: z.string(),
  /**
   * The payee and its IBAN as the product is configured; null for an invoice the bank recorded while the product holds
   * no account (it then sends the invoice itself).
   */
  payee: z.object({ name: z.string(), iban: z.string() }).nullable(),
  /** When it was issued. */
  issuedAt: z.string(),
});
export type ServiceFeeInvoice = z.infer<typeof serviceFeeInvoiceSchema>;
