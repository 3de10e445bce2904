import { useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useLocale } from '../../../lib/fields/options';
import type { LegalEntityValues } from './form-values';
import { LegalEntityFields } from './legal-entity-fields';
import { OwnershipFields } from './ownership-fields';
import {
  holdingFormValues,
  legalEntityFormValues,
  legalEntityResolver,
  toLegalEntity,
  toShares,
  withRegisterMark,
  withTypedValues,
  type LegalEntityFormValues,
} from './person-form-values';
import type { PersonFormProps } from './person-form-props';
import { useModalFormFeedback, useValuesChange } from './use-modal-form-feedback';
import styles from './related-persons.module.css';

/**
 * A legal entity among the owners (docs/requirements.md section 3), validated
 * with legalEntitySchema. Its own owners are not edited here: each owner's
 * Ownership part names its share in it.
 */
export function LegalEntityForm({
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
}: PersonFormProps<LegalEntityValues>) {
  const locale = useLocale();
  const formRef = useRef<HTMLFormElement>(null);
  const [defaultValues] = useState(() => withTypedValues(legalEntityFormValues(person, holdingFormValues(companies, shares, locale)), typedValues));
  const form = useForm<LegalEntityFormValues, unknown, LegalEntityFormValues>({
    resolver: legalEntityResolver,
    mode: 'onTouched',
    defaultValues,
    shouldFocusError: false,
  });
  const feedback = useModalFormFeedback(form, formRef, { isRevealed, serverIssues });
  useValuesChange(form, onValuesChange);

  const onSubmit = form.handleSubmit((values) => {
    const nextShares = toShares(values.holdings);
    const next = toLegalEntity(values, identity, person?.shareholders ?? []);
    onSave(withRegisterMark(next, person, { previous: shares, next: nextShares }), nextShares);
  }, feedback.focusFirstInvalid);

  return (
    <FormProvider {...form}>
      <form id={formId} ref={formRef} className={styles.personForm} noValidate onSubmit={(event) => void onSubmit(event)}>
        <LegalEntityFields />
        <OwnershipFields companies={companies} />
      </form>
    </FormProvider>
  );
}
