import { z } from 'zod';
import { CASH_BANDS, INCOME_BANDS } from '../constants.js';
import { INCOME_SOURCES, type IncomesInput } from '../schemas/incomes.js';
import { draftChoices, draftObject } from './draft-fields.js';

/** A monthly amount: a band, or a custom amount (kept as typed while it is not a number yet). */
export const monthlyAmountDraftSchema = draftObject({
  band: z.literal(INCOME_BANDS).optional().catch(undefined),
  customAmount: z
    .union([z.number().refine(Number.isFinite), z.string()])
    .optional()
    .catch(undefined),
});
export type MonthlyAmountDraft = z.output<typeof monthlyAmountDraftSchema>;

const cashBandDraft = () => z.literal(CASH_BANDS).optional().catch(undefined);

/**
 * The incomes step as autosave keeps it: the schema's shape, with a custom
 * amount that is not a number yet kept as its text. The form shows the
 * amounts in the page's language, so it reads them from here.
 */
export const incomesDraftSchema = draftObject({
  estimatedMonthlyIncome: monthlyAmountDraftSchema,
  estimatedMonthlyPayments: monthlyAmountDraftSchema,
  monthlyCashDeposit: cashBandDraft(),
  monthlyCashWithdrawal: cashBandDraft(),
  incomeSources: draftChoices(INCOME_SOURCES),
} satisfies Record<keyof IncomesInput, z.ZodType>);
export type IncomesDraft = z.output<typeof incomesDraftSchema>;
