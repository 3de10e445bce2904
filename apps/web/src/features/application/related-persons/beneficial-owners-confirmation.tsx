import { beneficialOwnersTotalOf, type Locale } from '@onboarding/domain';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../ui';
import type { RelatedPersonsValues } from './form-values';
import { formatPercent } from './percent';
import styles from './related-persons.module.css';

/**
 * decision 34: when the beneficial owners' stakes total less than 100%, the applicant confirms that nobody
 * else holds more than 25% or otherwise controls the company, instead of naming someone who is not a beneficial
 * owner. Shown only while the list asks for it (isBeneficialOwnersTotalToConfirm).
 */
export function BeneficialOwnersConfirmation({
  values,
  locale,
  onChange,
}: {
  values: RelatedPersonsValues;
  locale: Locale;
  onChange: (isConfirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  const total = formatPercent(beneficialOwnersTotalOf(values.relatedPersons).totalPercent, locale);
  return (
    <div className={styles.totalConfirmation}>
      <Checkbox
        label={t('APPLICATION.RELATED_PERSONS.CONFIRM_TOTAL.LABEL')}
        hint={t('APPLICATION.RELATED_PERSONS.CONFIRM_TOTAL.HINT', { total })}
        checked={values.hasNoOtherBeneficialOwners === true}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}
