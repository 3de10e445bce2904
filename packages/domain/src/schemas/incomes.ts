import { z } from 'zod';
import { CASH_BANDS, CUSTOM_AMOUNT_MIN_EUROS, INCOME_BANDS, type IncomeBand } from '../constants.js';
import { validationIssue } from '../validation/codes.js';
import { validationErrorMap as error } from '../validation/zod-issues.js';
import { addValidationIssue, euros, list, object, oneOf, whenValid } from './fields.js';

/** Income sources (docs/requirements.md section 3). */
export const INCOME_SOURCES = ['BUSINESS_ACTIVITY', 'PARTNER', 'SUPPLIER', 'OTHER'] as const;
export type IncomeSource = (typeof INCOME_SOURCES)[number];

/** The band a whole-euro amount falls in (docs/requirements.md section 3 band meanings). */
export const incomeBandOf = (amount: number): IncomeBand => INCOME_BANDS.find((band, index) => index === INCOME_BANDS.length - 1 || amount <= band) ?? 500001;

/**
 * An estimated monthly amount is either a band key or a custom amount in
 * whole euros (docs/requirements.md section 3), never both and never a float.
 * The custom amount is the exact figure above the highest band's lower
 * bound: below it a band already says it.
 */
export const monthlyAmountSchema = object({
  band: z.literal(INCOME_BANDS, { error }).optional(),
  customAmount: euros(CUSTOM_AMOUNT_MIN_EUROS).optional(),
}).superRefine(
  (value, ctx) => {
    const count = Number(value.band !== undefined) + Number(value.customAmount !== undefined);
    if (count === 0) addValidationIssue(ctx, validationIssue('required'), ['band']);
    if (count === 2) addValidationIssue(ctx, validationIssue('incorrectValue'), ['customAmount']);
  },
  whenValid('band', 'customAmount'),
);
export type MonthlyAmount = z.infer<typeof monthlyAmountSchema>;

const cashBand = () => z.literal(CASH_BANDS, { error });

/** The incomes step (docs/requirements.md section 3 "Incomes and expenses"). */
export const incomesSchema = object({
  estimatedMonthlyIncome: monthlyAmountSchema,
  estimatedMonthlyPayments: monthlyAmountSchema,
  monthlyCashDeposit: cashBand(),
  monthlyCashWithdrawal: cashBand(),
  incomeSources: list(oneOf(INCOME_SOURCES), { max: INCOME_SOURCES.length }),
}).superRefine((incomes, ctx) => {
  // docs/requirements.md section 5: "Received payments not marked (income source)".
  if (incomes.incomeSources.length === 0) {
    addValidationIssue(ctx, validationIssue('receivedPaymentsNotMarked'), ['incomeSources']);
  }
}, whenValid('incomeSources'));
export type Incomes = z.infer<typeof incomesSchema>;
export type IncomesInput = z.input<typeof incomesSchema>;
