import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/country-name';
import { Input } from '../../../ui';
import { useLocale } from '../../../lib/fields/options';
import { CountryField } from '../../../lib/person-fields/country-field';
import type { PrivatePersonFormValues } from './person-form-values';
import { useFieldMessages } from '../../../lib/fields/use-field-messages';
import { usePopulationRegisterAutofill } from './use-register-autofill';
import formStyles from '../../../lib/fields/form-layout.module.css';
import factStyles from '../fields/facts.module.css';
import styles from './related-persons.module.css';

const FIELDS = 'APPLICATION.RELATED_PERSONS.FIELDS';

/**
 * Names, personal ID with its country, birth date, birth country and
 * nationality. A known Estonian personal ID fills the empty ones from the
 * population register. The representative's ID is the signed-in person's and
 * cannot be changed (docs/requirements.md section 5: "incorrect data for the representative").
 */
export function IdentityFields({ isRepresentative }: { isRepresentative: boolean }) {
  const { t } = useTranslation();
  const form = useFormContext<PrivatePersonFormValues>();
  const messages = useFieldMessages<PrivatePersonFormValues>();
  const autofill = usePopulationRegisterAutofill(form);
  const { register, control } = form;
  const locale = useLocale();
  const [personalId, personalIdCountryCode] = useWatch({ control, name: ['personalId', 'personalIdCountryCode'] });
  const representativeHint = isRepresentative ? t(`${FIELDS}.REPRESENTATIVE_ID_HINT`) : undefined;

  return (
    <fieldset className={formStyles.section}>
      <legend className={formStyles.legend}>{t('APPLICATION.RELATED_PERSONS.SECTIONS.PERSON')}</legend>
      <div className={formStyles.grid}>
        <Input label={t(`${FIELDS}.FIRST_NAME`)} autoComplete="off" {...messages('firstName')} {...register('firstName')} />
        <Input label={t(`${FIELDS}.LAST_NAME`)} autoComplete="off" {...messages('lastName')} {...register('lastName')} />
      </div>
      {isRepresentative ? (
        // The signed-in representative's code is a fact of the sign-in: shown, not a field to fill.
        <div>
          <dl className={`${factStyles.facts} ${factStyles.pair}`}>
            <div>
              <dt>{t(`${FIELDS}.PERSONAL_ID_FACT`)}</dt>
              <dd>{personalId}</dd>
            </div>
            <div>
              <dt>{t(`${FIELDS}.PERSONAL_ID_COUNTRY`)}</dt>
              <dd>{countryName(personalIdCountryCode, locale)}</dd>
            </div>
          </dl>
          <p className={styles.factSource}>{representativeHint}</p>
        </div>
      ) : (
        <div className={formStyles.grid}>
          <Input
            label={t(`${FIELDS}.PERSONAL_ID`)}
            hint={t(`${FIELDS}.PERSONAL_ID_HINT`)}
            inputMode="numeric"
            autoComplete="off"
            {...messages('personalId')}
            {...register('personalId', { onChange: autofill.lookUp })}
          />
          <CountryField<PrivatePersonFormValues> name="personalIdCountryCode" label={t(`${FIELDS}.PERSONAL_ID_COUNTRY`)} onChosen={autofill.lookUp} />
        </div>
      )}
      <div aria-live="polite" className={styles.autofillRegion}>
        {autofill.isFilled && <p className={styles.autofill}>{t('APPLICATION.RELATED_PERSONS.AUTOFILL.PERSON_FILLED')}</p>}
      </div>
      <Input label={t(`${FIELDS}.BIRTH_DATE`)} type="date" className={formStyles.narrow} {...messages('birthDate')} {...register('birthDate')} />
      <div className={formStyles.grid}>
        <CountryField<PrivatePersonFormValues> name="birthCountryCode" label={t(`${FIELDS}.BIRTH_COUNTRY`)} />
        <CountryField<PrivatePersonFormValues> name="nationalityCountryCode" label={t(`${FIELDS}.NATIONALITY`)} />
      </div>
    </fieldset>
  );
}
