import { useRef } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, FieldError, Input, useField } from '../../../ui';
import { CountryField } from './country-field';
import { emptyTaxResidence, type PrivatePersonFormValues } from './person-form-values';
import { useFieldMessages } from '../fields/use-field-messages';
import formStyles from '../fields/form-layout.module.css';

const TAX = 'APPLICATION.RELATED_PERSONS.TAX_RESIDENCE';

/**
 * Tax residences (SPEC.md section 3): country and TIN, several allowed, at
 * least one. Add puts a row last and focuses its country; remove drops the
 * row and leaves focus on Add.
 */
export function TaxResidencesFields() {
  const { t } = useTranslation();
  const { control, register } = useFormContext<PrivatePersonFormValues>();
  const messages = useFieldMessages<PrivatePersonFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'taxResidences' });
  const addButton = useRef<HTMLButtonElement>(null);
  // The list's own message ("required" when there is no row); the rows carry theirs.
  const listMessage = messages('taxResidences');
  const list = useField({ hasHint: true, error: fields.length === 0 ? listMessage.error : undefined, isTouched: listMessage.isTouched });

  return (
    <fieldset className={formStyles.section} aria-describedby={list.ariaDescribedBy}>
      <legend className={formStyles.legend}>{t('APPLICATION.RELATED_PERSONS.SECTIONS.TAX_RESIDENCES')}</legend>
      <p id={list.hintId} className={formStyles.muted}>
        {t(`${TAX}.HINT`)}
      </p>
      <ol className={formStyles.partners}>
        {fields.map((item, index) => {
          const number = index + 1;
          return (
            <li key={item.id}>
              <fieldset className={formStyles.partner}>
                <legend className={formStyles.partnerLegend}>{t(`${TAX}.ROW`, { number })}</legend>
                <div className={formStyles.grid}>
                  <CountryField<PrivatePersonFormValues> name={`taxResidences.${index}.countryCode`} label={t(`${TAX}.COUNTRY`)} />
                  <Input label={t(`${TAX}.TIN`)} autoComplete="off" {...messages(`taxResidences.${index}.tin`)} {...register(`taxResidences.${index}.tin`)} />
                </div>
                {fields.length > 1 && (
                  <Button
                    variant="link"
                    linkColor="red"
                    leadingIcon="remove"
                    className={formStyles.removeButton}
                    onClick={() => {
                      remove(index);
                      addButton.current?.focus();
                    }}
                  >
                    {t(`${TAX}.REMOVE`, { number })}
                  </Button>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <FieldError id={list.errorId} error={fields.length === 0 ? listMessage.error : undefined} isShown={list.isErrorShown} />
      <Button
        ref={addButton}
        variant="outline"
        leadingIcon="add"
        className={formStyles.addButton}
        onClick={() => append(emptyTaxResidence(), { focusName: `taxResidences.${fields.length}.countryCode` })}
      >
        {t(`${TAX}.ADD`)}
      </Button>
    </fieldset>
  );
}
