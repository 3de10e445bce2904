import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '../../ui';
import { CountryField } from './country-field';
import type { OwnDetailsFormValues } from './own-details-values';
import { useFieldMessages } from '../fields/use-field-messages';
import { YesNoField } from '../fields/yes-no-field';
import formStyles from '../fields/form-layout.module.css';

const PEP = 'APPLICATION.RELATED_PERSONS.PEP';

/** Political exposure (docs/requirements.md section 3): yes or no, and for yes who holds which government position. */
export function PepFields() {
  const { t } = useTranslation();
  const { control, register } = useFormContext<OwnDetailsFormValues>();
  const messages = useFieldMessages<OwnDetailsFormValues>();
  const isPep = useWatch({ control, name: 'isPep' });

  return (
    <fieldset className={formStyles.section}>
      <legend className={formStyles.legend}>{t('APPLICATION.RELATED_PERSONS.SECTIONS.PEP')}</legend>
      <YesNoField<OwnDetailsFormValues> name="isPep" legend={t(`${PEP}.IS_PEP`)} hint={t(`${PEP}.IS_PEP_HINT`)} />
      {isPep === true && (
        <fieldset className={formStyles.partner}>
          <legend className={formStyles.partnerLegend}>{t(`${PEP}.LEGEND`)}</legend>
          <p className={formStyles.muted}>{t(`${PEP}.HINT`)}</p>
          <div className={formStyles.grid}>
            <Input label={t(`${PEP}.FIRST_NAME`)} autoComplete="off" {...messages('pep.firstName')} {...register('pep.firstName')} />
            <Input label={t(`${PEP}.LAST_NAME`)} autoComplete="off" {...messages('pep.lastName')} {...register('pep.lastName')} />
          </div>
          <div className={formStyles.grid}>
            <Input label={t(`${PEP}.BIRTH_DATE`)} type="date" {...messages('pep.birthDate')} {...register('pep.birthDate')} />
            <CountryField<OwnDetailsFormValues> name="pep.birthCountryCode" label={t(`${PEP}.BIRTH_COUNTRY`)} />
          </div>
          <Input label={t(`${PEP}.GOVERNMENT_POSITION`)} autoComplete="off" {...messages('pep.governmentPosition')} {...register('pep.governmentPosition')} />
        </fieldset>
      )}
    </fieldset>
  );
}
