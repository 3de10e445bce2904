import { mobileIdStartInputSchema, type MobileIdStartInput } from '@onboarding/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { domainResolver, validationMessage } from '../../lib/domain-resolver';
import { Button, Input } from '../../ui';
import { signInFlow } from './sign-in-flow';
import { applyServerFieldErrors } from './use-server-field-errors';
import styles from './authentication-page.module.css';

export function MobileIdForm() {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<MobileIdStartInput>({
    resolver: domainResolver(mobileIdStartInputSchema),
    mode: 'onTouched',
    defaultValues: { personalId: '', phoneNumber: '' },
  });
  const { errors, touchedFields, isSubmitted, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (input) => {
    await signInFlow.startPolling({ method: 'MOBILE_ID', input });
    applyServerFieldErrors(setError, setFocus);
  });

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby="mobile-id-hint">
      <p id="mobile-id-hint" className={styles.hint}>
        {t('AUTH.MOBILE_ID_HINT')}
      </p>
      <Input
        label={t('AUTH.PERSONAL_ID_LABEL')}
        inputMode="numeric"
        autoComplete="off"
        error={validationMessage(t, errors.personalId)}
        isTouched={Boolean(touchedFields.personalId) || isSubmitted}
        {...register('personalId')}
      />
      <Input
        label={t('AUTH.PHONE_LABEL')}
        hint={t('AUTH.PHONE_HINT')}
        type="tel"
        autoComplete="tel"
        error={validationMessage(t, errors.phoneNumber)}
        isTouched={Boolean(touchedFields.phoneNumber) || isSubmitted}
        {...register('phoneNumber')}
      />
      <Button type="submit" width="full" isLoading={isSubmitting}>
        {t('AUTH.SUBMIT')}
      </Button>
    </form>
  );
}
