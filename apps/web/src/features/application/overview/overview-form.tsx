import type { ApplicationOverview, ApplicationView } from '@onboarding/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldIssues } from '../../../lib/form-errors';
import { useApplicationLayout } from '../application-context';
import formStyles from '../fields/step-form.module.css';
import { StepActions } from '../step-actions';
import { useSaveStep } from '../use-save-step';
import { useStepDraft } from '../use-step-draft';
import { AdditionalInformationField } from './additional-information-field';
import { reviewQueryOptions, type Review } from './api/review';
import { ConfirmationField } from './confirmation-field';
import { ConnectionToEstoniaField } from './connection-to-estonia-field';
import { ContinueResult } from './continue-result';
import { focusFirstInvalid } from '../../../lib/fields/focus-first-invalid';
import { IdentificationLocationField } from './identification-location-field';
import { OVERVIEW_FIELDS, overviewResolver, type OverviewFormValues } from './overview-form-values';
import { TaxStatusFields } from './tax-status-fields';
import styles from './overview.module.css';

const FORM_ID = 'overview-form';

/** The review Continue got, and the form values it was for. */
type ContinueOutcome = { review: Review; valuesKey: string };
type FormError = 'invalid' | 'reviewFailed';

const noFocus = () => undefined;

/**
 * The overview step's own questions (docs/requirements.md section 3
 * "Overview"), validated by applicationOverviewSchema as the API validates it.
 * Continue saves the step the layout is at (AdditionalData or
 * ApplicationOverview), then asks the server to review the whole application:
 * complete, it leads to signing; otherwise it lists what is still missing.
 */
export type OverviewFormProps = {
  initialValues: OverviewFormValues;
  /** The form's values for what an application holds (a reloaded one, after another window saved). */
  valuesOf: (application: ApplicationView) => OverviewFormValues;
  /**
   * What the person checks before confirming: shown after the questions and before the confirmation, so the page
   * asks first and summarises last, and the confirmation is given over everything it confirms.
   */
  summary: ReactNode;
};

export function OverviewForm({ initialValues, valuesOf, summary }: OverviewFormProps) {
  const { t } = useTranslation();
  const { step, processId } = useApplicationLayout();
  const { save, isSaving } = useSaveStep();
  const queryClient = useQueryClient();
  // The questions and the confirmation, apart on the page: the first invalid field is looked for in both.
  const fieldsRef = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const [formError, setFormError] = useState<FormError | null>(null);
  const [outcome, setOutcome] = useState<ContinueOutcome | null>(null);
  // Each Continue shows its result afresh, so its heading takes focus again.
  const [attempt, setAttempt] = useState(0);
  const [isReviewing, setIsReviewing] = useState(false);
  // While a signing may be running the answers are locked: a change would be autosaved as a new
  // application version, and the server refuses a signature over an older one (contract_changed).
  const [isSigning, setIsSigning] = useState(false);
  const form = useForm<OverviewFormValues, unknown, ApplicationOverview>({
    resolver: overviewResolver,
    mode: 'onTouched',
    defaultValues: initialValues,
    // Focus follows the page's order (focusFirstInvalid), not the order fields were registered in.
    shouldFocusError: false,
  });
  const values = useWatch({ control: form.control });
  useStepDraft(step, values, { fromApplication: valuesOf, restore: (restored: OverviewFormValues) => form.reset(restored) });
  const valuesKey = JSON.stringify(values);
  // Continue has done its work: the application is complete as it stands, and the signing is open below.
  const isSigningOpen = outcome?.review.isComplete === true && outcome.valuesKey === valuesKey;

  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(fieldsRef.current);
  }, [focusRequest]);

  const onSubmit = form.handleSubmit(
    async (data) => {
      setFormError(null);
      setOutcome(null);
      const result = await save(data);
      if (result.status === 'invalid') {
        // Focus goes to the first invalid field in the page's order, not to the server's first issue.
        if (applyFieldIssues(result.fields, form.setError, noFocus, OVERVIEW_FIELDS)) setFocusRequest((count) => count + 1);
        else setFormError('invalid');
        return;
      }
      if (result.status !== 'saved') return;
      setIsReviewing(true);
      try {
        const review = await queryClient.fetchQuery(reviewQueryOptions(processId));
        setAttempt((count) => count + 1);
        setOutcome({ review, valuesKey });
      } catch {
        setFormError('reviewFailed');
      } finally {
        setIsReviewing(false);
      }
    },
    () => {
      setFormError(null);
      setOutcome(null);
      setFocusRequest((count) => count + 1);
    },
  );

  return (
    <>
      <FormProvider {...form}>
        <div ref={fieldsRef} className={styles.formParts}>
          <section aria-labelledby="overview-form-title" className={styles.formSection}>
            <h2 id="overview-form-title" className={styles.sectionTitle}>
              {t('APPLICATION.OVERVIEW.FORM_TITLE')}
            </h2>
            <form id={FORM_ID} className={formStyles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
              <fieldset disabled={isSigning} className={styles.formLock}>
                <AdditionalInformationField />
                <IdentificationLocationField />
                <ConnectionToEstoniaField />
                <TaxStatusFields />
              </fieldset>
            </form>
          </section>
          {summary}
          {/* Outside the form element, in it by the form attribute of Continue: the summary between holds links only. */}
          <div className={formStyles.form}>
            <fieldset disabled={isSigning} className={styles.formLock}>
              <ConfirmationField />
              <div aria-live="polite">
                {formError && (
                  <p className={formStyles.formError}>{t(formError === 'invalid' ? 'APPLICATION.OVERVIEW.FORM_ERROR' : 'APPLICATION.OVERVIEW.REVIEW_ERROR')}</p>
                )}
              </div>
              {!isSigningOpen && <StepActions formId={FORM_ID} isContinuing={isSaving || isReviewing || form.formState.isSubmitting} />}
            </fieldset>
          </div>
        </div>
      </FormProvider>
      {outcome && (
        <ContinueResult key={attempt} review={outcome.review} isForCurrentValues={outcome.valuesKey === valuesKey} onSigningActiveChange={setIsSigning} />
      )}
      {/* Once Continue has opened the signing, Back is the quiet way out under it, locked while a signing runs. */}
      {isSigningOpen && (
        <fieldset disabled={isSigning} className={styles.formLock}>
          <StepActions isContinueHidden />
        </fieldset>
      )}
    </>
  );
}
