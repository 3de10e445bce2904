import { BENEFIT_TYPES } from '@onboarding/domain';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input, RadioGroup } from '../../../ui';
import type { PrivatePersonFormValues } from './person-form-values';
import { useFieldMessages } from '../../../lib/fields/use-field-messages';
import { YesNoField } from '../../../lib/fields/yes-no-field';
import formStyles from '../../../lib/fields/form-layout.module.css';

const RP = 'APPLICATION.RELATED_PERSONS';

/**
 * Whether the person is a beneficial owner and, if so, how they benefit
 * (share ownership, directing body member, other with its text) and their
 * stake, which the beneficial owners' total of docs/requirements.md section 5 adds up.
 */
export function BeneficialOwnerFields() {
  const { t } = useTranslation();
  const { control, register } = useFormContext<PrivatePersonFormValues>();
  const messages = useFieldMessages<PrivatePersonFormValues>();
  const [isBeneficialOwner, benefitType] = useWatch({ control, name: ['isBeneficialOwner', 'benefitType'] });

  return (
    <fieldset className={formStyles.section}>
      <legend className={formStyles.legend}>{t(`${RP}.SECTIONS.BENEFICIAL_OWNER`)}</legend>
      <YesNoField<PrivatePersonFormValues>
        name="isBeneficialOwner"
        legend={t(`${RP}.FIELDS.IS_BENEFICIAL_OWNER`)}
        hint={t(`${RP}.FIELDS.IS_BENEFICIAL_OWNER_HINT`)}
      />
      {isBeneficialOwner === true && (
        <>
          <Controller
            control={control}
            name="benefitType"
            render={({ field }) => (
              <RadioGroup
                ref={field.ref}
                legend={t(`${RP}.FIELDS.BENEFIT_TYPE`)}
                name={field.name}
                options={BENEFIT_TYPES.map((value) => ({ value, label: t(`${RP}.BENEFIT_TYPES.${value}`) }))}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                {...messages('benefitType')}
              />
            )}
          />
          {benefitType === 'OTHER' && (
            <Input label={t(`${RP}.FIELDS.BENEFIT_TYPE_OTHER`)} autoComplete="off" {...messages('benefitTypeOther')} {...register('benefitTypeOther')} />
          )}
          <Input
            label={t(benefitType === 'SHARE_OWNERSHIP' ? `${RP}.FIELDS.BENEFICIARY_SHARE` : `${RP}.FIELDS.BENEFICIARY_SHARE_OPTIONAL`)}
            hint={t(`${RP}.FIELDS.BENEFICIARY_SHARE_HINT`)}
            inputMode="decimal"
            autoComplete="off"
            suffix="%"
            className={formStyles.narrow}
            {...messages('beneficiarySharePercent')}
            {...register('beneficiarySharePercent')}
          />
        </>
      )}
    </fieldset>
  );
}
