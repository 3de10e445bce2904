import { taxStatusTypesFor } from '@onboarding/domain';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input, RadioGroup } from '../../../ui';
import formStyles from '../fields/step-form.module.css';
import type { OverviewFormValues } from './overview-form-values';
import { useFieldMessages } from '../../../lib/fields/use-field-messages';
import styles from './overview.module.css';

const TAX = 'APPLICATION.OVERVIEW.TAX';

/**
 * The entity type for tax reporting (docs/requirements.md section 3
 * "Overview"): a financial institution gives its GIIN and one of the financial
 * types, any other entity one of the non-financial types.
 */
export function TaxStatusFields() {
  const { t } = useTranslation();
  const { control, register, getValues, setValue } = useFormContext<OverviewFormValues>();
  const messages = useFieldMessages<OverviewFormValues>();
  const isFinancialInstitution = useWatch({ control, name: 'isFinancialInstitution' });
  const types = taxStatusTypesFor(isFinancialInstitution);

  return (
    <fieldset className={formStyles.fieldset}>
      <legend className={styles.groupLegend}>{t(`${TAX}.LEGEND`)}</legend>
      <div className={styles.fieldStack}>
        <Controller
          control={control}
          name="isFinancialInstitution"
          render={({ field }) => (
            <RadioGroup
              ref={field.ref}
              legend={t(`${TAX}.FINANCIAL_INSTITUTION`)}
              hint={t(`${TAX}.FINANCIAL_INSTITUTION_HINT`)}
              name={field.name}
              orientation="horizontal"
              options={[
                { value: 'yes', label: t('APPLICATION.COMPANY_INFORMATION.YES') },
                { value: 'no', label: t('APPLICATION.COMPANY_INFORMATION.NO') },
              ]}
              value={field.value === null ? '' : field.value ? 'yes' : 'no'}
              onChange={(value) => {
                const next = value === 'yes';
                field.onChange(next);
                // A type of the other kind is no longer among the options, so it is no longer the answer.
                const type = getValues('taxStatusEntityType');
                if (type !== '' && !taxStatusTypesFor(next).includes(type)) setValue('taxStatusEntityType', '');
              }}
              onBlur={field.onBlur}
              {...messages('isFinancialInstitution')}
            />
          )}
        />
        {isFinancialInstitution === true && (
          <Input
            label={t(`${TAX}.GIIN_LABEL`)}
            hint={t(`${TAX}.GIIN_HINT`)}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            className={styles.giin}
            {...messages('giin')}
            {...register('giin')}
          />
        )}
        {isFinancialInstitution !== null && (
          <Controller
            control={control}
            name="taxStatusEntityType"
            render={({ field }) => (
              <RadioGroup
                ref={field.ref}
                legend={t(`${TAX}.TYPE_LEGEND`)}
                hint={t(isFinancialInstitution ? `${TAX}.TYPE_HINT_FINANCIAL` : `${TAX}.TYPE_HINT_NON_FINANCIAL`)}
                name={field.name}
                options={types.map((type) => ({ value: type, label: t(`${TAX}.TYPES.${type}.LABEL`), hint: t(`${TAX}.TYPES.${type}.HINT`) }))}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                {...messages('taxStatusEntityType')}
              />
            )}
          />
        )}
      </div>
    </fieldset>
  );
}
