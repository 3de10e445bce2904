import type { ApplicationView, CompanyData, RegisterCompanyLookup } from '@onboarding/domain';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldIssues } from '../../../lib/form-errors';
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
import styles from '../fields/form-layout.module.css';

export const COMPANY_FORM_ID = 'company-information-form';

/** Focuses the first field the page shows as invalid, in reading order; a radio group's checked (or first) radio. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  const target = invalid instanceof HTMLFieldSetElement ? (invalid.querySelector<HTMLElement>('input:checked') ?? invalid.querySelector<HTMLElement>('input')) : invalid;
  target?.focus();
}

export type CompanyInformationFormProps = {
  initialValues: CompanyFormValues;
  /** The form's values for what an application holds (a reloaded one, after another window saved). */
  valuesOf: (application: ApplicationView) => CompanyFormValues;
  register: RegisterCompanyLookup | undefined;
};

/**
 * The company data step (SPEC.md section 3): validated by companyDataSchema
 * as the API validates it; messages after touch or Continue; Continue focuses
 * the first invalid field, or saves and opens the next step; a server error
 * goes on its field. Typing is autosaved as a draft.
 */
export function CompanyInformationForm({ initialValues, valuesOf, register }: CompanyInformationFormProps) {
  const { t } = useTranslation();
  const { step, application } = useApplicationLayout();
  const { save, isSaving } = useSaveStep();
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const [hasGeneralError, setHasGeneralError] = useState(false);
  const form = useForm<CompanyFormValues, unknown, CompanyData>({
    resolver: companyFormResolver,
    mode: 'onTouched',
    defaultValues: initialValues,
    // Focus follows the page's order (focusFirstInvalid), not the order fields were registered in.
    shouldFocusError: false,
  });
  const values = useWatch({ control: form.control });
  useStepDraft(step, values, { fromApplication: valuesOf, restore: (restored: CompanyFormValues) => form.reset(restored) });

  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current);
  }, [focusRequest]);

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
