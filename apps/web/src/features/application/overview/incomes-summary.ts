import { CASH_BANDS, INCOME_BANDS, incomesSchema, type CashBand, type Locale, type MonthlyAmount } from '@onboarding/domain';
import type { TFunction } from 'i18next';
import { formatEuroRange, formatEuros } from '../fields/amounts';
import type { SummaryRows } from './summary-row';

const INCOMES = 'APPLICATION.INCOMES';

/** A band as the incomes screen words it (docs/requirements.md section 3 band meanings); a custom amount in euros. */
function monthlyAmountText(amount: MonthlyAmount, t: TFunction, locale: Locale): string {
  if (amount.customAmount !== undefined) return formatEuros(amount.customAmount, locale);
  const index = INCOME_BANDS.findIndex((band) => band === amount.band);
  const band = INCOME_BANDS[index];
  const previous = INCOME_BANDS[index - 1];
  if (band === undefined) return '';
  if (previous === undefined) return t(`${INCOMES}.BAND.UP_TO`, { amount: formatEuros(band, locale) });
  if (index === INCOME_BANDS.length - 1) return t(`${INCOMES}.BAND.OVER`, { amount: formatEuros(previous, locale) });
  return formatEuroRange(previous + 1, band, locale);
}

/** A cash band as the incomes screen words it: none, ranges, then "more than 15 000 €". */
function cashBandText(band: CashBand, t: TFunction, locale: Locale): string {
  const index = CASH_BANDS.indexOf(band);
  const previous = CASH_BANDS[index - 1];
  if (band === 0) return t(`${INCOMES}.CASH.NONE`);
  if (previous === 0 || previous === undefined) return t(`${INCOMES}.CASH.UP_TO`, { amount: formatEuros(band, locale) });
  if (index === CASH_BANDS.length - 1) return t(`${INCOMES}.CASH.MORE_THAN`, { amount: formatEuros(previous, locale) });
  return formatEuroRange(previous + 1, band, locale);
}

/** The incomes step with the incomes screen's legends and amounts in the page's language. */
export function incomesRows(data: unknown, t: TFunction, locale: Locale): SummaryRows {
  const parsed = incomesSchema.safeParse(data);
  if (!parsed.success) return null;
  const incomes = parsed.data;
  return [
    { id: 'estimatedMonthlyIncome', label: t(`${INCOMES}.INCOME_LEGEND`), value: monthlyAmountText(incomes.estimatedMonthlyIncome, t, locale) },
    { id: 'estimatedMonthlyPayments', label: t(`${INCOMES}.PAYMENTS_LEGEND`), value: monthlyAmountText(incomes.estimatedMonthlyPayments, t, locale) },
    { id: 'monthlyCashDeposit', label: t(`${INCOMES}.CASH_DEPOSIT_LEGEND`), value: cashBandText(incomes.monthlyCashDeposit, t, locale) },
    { id: 'monthlyCashWithdrawal', label: t(`${INCOMES}.CASH_WITHDRAWAL_LEGEND`), value: cashBandText(incomes.monthlyCashWithdrawal, t, locale) },
    { id: 'incomeSources', label: t(`${INCOMES}.SOURCES_LEGEND`), value: incomes.incomeSources.map((source) => t(`${INCOMES}.SOURCES.${source}.LABEL`)) },
  ];
}
