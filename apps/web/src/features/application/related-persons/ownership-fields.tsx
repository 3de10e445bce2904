import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../ui';
import type { HoldingFormValues, StructureCompany } from './person-form-values';
import { useFieldMessages } from '../../../lib/fields/use-field-messages';
import formStyles from '../../../lib/fields/form-layout.module.css';

type OwnershipValues = { holdings: HoldingFormValues[] };

/**
 * The Ownership part of the modal: the person's share in each company of the
 * structure (the applicant and every legal entity but the one edited). A
 * filled share puts the person in that company's shareholders list.
 */
export function OwnershipFields({ companies }: { companies: readonly StructureCompany[] }) {
  const { t } = useTranslation();
  const { register } = useFormContext<OwnershipValues>();
  const messages = useFieldMessages<OwnershipValues>();
  return (
    <fieldset className={formStyles.section}>
      <legend className={formStyles.legend}>{t('APPLICATION.RELATED_PERSONS.SECTIONS.OWNERSHIP')}</legend>
      <p className={formStyles.muted}>{t('APPLICATION.RELATED_PERSONS.OWNERSHIP.HINT')}</p>
      {companies.map((company, index) => (
        <Input
          key={company.id}
          label={t('APPLICATION.RELATED_PERSONS.OWNERSHIP.SHARE_IN', { company: company.name })}
          inputMode="decimal"
          autoComplete="off"
          suffix="%"
          className={formStyles.narrow}
          {...messages(`holdings.${index}.sharePercent`)}
          {...register(`holdings.${index}.sharePercent`)}
        />
      ))}
    </fieldset>
  );
}
