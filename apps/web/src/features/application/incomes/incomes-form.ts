import {
  incomesDraftSchema,
  incomesSchema,
  parseWithIssues,
  type FieldIssue,
  type Incomes,
  type IncomesDraft,
  type IncomesInput,
  type IncomeSource,
  type Locale,
  type MonthlyAmountDraft,
} from '@onboarding/domain';
import type { Resolver } from 'react-hook-form';
import { toFieldErrors } from '../../../lib/domain-resolver';
import { localeOf } from '../../../lib/formats';
import { formatAmount, parseAmount } from '../fields/amounts';

/** The radio value that reveals the custom amount field. */
export const CUSTOM = 'custom';

export const MONTHLY_AMOUNT_FIELDS = ['estimatedMonthlyIncome', 'estimatedMonthlyPayments'] as const;
export type MonthlyAmountField = (typeof MONTHLY_AMOUNT_FIELDS)[number];

/** A monthly amount as the form holds it: the chosen radio ('' none, a band key, or CUSTOM) and the typed amount. */
export type MonthlyAmountFormValue = { band: string; customAmount: string };

export type IncomesFormValues = {
  estimatedMonthlyIncome: MonthlyAmountFormValue;
  estimatedMonthlyPayments: MonthlyAmountFormValue;
  /** '' or a cash band key as text. */
  monthlyCashDeposit: string;
  monthlyCashWithdrawal: string;
  incomeSources: IncomeSource[];
};

export const INCOMES_FIELDS = [...MONTHLY_AMOUNT_FIELDS, 'monthlyCashDeposit', 'monthlyCashWithdrawal', 'incomeSources'] as const;

type MonthlyAmountPayload = IncomesInput['estimatedMonthlyIncome'];

function monthlyAmountFormValue(amount: MonthlyAmountDraft, locale: Locale): MonthlyAmountFormValue {
  if (amount.band !== undefined) return { band: String(amount.band), customAmount: '' };
  if (amount.customAmount === undefined) return { band: '', customAmount: '' };
  const text = typeof amount.customAmount === 'number' ? formatAmount(amount.customAmount, locale) : amount.customAmount;
  return { band: CUSTOM, customAmount: text };
}

/** Form values from saved step data or a draft (both shaped like the schema); anything unknown is left out. */
export function incomesFormValues(data: unknown, locale: Locale): IncomesFormValues {
  const draft = incomesDraftSchema.parse(data);
  return {
    estimatedMonthlyIncome: monthlyAmountFormValue(draft.estimatedMonthlyIncome, locale),
    estimatedMonthlyPayments: monthlyAmountFormValue(draft.estimatedMonthlyPayments, locale),
    monthlyCashDeposit: draft.monthlyCashDeposit === undefined ? '' : String(draft.monthlyCashDeposit),
    monthlyCashWithdrawal: draft.monthlyCashWithdrawal === undefined ? '' : String(draft.monthlyCashWithdrawal),
    incomeSources: draft.incomeSources,
  };
}

const cashBand = (value: string): number | undefined => (value === '' ? undefined : Number(value));

function monthlyAmountDraft(value: MonthlyAmountFormValue | undefined, locale: Locale): { band?: number; customAmount?: number | string } {
  if (!value || value.band === '') return {};
  if (value.band !== CUSTOM) return { band: Number(value.band) };
  const parsed = parseAmount(value.customAmount, locale);
  return { customAmount: parsed.kind === 'number' ? parsed.value : value.customAmount };
}

/** What autosave keeps: the schema's shape, with a custom amount that is not a number yet kept as typed. */
export function toIncomesDraft(values: Partial<IncomesFormValues>, locale: Locale): IncomesDraft {
  const deposit = cashBand(values.monthlyCashDeposit ?? '');
  const withdrawal = cashBand(values.monthlyCashWithdrawal ?? '');
  return incomesDraftSchema.parse({
    estimatedMonthlyIncome: monthlyAmountDraft(values.estimatedMonthlyIncome, locale),
    estimatedMonthlyPayments: monthlyAmountDraft(values.estimatedMonthlyPayments, locale),
    ...(deposit === undefined ? {} : { monthlyCashDeposit: deposit }),
    ...(withdrawal === undefined ? {} : { monthlyCashWithdrawal: withdrawal }),
    incomeSources: values.incomeSources ?? [],
  });
}

function monthlyAmountPayload(value: MonthlyAmountFormValue, locale: Locale): { payload: MonthlyAmountPayload; isUnreadable: boolean } {
  if (value.band === '') return { payload: {}, isUnreadable: false };
  if (value.band !== CUSTOM) return { payload: { band: Number(value.band) as MonthlyAmountPayload['band'] }, isUnreadable: false };
  const parsed = parseAmount(value.customAmount, locale);
  if (parsed.kind === 'empty') return { payload: {}, isUnreadable: false };
  if (parsed.kind === 'invalid') return { payload: { customAmount: Number.NaN }, isUnreadable: true };
  return { payload: { customAmount: parsed.value }, isUnreadable: false };
}

/** The step data the form sends: the chosen band or the amount as a number, the cash bands as numbers. */
export function toIncomesPayload(values: IncomesFormValues, locale: Locale): IncomesInput {
  return {
    estimatedMonthlyIncome: monthlyAmountPayload(values.estimatedMonthlyIncome, locale).payload,
    estimatedMonthlyPayments: monthlyAmountPayload(values.estimatedMonthlyPayments, locale).payload,
    monthlyCashDeposit: cashBand(values.monthlyCashDeposit) as IncomesInput['monthlyCashDeposit'],
    monthlyCashWithdrawal: cashBand(values.monthlyCashWithdrawal) as IncomesInput['monthlyCashWithdrawal'],
    incomeSources: values.incomeSources,
  };
}

/**
 * Checks the form with the domain schema, on the payload it would send.
 * Two things the schema cannot see from a payload are added here: text
 * that is no number at all is an invalid amount
 * (docs/requirements.md section 5), and "required" for a chosen custom amount
 * left empty goes on its field.
 */
export function validateIncomes(values: IncomesFormValues, locale: Locale): { success: true; data: Incomes } | { success: false; issues: FieldIssue[] } {
  const unreadable = new Set(MONTHLY_AMOUNT_FIELDS.filter((field) => monthlyAmountPayload(values[field], locale).isUnreadable));
  const payload = toIncomesPayload(values, locale);
  const result = parseWithIssues(incomesSchema, payload);
  if (result.success) return result;
  const issues = result.issues.map((issue): FieldIssue => {
    const [field, part] = issue.path.split('.');
    if (part === 'customAmount' && unreadable.has(field as MonthlyAmountField)) return { ...issue, code: 'invalidAmount', params: {} };
    const isCustom = MONTHLY_AMOUNT_FIELDS.some((name) => name === field && values[name].band === CUSTOM);
    if (part === 'band' && isCustom) return { ...issue, path: `${field}.customAmount` };
    return issue;
  });
  return { success: false, issues };
}

/** A react-hook-form resolver over validateIncomes, errors in domainResolver's shape. */
export function incomesResolver(language: () => string | undefined): Resolver<IncomesFormValues, unknown, Incomes> {
  return (values, _context, options) => {
    const result = validateIncomes(values, localeOf(language()));
    return result.success ? { values: result.data, errors: {} } : { values: {}, errors: toFieldErrors(result.issues, options) };
  };
}
