import type { ApplicationView, CompanyData, RegisterCompanyLookup } from '@onboarding/domain';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldIssues } from '../../../lib/form-errors';
import { ErrorSummary, invalidFieldsIn, type ErrorSummaryItem } from '../../../ui';
import { StepActions } from '../step-actions';
import { useSaveStep } from '../use-save-step';
import { useStepDraft } from '../use-step-draft';
import { useApplicationLayout } from '../application-context';
import { ActivitySection } from './activity-section';
import { AddressesSection } from './addresses-section';
import { CompanySection } from './company-section';
import { ContactSection } from './contact-section';
import { companyFormResolver, FIELD_NAMES, type CompanyFormValues } from './form-values';
import { LicenseSection } from './license-section';
import { OtherFlagsSection } from './other-flags-section';
import { PartnersSection } from './partners-section';
import { RepresentationSection } from './representation-section';
import styles from '../../../lib/fields/form-layout.module.css';

export const COMPANY_FORM_ID = 'company-information-form';

export type CompanyInformationFormProps = {
  initialValues: CompanyFormValues;
  /** The form's values for what an application holds (a reloaded one, after another window saved). */
  valuesOf: (application: ApplicationView) => CompanyFormValues;
  register: RegisterCompanyLookup | undefined;
};

/**
 * The company data step (docs/requirements.md section 3): validated by
 * companyDataSchema as the API validates it; messages after touch or Continue;
 * Continue focuses the first invalid field, or saves and opens the next step; a
 * server error goes on its field. Typing is autosaved as a draft.
 */
export function CompanyInformationForm({ initialValues, valuesOf, register }: CompanyInformationFormProps) {
  const { t, i18n } = useTranslation();
  const { step, application } = useApplicationLayout();
  const { save, isSaving } = useSaveStep();
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const [hasGeneralError, setHasGeneralError] = useState(false);
  // The page is long (about 3,400 px): after Continue with errors a summary at the top lists them, each a link.
  const [summary, setSummary] = useState<ErrorSummaryItem[]>([]);
  const summaryRef = useRef<HTMLDivElement>(null);
  const form = useForm<CompanyFormValues, unknown, CompanyData>({
    resolver: companyFormResolver,
    mode: 'onTouched',
    defaultValues: initialValues,
    // Focus follows the page's order (focusFirstInvalid), not the order fields were registered in.
    shouldFocusError: false,
  });
  const values = useWatch({ control: form.control });
  useStepDraft(step, values, { fromApplication: valuesOf, restore: (restored: CompanyFormValues) => form.reset(restored) });

  // Each Continue with errors: the summary lists what the fields now show, and takes focus, which scrolls to it.
  useEffect(() => {
    if (focusRequest === 0) return;
    // Once the fields have drawn their messages.
    const frame = requestAnimationFrame(() => setSummary(invalidFieldsIn(formRef.current)));
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);
  // Another language: the fields say the same in it, and so does the summary, without taking focus.
  useEffect(() => {
    if (focusRequest === 0) return;
    const frame = requestAnimationFrame(() => setSummary((shown) => (shown.length === 0 ? shown : invalidFieldsIn(formRef.current))));
    return () => cancelAnimationFrame(frame);
    // focusRequest is read, not followed: the effect above answers a Continue.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language]);
  const focusedRequest = useRef(0);
  useEffect(() => {
    if (focusRequest === focusedRequest.current || summary.length === 0) return;
    focusedRequest.current = focusRequest;
    // Focus scrolls the summary into view and has a screen reader read it; again after a second Continue too.
    summaryRef.current?.blur();
    summaryRef.current?.focus();
  }, [summary, focusRequest]);

  const onSubmit = form.handleSubmit(
    async (data) => {
      setHasGeneralError(false);
      // The company is the application's as last loaded (the register may have renamed it), never the form's.
      const { businessName, registryCode, registryCountryCode } = application.company;
      const result = await save({ ...data, businessName, registryCode: registryCode ?? undefined, registryCountryCode });
      if (result.status !== 'invalid') return;
      if (applyFieldIssues(result.fields, form.setError, form.setFocus, FIELD_NAMES)) setFocusRequest((count) => count + 1);
      else setHasGeneralError(true);
    },
    () => {
      setHasGeneralError(false);
      setFocusRequest((count) => count + 1);
    },
  );

  return (
    <FormProvider {...form}>
      <form id={COMPANY_FORM_ID} ref={formRef} className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <ErrorSummary ref={summaryRef} title={t('APPLICATION.COMPANY_INFORMATION.ERROR_SUMMARY')} items={summary} />
        <CompanySection />
        <RepresentationSection />
        <ContactSection />
        <ActivitySection register={register} />
        <AddressesSection register={register} />
        <LicenseSection />
        <PartnersSection />
        <OtherFlagsSection />
        <div aria-live="polite">{hasGeneralError && <p className={styles.formError}>{t('APPLICATION.COMPANY_INFORMATION.FORM_ERROR')}</p>}</div>
        <StepActions formId={COMPANY_FORM_ID} isContinuing={isSaving || form.formState.isSubmitting} />
      </form>
    </FormProvider>
  );
}
