import { CASH_BANDS, CUSTOM_AMOUNT_MIN_EUROS, INCOME_BANDS, INCOME_SOURCES, type ApplicationView, type Incomes, type Locale } from '@onboarding/domain';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldError, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationMessage } from '../../../lib/domain-resolver';
import { applyFieldIssues } from '../../../lib/form-errors';
import { CheckboxGroup, Input, RadioGroup, type RadioOption } from '../../../ui';
import { StepActions, useApplicationLayout, useSaveStep, useStepDraft } from '..';
import layoutStyles from '../application-layout.module.css';
import { errorText } from '../../../lib/fields/use-field-messages';
import styles from '../fields/step-form.module.css';
import { localeOf } from '../../../lib/formats';
import { formatAmount, formatEuroRange, formatEuros, parseAmount } from '../fields/amounts';
import {
  CUSTOM,
  INCOMES_FIELDS,
  MONTHLY_AMOUNT_FIELDS,
  incomesFormValues,
  incomesResolver,
  toIncomesDraft,
  type IncomesFormValues,
  type MonthlyAmountField,
} from './incomes-form';

const STEP = 'Incomes';
const FORM_ID = 'incomes-form';
const EXAMPLE_AMOUNT = 750_000;

/**
 * The five bands with their meanings (docs/requirements.md section 3): a key is the band's upper bound, 500001 "over
 * 500 000".
 */
function incomeBandOptions(t: TFunction, locale: Locale): RadioOption[] {
  const bands: RadioOption[] = INCOME_BANDS.map((band, index) => {
    const previous = INCOME_BANDS[index - 1];
    if (previous === undefined) return { value: String(band), label: t('APPLICATION.INCOMES.BAND.UP_TO', { amount: formatEuros(band, locale) }) };
    if (index === INCOME_BANDS.length - 1) return { value: String(band), label: t('APPLICATION.INCOMES.BAND.OVER', { amount: formatEuros(previous, locale) }) };
    return { value: String(band), label: formatEuroRange(previous + 1, band, locale) };
  });
  const hint = t('APPLICATION.INCOMES.BAND.CUSTOM_HINT', { amount: formatEuros(CUSTOM_AMOUNT_MIN_EUROS - 1, locale) });
  return [...bands, { value: CUSTOM, label: t('APPLICATION.INCOMES.BAND.CUSTOM'), hint }];
}

/** Cash bands (docs/requirements.md section 3): 0 none, then ranges topping out at "more than 15 000 €". */
function cashBandOptions(t: TFunction, locale: Locale): RadioOption[] {
  return CASH_BANDS.map((band, index) => {
    const previous = CASH_BANDS[index - 1];
    if (band === 0) return { value: '0', label: t('APPLICATION.INCOMES.CASH.NONE') };
    if (previous === 0 || previous === undefined)
      return { value: String(band), label: t('APPLICATION.INCOMES.CASH.UP_TO', { amount: formatEuros(band, locale) }) };
    if (index === CASH_BANDS.length - 1)
      return { value: String(band), label: t('APPLICATION.INCOMES.CASH.MORE_THAN', { amount: formatEuros(previous, locale) }) };
    return { value: String(band), label: formatEuroRange(previous + 1, band, locale) };
  });
}

/** An amount's message with its numbers (max, minValue) in the page's format. */
function amountMessage(t: TFunction, error: FieldError | undefined, locale: Locale): string | undefined {
  if (!error) return undefined;
  const types = Object.fromEntries(
    Object.entries(error.types ?? {}).map(([key, value]) => [
      key,
      typeof value === 'string' && /^\d+$/.test(value) ? formatAmount(Number(value), locale) : value,
    ]),
  );
  return validationMessage(t, { message: error.message, types });
}

type MonthlyAmountProps = {
  name: MonthlyAmountField;
  legend: string;
  hint: string;
  customLabel: string;
  control: Control<IncomesFormValues, unknown, Incomes>;
  register: UseFormRegister<IncomesFormValues>;
  setValue: UseFormSetValue<IncomesFormValues>;
  locale: Locale;
  isSubmitted: boolean;
  error: { band?: FieldError; customAmount?: FieldError } | undefined;
  touched: { band?: boolean; customAmount?: boolean } | undefined;
};

/** One estimated monthly amount: a band, or another amount typed in whole euros. */
function MonthlyAmount({ name, legend, hint, customLabel, control, register, setValue, locale, isSubmitted, error, touched }: MonthlyAmountProps) {
  const { t } = useTranslation();
  const band = useWatch({ control, name: `${name}.band` });
  const amountField = register(`${name}.customAmount`, {
    onBlur: (event: { target: { value: string } }) => {
      // Typed "15000" reads back as "15 000" (et, ru) or "15,000" (en).
      const parsed = parseAmount(event.target.value, locale);
      if (parsed.kind === 'number' && Number.isSafeInteger(parsed.value)) {
        setValue(`${name}.customAmount`, formatAmount(parsed.value, locale), { shouldValidate: true });
      }
    },
  });
  return (
    <div className={styles.options}>
      <Controller
        control={control}
        name={`${name}.band`}
        render={({ field, fieldState }) => (
          <RadioGroup
            variant="tiles"
            ref={field.ref}
            legend={legend}
            hint={hint}
            name={field.name}
            options={incomeBandOptions(t, locale)}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={validationMessage(t, error?.band)}
            isTouched={fieldState.isTouched || isSubmitted}
          />
        )}
      />
      {band === CUSTOM && (
        <Input
          className={styles.revealed}
          label={customLabel}
          hint={t('APPLICATION.INCOMES.CUSTOM_AMOUNT_HINT', { example: formatAmount(EXAMPLE_AMOUNT, locale) })}
          inputMode="numeric"
          autoComplete="off"
          suffix="€"
          error={amountMessage(t, error?.customAmount, locale)}
          isTouched={Boolean(touched?.customAmount) || isSubmitted}
          {...amountField}
        />
      )}
    </div>
  );
}

/** Step 3 (docs/requirements.md section 3 "Incomes and expenses"): the company's expected turnover and where its money comes from. */
export function IncomesPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.resolvedLanguage);
  const { application } = useApplicationLayout();
  const { save, isSaving } = useSaveStep();
  const [formError, setFormError] = useState<string | null>(null);
  const languageRef = useRef(locale);
  // A draft is newer than the saved step (saving a step clears its draft), so it wins: a reload shows what was typed.
  const storedOf = (latest: ApplicationView) => latest.drafts[STEP] ?? latest.steps[STEP];
  const [defaultValues] = useState(() => incomesFormValues(storedOf(application), locale));
  const [resolver] = useState(() => incomesResolver(() => i18n.resolvedLanguage));

  const { control, register, handleSubmit, setError, setFocus, setValue, getValues, formState, reset } = useForm<IncomesFormValues, unknown, Incomes>({
    resolver,
    mode: 'onTouched',
    defaultValues,
  });
  const { errors, touchedFields, isSubmitted } = formState;
  const values = useWatch({ control });
  // Autosave keeps the amounts as numbers, whatever the page's language: the draft is the form's values read.
  useStepDraft(STEP, toIncomesDraft(values as Partial<IncomesFormValues>, locale), {
    fromApplication: (latest) => toIncomesDraft(incomesFormValues(storedOf(latest), locale), locale),
    restore: (draft) => reset(incomesFormValues(draft, locale)),
  });

  // A language change rewrites typed amounts in the new language's format, so they still read as the same number.
  useEffect(() => {
    const previous = languageRef.current;
    if (previous === locale) return;
    languageRef.current = locale;
    for (const name of MONTHLY_AMOUNT_FIELDS) {
      const parsed = parseAmount(getValues(`${name}.customAmount`), previous);
      if (parsed.kind === 'number' && Number.isSafeInteger(parsed.value)) setValue(`${name}.customAmount`, formatAmount(parsed.value, locale));
    }
  }, [locale, getValues, setValue]);

  const onSubmit = handleSubmit(async (payload) => {
    setFormError(null);
    const result = await save(payload);
    if (result.status === 'invalid' && !applyFieldIssues(result.fields, setError, setFocus, INCOMES_FIELDS)) {
      setFormError(t('APPLICATION.INCOMES.SAVE_FAILED'));
    }
  });

  const cashGroup = (name: 'monthlyCashDeposit' | 'monthlyCashWithdrawal', legend: string, hint: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RadioGroup
          variant="tiles"
          ref={field.ref}
          legend={legend}
          hint={hint}
          name={field.name}
          options={cashBandOptions(t, locale)}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={validationMessage(t, errors[name])}
          isTouched={fieldState.isTouched || isSubmitted}
        />
      )}
    />
  );

  const amountProps = { control, register, setValue, locale, isSubmitted };
  return (
    <section aria-labelledby="screen-title" className={layoutStyles.stepPage}>
      <h1 id="screen-title" className={layoutStyles.stepTitle} tabIndex={-1}>
        {t('SCREENS.INCOMES.TITLE')}
      </h1>
      <p className={styles.intro}>{t('APPLICATION.INCOMES.INTRO')}</p>
      <form id={FORM_ID} className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <MonthlyAmount
          {...amountProps}
          name="estimatedMonthlyIncome"
          legend={t('APPLICATION.INCOMES.INCOME_LEGEND')}
          hint={t('APPLICATION.INCOMES.INCOME_HINT')}
          customLabel={t('APPLICATION.INCOMES.CUSTOM_INCOME_LABEL')}
          error={errors.estimatedMonthlyIncome}
          touched={touchedFields.estimatedMonthlyIncome}
        />
        <MonthlyAmount
          {...amountProps}
          name="estimatedMonthlyPayments"
          legend={t('APPLICATION.INCOMES.PAYMENTS_LEGEND')}
          hint={t('APPLICATION.INCOMES.PAYMENTS_HINT')}
          customLabel={t('APPLICATION.INCOMES.CUSTOM_PAYMENTS_LABEL')}
          error={errors.estimatedMonthlyPayments}
          touched={touchedFields.estimatedMonthlyPayments}
        />
        {cashGroup('monthlyCashDeposit', t('APPLICATION.INCOMES.CASH_DEPOSIT_LEGEND'), t('APPLICATION.INCOMES.CASH_DEPOSIT_HINT'))}
        {cashGroup('monthlyCashWithdrawal', t('APPLICATION.INCOMES.CASH_WITHDRAWAL_LEGEND'), t('APPLICATION.INCOMES.CASH_WITHDRAWAL_HINT'))}
        <Controller
          control={control}
          name="incomeSources"
          render={({ field, fieldState }) => (
            <CheckboxGroup
              variant="tiles"
              ref={field.ref}
              legend={t('APPLICATION.INCOMES.SOURCES_LEGEND')}
              hint={t('APPLICATION.INCOMES.SOURCES_HINT')}
              options={INCOME_SOURCES.map((source) => ({
                value: source,
                label: t(`APPLICATION.INCOMES.SOURCES.${source}.LABEL`),
                hint: t(`APPLICATION.INCOMES.SOURCES.${source}.HINT`),
              }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errorText(t, errors.incomeSources)}
              isTouched={fieldState.isTouched || isSubmitted}
            />
          )}
        />
        <div aria-live="polite">{formError && <p className={styles.formError}>{formError}</p>}</div>
        <StepActions formId={FORM_ID} isContinuing={isSaving || formState.isSubmitting} />
      </form>
    </section>
  );
}
