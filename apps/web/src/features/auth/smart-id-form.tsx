import { smartIdStartInputSchema, type SmartIdStartInput } from '@onboarding/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { domainResolver, validationMessage } from '../../lib/domain-resolver';
import { Button, Input } from '../../ui';
import { signInFlow } from './sign-in-flow';
import { applyServerFieldErrors } from './use-server-field-errors';
import styles from './authentication-page.module.css';

export function SmartIdForm() {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<SmartIdStartInput>({
    resolver: domainResolver(smartIdStartInputSchema),
    mode: 'onTouched',
    defaultValues: { personalId: '' },
  });
  const { errors, touchedFields, isSubmitted, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (input) => {
    await signInFlow.startPolling({ method: 'SMART_ID', input });
    applyServerFieldErrors(setError, setFocus);
  });

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby="smart-id-hint">
      <p id="smart-id-hint" className={styles.hint}>
        {t('AUTH.SMART_ID_HINT')}
      </p>
      <Input
        label={t('AUTH.PERSONAL_ID_LABEL')}
        inputMode="numeric"
        autoComplete="off"
        error={validationMessage(t, errors.personalId)}
        isTouched={Boolean(touchedFields.personalId) || isSubmitted}
        {...register('personalId')}
      />
      <Button type="submit" width="full" isLoading={isSubmitting}>
        {t('AUTH.SUBMIT')}
      </Button>
    </form>
  );
}
