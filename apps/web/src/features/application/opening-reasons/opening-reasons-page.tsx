import { OPENING_REASONS, type ApplicationView, type OpeningReasons } from '@onboarding/domain';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationMessage } from '../../../lib/domain-resolver';
import { errorText } from '../../../lib/fields/use-field-messages';
import { applyFieldIssues } from '../../../lib/form-errors';
import { CheckboxGroup, Input } from '../../../ui';
import { useApplicationLayout, useSaveStep, useStepDraft, StepActions } from '..';
import layoutStyles from '../application-layout.module.css';
import { OPENING_REASONS_FIELDS, openingReasonsFormValues, openingReasonsResolver, type OpeningReasonsFormValues } from './opening-reasons-form';
import styles from '../fields/step-form.module.css';

const STEP = 'AccountOpeningReason';
const FORM_ID = 'opening-reasons-form';

/** Step 1 (docs/requirements.md section 3 "Opening reasons", section 5): why the company needs the account. */
export function OpeningReasonsPage() {
  const { t } = useTranslation();
  const { application } = useApplicationLayout();
  const { save, isSaving } = useSaveStep();
  const [formError, setFormError] = useState<string | null>(null);
  // A draft is newer than the saved step (saving a step clears its draft), so it wins: a reload shows what was typed.
  const valuesOf = (latest: ApplicationView) => openingReasonsFormValues(latest.drafts[STEP] ?? latest.steps[STEP]);
  const [defaultValues] = useState(() => valuesOf(application));

  const { control, register, handleSubmit, setError, setFocus, formState, reset } = useForm<OpeningReasonsFormValues, unknown, OpeningReasons>({
    resolver: openingReasonsResolver,
    mode: 'onTouched',
    defaultValues,
  });
  const { errors, touchedFields, isSubmitted } = formState;
  const values = useWatch({ control });
  useStepDraft(STEP, values, { fromApplication: valuesOf, restore: (restored: OpeningReasonsFormValues) => reset(restored) });
  const isOtherChosen = values.openingReasons?.includes('OTHER') ?? false;

  const onSubmit = handleSubmit(async (payload) => {
    setFormError(null);
    const result = await save(payload);
    if (result.status === 'invalid' && !applyFieldIssues(result.fields, setError, setFocus, OPENING_REASONS_FIELDS)) {
      setFormError(t('APPLICATION.OPENING_REASONS.SAVE_FAILED'));
    }
  });

  return (
    <section aria-labelledby="screen-title" className={layoutStyles.stepPage}>
      <h1 id="screen-title" className={layoutStyles.stepTitle} tabIndex={-1}>
        {t('SCREENS.OPENING_REASONS.TITLE')}
      </h1>
      <p className={styles.intro}>{t('APPLICATION.OPENING_REASONS.INTRO')}</p>
      <form id={FORM_ID} className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <Controller
          control={control}
          name="openingReasons"
          render={({ field, fieldState }) => (
            <CheckboxGroup
              variant="tiles"
              ref={field.ref}
              legend={t('APPLICATION.OPENING_REASONS.LEGEND')}
              hint={t('APPLICATION.OPENING_REASONS.HINT')}
              options={OPENING_REASONS.map((reason) => ({
                value: reason,
                label: t(`APPLICATION.OPENING_REASONS.REASONS.${reason}.LABEL`),
                hint: t(`APPLICATION.OPENING_REASONS.REASONS.${reason}.HINT`),
              }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errorText(t, errors.openingReasons)}
              isTouched={fieldState.isTouched || isSubmitted}
            />
          )}
        />
        {isOtherChosen && (
          <Input
            className={styles.revealed}
            label={t('APPLICATION.OPENING_REASONS.OTHER_REASON_LABEL')}
            error={validationMessage(t, errors.otherReason)}
            isTouched={Boolean(touchedFields.otherReason) || isSubmitted}
            {...register('otherReason')}
          />
        )}
        <div aria-live="polite">{formError && <p className={styles.formError}>{formError}</p>}</div>
        <StepActions formId={FORM_ID} isContinuing={isSaving || formState.isSubmitting} />
      </form>
    </section>
  );
}
