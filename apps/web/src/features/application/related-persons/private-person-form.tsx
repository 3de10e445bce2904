import { useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useLocale } from '../../../lib/fields/options';
import { BeneficialOwnerFields } from './beneficial-owner-fields';
import type { PrivatePersonValues } from './form-values';
import { IdentityFields } from './identity-fields';
import { OwnershipFields } from './ownership-fields';
import { PepFields } from '../../../lib/person-fields/pep-fields';
import {
  holdingFormValues,
  privatePersonFormValues,
  privatePersonResolver,
  toPrivatePerson,
  toShares,
  withRegisterMark,
  withTypedValues,
  type PrivatePersonFormValues,
} from './person-form-values';
import type { PersonFormProps } from './person-form-props';
import { ResidenceFields } from '../../../lib/person-fields/residence-fields';
import { RolesFields } from './roles-fields';
import { TaxResidencesFields } from '../../../lib/person-fields/tax-residences-fields';
import { useModalFormFeedback, useValuesChange } from './use-modal-form-feedback';
import styles from './related-persons.module.css';

/**
 * A private person's fields (docs/requirements.md section 3), validated with
 * privatePersonSchema as the server validates them: messages after touch or
 * Save, Save focuses the first invalid field or hands the person over.
 */
export function PrivatePersonForm({
  formId,
  person,
  identity,
  companies,
  shares,
  isRevealed,
  serverIssues,
  onSave,
  typedValues,
  onValuesChange,
}: PersonFormProps<PrivatePersonValues>) {
  const locale = useLocale();
  const formRef = useRef<HTMLFormElement>(null);
  const [defaultValues] = useState(() => withTypedValues(privatePersonFormValues(person, holdingFormValues(companies, shares, locale), locale), typedValues));
  const form = useForm<PrivatePersonFormValues, unknown, PrivatePersonFormValues>({
    resolver: privatePersonResolver,
    mode: 'onTouched',
    defaultValues,
    // Focus follows the page's order (focusFirstInvalid), not the order fields were registered in.
    shouldFocusError: false,
  });
  const feedback = useModalFormFeedback(form, formRef, { isRevealed, serverIssues });
  useValuesChange(form, onValuesChange);
  const isRepresentative = identity.roles.includes('REPRESENTATIVE');

  const onSubmit = form.handleSubmit((values) => {
    const nextShares = toShares(values.holdings);
    const next = toPrivatePerson(values, identity);
    onSave(withRegisterMark(next, person, { previous: shares, next: nextShares }), nextShares);
  }, feedback.focusFirstInvalid);

  return (
    <FormProvider {...form}>
      <form id={formId} ref={formRef} className={styles.personForm} noValidate onSubmit={(event) => void onSubmit(event)}>
        <IdentityFields isRepresentative={isRepresentative} />
        <RolesFields isRepresentative={isRepresentative} />
        <ResidenceFields />
        <TaxResidencesFields />
        <BeneficialOwnerFields />
        <PepFields />
        <OwnershipFields companies={companies} />
      </form>
    </FormProvider>
  );
}
