import { REPRESENTATION_BASES } from '@onboarding/domain';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input, RadioGroup } from '../../../ui';
import { useApplicationLayout } from '../application-context';
import type { CompanyFormValues } from './form-values';
import { useFieldMessages } from '../../../lib/fields/use-field-messages';
import styles from '../../../lib/fields/form-layout.module.css';

/**
 * The basis on which the representative acts: a board member, an authorised person or another, specified. Where the
 * register names the representative's right, the form starts from it and says so; the applicant may still declare
 * another (ADR 0007: the declaration is kept beside the register's fact).
 */
export function RepresentationSection() {
  const { t, i18n } = useTranslation();
  const registerBasis = useApplicationLayout().application.company.representationBasis;
  const { register, control } = useFormContext<CompanyFormValues>();
  const messages = useFieldMessages<CompanyFormValues>();
  const basis = useWatch({ control, name: 'representationBasis' });

  return (
    <section className={styles.section} aria-labelledby="company-representation-title">
      <h2 id="company-representation-title" className={styles.legend}>
        {t('APPLICATION.COMPANY_INFORMATION.SECTIONS.REPRESENTATION')}
      </h2>
      <Controller
        control={control}
        name="representationBasis"
        render={({ field }) => (
          <RadioGroup
            ref={field.ref}
            legend={t('APPLICATION.COMPANY_INFORMATION.FIELDS.REPRESENTATION_BASIS')}
            hint={
              registerBasis
                ? t('APPLICATION.COMPANY_INFORMATION.REPRESENTATION_FROM_REGISTER', {
                    basis: t(`APPLICATION.COMPANY_INFORMATION.REPRESENTATION.${registerBasis}`).toLocaleLowerCase(i18n.language),
                  })
                : undefined
            }
            name={field.name}
            options={REPRESENTATION_BASES.map((value) => ({ value, label: t(`APPLICATION.COMPANY_INFORMATION.REPRESENTATION.${value}`) }))}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            {...messages('representationBasis')}
          />
        )}
      />
      {basis === 'OTHER' && (
        <Input
          label={t('APPLICATION.COMPANY_INFORMATION.FIELDS.REPRESENTATION_BASIS_OTHER')}
          {...messages('representationBasisOther')}
          {...register('representationBasisOther')}
        />
      )}
    </section>
  );
}
