import { COOPERATION_TYPES, LIST_MAX_ITEMS, emptyPartnerDraft } from '@onboarding/domain';
import { useRef } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Combobox, Input, RadioGroup } from '../../../ui';
import type { CompanyFormValues } from './form-values';
import { useCountryOptions, withCurrent } from '../../../lib/fields/options';
import { useFieldMessages } from '../../../lib/fields/use-field-messages';
import { ListFullNote, useListLimit } from '../../../lib/fields/list-limit';
import styles from '../../../lib/fields/form-layout.module.css';

/** The partners list: each row is edited in place; add puts a new row last and focuses it, remove drops the row. */
export function PartnersSection() {
  const { t } = useTranslation();
  const { control } = useFormContext<CompanyFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'partners' });
  const addButton = useRef<HTMLButtonElement>(null);
  const limit = useListLimit(fields.length, LIST_MAX_ITEMS.partners);

  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{t('APPLICATION.COMPANY_INFORMATION.SECTIONS.PARTNERS')}</legend>
      <p className={styles.muted}>{t('APPLICATION.COMPANY_INFORMATION.PARTNERS.INTRO')}</p>
      {fields.length === 0 ? (
        <p className={styles.muted}>{t('APPLICATION.COMPANY_INFORMATION.PARTNERS.EMPTY')}</p>
      ) : (
        <ol className={styles.partners}>
          {fields.map((item, index) => (
            <li key={item.id}>
              <PartnerRow
                index={index}
                onRemove={() => {
                  remove(index);
                  // The row and its button are gone: keyboard users carry on from "Add a partner".
                  addButton.current?.focus();
                }}
              />
            </li>
          ))}
        </ol>
      )}
      <ListFullNote limit={limit} />
      <Button
        ref={addButton}
        variant="outline"
        leadingIcon="add"
        className={styles.addButton}
        {...limit.addButtonProps}
        onClick={() => append(emptyPartnerDraft(), { focusName: `partners.${fields.length}.businessName` })}
      >
        {t('APPLICATION.COMPANY_INFORMATION.PARTNERS.ADD')}
      </Button>
    </fieldset>
  );
}

function PartnerRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const { register, control } = useFormContext<CompanyFormValues>();
  const messages = useFieldMessages<CompanyFormValues>();
  const countryOptions = useCountryOptions();
  const cooperationType = useWatch({ control, name: `partners.${index}.cooperationType` });
  const number = index + 1;

  return (
    <fieldset className={styles.partner}>
      <legend className={styles.partnerLegend}>{t('APPLICATION.COMPANY_INFORMATION.PARTNERS.PARTNER', { number })}</legend>
      <Input
        label={t('APPLICATION.COMPANY_INFORMATION.PARTNERS.BUSINESS_NAME')}
        autoComplete="off"
        {...messages(`partners.${index}.businessName`)}
        {...register(`partners.${index}.businessName`)}
      />
      <Controller
        control={control}
        name={`partners.${index}.countryCode`}
        render={({ field }) => (
          <Combobox
            ref={field.ref}
            label={t('APPLICATION.COMPANY_INFORMATION.PARTNERS.COUNTRY')}
            options={withCurrent(countryOptions, field.value)}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            {...messages(`partners.${index}.countryCode`)}
          />
        )}
      />
      <Controller
        control={control}
        name={`partners.${index}.cooperationType`}
        render={({ field }) => (
          <RadioGroup
            ref={field.ref}
            legend={t('APPLICATION.COMPANY_INFORMATION.PARTNERS.COOPERATION_TYPE')}
            name={field.name}
            orientation="horizontal"
            options={COOPERATION_TYPES.map((value) => ({ value, label: t(`APPLICATION.COMPANY_INFORMATION.PARTNERS.TYPES.${value}`) }))}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            {...messages(`partners.${index}.cooperationType`)}
          />
        )}
      />
      {cooperationType === 'OTHER' && (
        <Input
          label={t('APPLICATION.COMPANY_INFORMATION.PARTNERS.COOPERATION_TYPE_OTHER')}
          autoComplete="off"
          {...messages(`partners.${index}.cooperationTypeOther`)}
          {...register(`partners.${index}.cooperationTypeOther`)}
        />
      )}
      <Button variant="link" linkColor="red" leadingIcon="remove" className={styles.removeButton} onClick={onRemove}>
        {t('APPLICATION.COMPANY_INFORMATION.PARTNERS.REMOVE', { number })}
      </Button>
    </fieldset>
  );
}
