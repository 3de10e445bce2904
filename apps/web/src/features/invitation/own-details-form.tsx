import { OWN_DETAILS_FIELDS, type OwnDetails } from '@onboarding/domain';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-errors';
import { CountryField } from '../../lib/person-fields/country-field';
import { focusFirstInvalid } from '../../lib/fields/focus-first-invalid';
import { applyFieldIssues } from '../../lib/form-errors';
import { formPathOf, ownDetailsFormValues, ownDetailsResolver, type OwnDetailsFormValues } from '../../lib/person-fields/own-details-values';
import { PepFields } from '../../lib/person-fields/pep-fields';
import { ResidenceFields } from '../../lib/person-fields/residence-fields';
import { TaxResidencesFields } from '../../lib/person-fields/tax-residences-fields';
import { Button } from '../../ui';
import formStyles from '../../lib/fields/form-layout.module.css';
import styles from './invitation-page.module.css';

type Props = {
  /** What the form starts from: the person's own details given before, else the applicant's declaration. */
  details: OwnDetails | undefined;
  person: { personalId: string; personalIdCountryCode: string };
  onSave: (details: OwnDetails) => Promise<void>;
  onCancel: () => void;
};

/**
 * The invited person's own details (decision 40), the fields of the related persons form that only they know: where
 * they were born and live, their residency, tax residences and political exposure. Validated with ownDetailsSchema as
 * the server validates them; Save focuses the first field to fix.
 */
export function OwnDetailsForm({ details, person, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string>();
  const form = useForm<OwnDetailsFormValues, unknown, OwnDetails>({
    resolver: ownDetailsResolver,
    mode: 'onTouched',
    defaultValues: ownDetailsFormValues(details, person),
  });
  // A refused Save asks for focus on the first field to fix once its message is drawn.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current);
  }, [focusRequest]);
  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure(undefined);
      try {
        await onSave(values);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
          const issues = error.fields.map((issue) => ({ ...issue, path: formPathOf(issue.path) }));
          if (applyFieldIssues(issues, form.setError, form.setFocus, OWN_DETAILS_FIELDS)) return;
        }
        setFailure(t(error instanceof ApiError && error.status === 409 ? 'INVITATION.DECLINE_CLOSED' : 'INVITATION.OWN.SAVE_FAILED'));
      }
    },
    () => setFocusRequest((count) => count + 1),
  );

  return (
    <FormProvider {...form}>
      <form ref={formRef} className={styles.form} noValidate aria-labelledby="invitation-own-form-title" onSubmit={(event) => void onSubmit(event)}>
        <h3 id="invitation-own-form-title" className={styles.subtitle}>
          {t('INVITATION.OWN.FORM_TITLE')}
        </h3>
        <p className={styles.muted}>{t('INVITATION.OWN.FORM_HINT')}</p>
        <fieldset className={formStyles.section}>
          <legend className={formStyles.legend}>{t('APPLICATION.RELATED_PERSONS.SECTIONS.PERSON')}</legend>
          <div className={formStyles.grid}>
            <CountryField<OwnDetailsFormValues> name="birthCountryCode" label={t('APPLICATION.RELATED_PERSONS.FIELDS.BIRTH_COUNTRY')} />
            <CountryField<OwnDetailsFormValues> name="nationalityCountryCode" label={t('APPLICATION.RELATED_PERSONS.FIELDS.NATIONALITY')} />
          </div>
        </fieldset>
        <ResidenceFields />
        <TaxResidencesFields />
        <PepFields />
        <div className={styles.actions}>
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            {t('INVITATION.OWN.SAVE')}
          </Button>
          <Button variant="link" onClick={onCancel}>
            {t('INVITATION.DECLINE_CANCEL')}
          </Button>
        </div>
        <p role="alert" className={styles.error}>
          {failure ?? ''}
        </p>
      </form>
    </FormProvider>
  );
}
