import { LIST_MAX_ITEMS, repeatedCountryIndexes, wouldRepeat, type RegisterCompanyLookup } from '@onboarding/domain';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Combobox, Input, MultiCombobox, TextArea } from '../../../ui';
import type { CompanyFormValues } from './form-values';
import { useActivityOptions, useCountryOptions, withCurrent } from '../../../lib/fields/options';
import { useFieldMessages } from '../../../lib/fields/use-field-messages';
import styles from '../../../lib/fields/form-layout.module.css';
import factStyles from '../fields/facts.module.css';

/** EMTAK version and codes, the description, the number of employees and the target markets. */
export function ActivitySection({ register: card }: { register: RegisterCompanyLookup | undefined }) {
  const { t } = useTranslation();
  const { register, control } = useFormContext<CompanyFormValues>();
  const messages = useFieldMessages<CompanyFormValues>();
  const activityOptions = useActivityOptions();
  const countryOptions = useCountryOptions();
  const [emtakVersion, mainCode] = useWatch({ control, name: ['emtakVersion', 'mainFieldOfActivityCode'] });
  const hasReferenceVersion = activityOptions.length > 0 && emtakVersion !== '';

  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{t('APPLICATION.COMPANY_INFORMATION.SECTIONS.ACTIVITY')}</legend>
      {hasReferenceVersion ? (
        // The reference list's version, which the codes below come from: a fact to read, not a field to edit.
        <div>
          <dl className={factStyles.facts}>
            <div>
              <dt>{t('APPLICATION.COMPANY_INFORMATION.FIELDS.EMTAK_VERSION')}</dt>
              <dd>{emtakVersion}</dd>
            </div>
          </dl>
          <p className={styles.note}>{t('APPLICATION.COMPANY_INFORMATION.FIELDS.EMTAK_VERSION_SOURCE')}</p>
        </div>
      ) : (
        <Input
          label={t('APPLICATION.COMPANY_INFORMATION.FIELDS.EMTAK_VERSION')}
          autoComplete="off"
          {...messages('emtakVersion')}
          {...register('emtakVersion')}
        />
      )}
      <Controller
        control={control}
        name="mainFieldOfActivityCode"
        render={({ field }) => (
          <Combobox
            ref={field.ref}
            label={t('APPLICATION.COMPANY_INFORMATION.FIELDS.MAIN_ACTIVITY')}
            hint={
              card && mainCode === card.mainFieldOfActivityCode
                ? t('APPLICATION.COMPANY_INFORMATION.FIELDS.ACTIVITY_HINT_FROM_REGISTER')
                : t('APPLICATION.COMPANY_INFORMATION.FIELDS.ACTIVITY_HINT')
            }
            options={withCurrent(activityOptions, field.value, card && field.value === card.mainFieldOfActivityCode ? card.mainFieldOfActivityName : undefined)}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            {...messages('mainFieldOfActivityCode')}
          />
        )}
      />
      <Controller
        control={control}
        name="additionalFieldOfActivityCodes"
        render={({ field }) => (
          <MultiCombobox
            ref={field.ref}
            label={t('APPLICATION.COMPANY_INFORMATION.FIELDS.ADDITIONAL_ACTIVITIES')}
            hint={t('APPLICATION.COMPANY_INFORMATION.FIELDS.ACTIVITY_HINT')}
            options={activityOptions}
            values={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            repeatMessage={t('VALIDATION.notUnique', { ns: 'domain' })}
            isRepeat={wouldRepeat}
            max={LIST_MAX_ITEMS.additionalFieldOfActivityCodes}
            {...messages('additionalFieldOfActivityCodes')}
          />
        )}
      />
      <TextArea
        label={t('APPLICATION.COMPANY_INFORMATION.FIELDS.ACTIVITY_DESCRIPTION')}
        {...messages('fieldOfActivityDescription')}
        {...register('fieldOfActivityDescription')}
      />
      <Input
        label={t('APPLICATION.COMPANY_INFORMATION.FIELDS.NUMBER_OF_EMPLOYEES')}
        inputMode="numeric"
        autoComplete="off"
        className={styles.narrow}
        {...messages('numberOfEmployees')}
        {...register('numberOfEmployees')}
      />
      <Controller
        control={control}
        name="targetMarketCountryCodes"
        render={({ field }) => (
          <MultiCombobox
            ref={field.ref}
            label={t('APPLICATION.COMPANY_INFORMATION.FIELDS.TARGET_MARKETS')}
            hint={t('APPLICATION.COMPANY_INFORMATION.FIELDS.TARGET_MARKETS_HINT')}
            options={countryOptions}
            values={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            repeatMessage={t('VALIDATION.countryAlreadyAdded', { ns: 'domain' })}
            // The domain's rule for repeated countries (docs/requirements.md section 5 "Country already added").
            isRepeat={(values, value) => repeatedCountryIndexes([...values, value]).includes(values.length)}
            max={LIST_MAX_ITEMS.targetMarketCountryCodes}
            {...messages('targetMarketCountryCodes')}
          />
        )}
      />
    </fieldset>
  );
}
