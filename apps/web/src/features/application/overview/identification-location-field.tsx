import { useId, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, FieldError, FieldHint, Spinner, useField } from '../../../ui';
import formStyles from '../fields/step-form.module.css';
import { useBankOffices } from '../../../lib/bank-offices';
import { OfficeDetails } from './office-details';
import { OfficePickerModal } from './office-picker-modal';
import type { OverviewFormValues } from './overview-form-values';
import { useFieldMessages } from '../../../lib/fields/use-field-messages';
import styles from './overview.module.css';

const IDENTIFICATION = 'APPLICATION.OVERVIEW.IDENTIFICATION';

/**
 * Where the representative identifies themselves
 * (docs/requirements.md section 3 "Overview"): an office chosen in the picker
 * modal, shown here with a button to change it, and whether the contract is to
 * be signed in that office.
 */
export function IdentificationLocationField() {
  const { t } = useTranslation();
  const { control, register, setValue } = useFormContext<OverviewFormValues>();
  const messages = useFieldMessages<OverviewFormValues>();
  const message = messages('identificationLocation');
  const field = useField({ hasHint: true, ...message });
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  const [officeId, type] = useWatch({ control, name: ['identificationLocation.officeId', 'identificationLocation.type'] });
  const offices = useBankOffices();
  const chosen = offices.data?.find((office) => office.id === officeId);
  const chosenNameId = useId();

  return (
    <fieldset id={field.fieldId} className={formStyles.fieldset} aria-describedby={field.ariaDescribedBy} aria-invalid={field.isErrorShown || undefined}>
      <legend className={formStyles.legend}>{t(`${IDENTIFICATION}.LEGEND`)}</legend>
      <FieldHint id={field.hintId}>{t(`${IDENTIFICATION}.HINT`)}</FieldHint>
      {officeId !== '' && (
        <div className={styles.chosenOffice}>
          {chosen ? (
            <OfficeDetails office={chosen} nameId={chosenNameId} isTypeShown />
          ) : offices.isPending ? (
            <Spinner size="small" />
          ) : (
            <p id={chosenNameId}>{t(`${IDENTIFICATION}.UNKNOWN_OFFICE`)}</p>
          )}
        </div>
      )}
      <Controller
        control={control}
        name="identificationLocation.officeId"
        render={({ field: office }) => (
          <>
            {/* One button for both states, so the modal gives focus back to it after a choice. */}
            <Button
              ref={office.ref}
              variant="secondary"
              leadingIcon="location"
              className={styles.pickerButton}
              aria-describedby={officeId !== '' ? chosenNameId : undefined}
              onClick={() => setIsPickerOpen(true)}
              onBlur={(event) => {
                // Focus moving into the picker is not leaving the field: "required" must not be announced while choosing.
                if (!(event.relatedTarget instanceof Element && event.relatedTarget.closest('[role="dialog"]'))) office.onBlur();
              }}
            >
              {t(officeId !== '' ? `${IDENTIFICATION}.CHANGE` : `${IDENTIFICATION}.CHOOSE`)}
            </Button>
            <OfficePickerModal
              isOpen={isPickerOpen}
              onClose={() => {
                setIsPickerOpen(false);
                office.onBlur();
              }}
              chosenOfficeId={officeId}
              chosenType={type}
              onChoose={(chosenOffice) => {
                setValue('identificationLocation.type', chosenOffice.type);
                office.onChange(chosenOffice.id);
                setIsPickerOpen(false);
              }}
            />
          </>
        )}
      />
      <FieldError id={field.errorId} error={message.error} isShown={field.isErrorShown} />
      {officeId !== '' && (
        <Checkbox
          label={t(`${IDENTIFICATION}.SIGN_IN_OFFICE`)}
          hint={t(`${IDENTIFICATION}.SIGN_IN_OFFICE_HINT`)}
          {...register('identificationLocation.isSignedInOffice')}
        />
      )}
    </fieldset>
  );
}
