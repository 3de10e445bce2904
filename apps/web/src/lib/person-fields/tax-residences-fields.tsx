import { DEFAULT_COUNTRY_CODE, LIST_MAX_ITEMS } from '@onboarding/domain';
import { useEffect, useRef } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, FieldError, Input, useField } from '../../ui';
import { CountryField } from './country-field';
import { emptyTaxResidence, estonianTin, withEstonianTin, type OwnDetailsFormValues } from './own-details-values';
import { useFieldMessages } from '../fields/use-field-messages';
import { ListFullNote, useListLimit } from '../fields/list-limit';
import formStyles from '../fields/form-layout.module.css';

const TAX = 'APPLICATION.RELATED_PERSONS.TAX_RESIDENCE';

/**
 * Tax residences (docs/requirements.md section 3): country and TIN, several
 * allowed, at least one. Add puts a row last and focuses its country; remove
 * drops the row and leaves focus on Add. A residence in Estonia starts with the
 * person's Estonian personal code as its TIN (useEstonianTin).
 */
export function TaxResidencesFields() {
  const { t } = useTranslation();
  const { control, register } = useFormContext<OwnDetailsFormValues>();
  const { fill: fillEstonianTin, tin } = useEstonianTin();
  const messages = useFieldMessages<OwnDetailsFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'taxResidences' });
  const addButton = useRef<HTMLButtonElement>(null);
  const limit = useListLimit(fields.length, LIST_MAX_ITEMS.taxResidences);
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
                  <CountryField<OwnDetailsFormValues>
                    name={`taxResidences.${index}.countryCode`}
                    label={t(`${TAX}.COUNTRY`)}
                    onChosen={() => fillEstonianTin(index)}
                  />
                  <Input
                    label={t(`${TAX}.TIN`)}
                    autoComplete="off"
                    {...messages(`taxResidences.${index}.tin`)}
                    {...register(`taxResidences.${index}.tin`)}
                    // The personal code filled in is selected on entering: typing replaces it instead of adding to it.
                    onFocus={(event) => {
                      if (event.currentTarget.value !== '' && event.currentTarget.value === tin) event.currentTarget.select();
                    }}
                  />
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
      <ListFullNote limit={limit} />
      <Button
        ref={addButton}
        variant="outline"
        leadingIcon="add"
        className={formStyles.addButton}
        {...limit.addButtonProps}
        onClick={() => append(emptyTaxResidence(), { focusName: `taxResidences.${fields.length}.countryCode` })}
      >
        {t(`${TAX}.ADD`)}
      </Button>
    </fieldset>
  );
}

/**
 * Pre-fills the TIN of a tax residence in Estonia with the person's Estonian
 * personal code: when Estonia is chosen for a row with no TIN, and when the
 * personal code changes, for the rows still empty or still holding the code
 * filled in before. A TIN the user typed is never replaced.
 */
function useEstonianTin() {
  const { control, getValues, setValue } = useFormContext<OwnDetailsFormValues>();
  const [personalId, personalIdCountryCode] = useWatch({ control, name: ['personalId', 'personalIdCountryCode'] });
  const tin = estonianTin(personalId, personalIdCountryCode);
  const filled = useRef(tin);

  useEffect(() => {
    const previous = filled.current;
    filled.current = tin;
    if (previous === tin) return;
    getValues('taxResidences').forEach((residence, index) => {
      if (residence.countryCode !== DEFAULT_COUNTRY_CODE) return;
      const next = withEstonianTin(residence.tin === previous ? { ...residence, tin: '' } : residence, tin);
      if (next.tin !== residence.tin) setValue(`taxResidences.${index}.tin`, next.tin, { shouldDirty: true, shouldValidate: true });
    });
  }, [tin, getValues, setValue]);

  // Filled in, the TIN is also checked again: a "required" shown before it was filled goes.
  const fill = (index: number) => {
    const residence = getValues(`taxResidences.${index}`);
    const next = withEstonianTin(residence, tin);
    if (next.tin !== residence.tin) setValue(`taxResidences.${index}.tin`, next.tin, { shouldDirty: true, shouldValidate: true });
  };
  return { fill, tin };
}
