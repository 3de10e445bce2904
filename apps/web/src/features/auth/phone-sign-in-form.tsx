import { isLocale, type MobileIdStartInput } from '@onboarding/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationMessage } from '../../lib/domain-resolver';
import { readSignInAttempt, rememberSignInAttempt } from '../../lib/sign-in-attempt';
import { Button, Input } from '../../ui';
import { preloadSignInForms, signInFormRules } from './sign-in-form-rules';
import { signInFlow } from './sign-in-flow';
import { applyServerFieldErrors } from './use-server-field-errors';
import styles from './authentication-page.module.css';

type PhoneMethod = 'SMART_ID' | 'MOBILE_ID';

const forms = {
  SMART_ID: { rules: signInFormRules.SMART_ID, hintKey: 'AUTH.SMART_ID_HINT', hintId: 'smart-id-hint' },
  MOBILE_ID: { rules: signInFormRules.MOBILE_ID, hintKey: 'AUTH.MOBILE_ID_HINT', hintId: 'mobile-id-hint' },
} as const;

function initialValues(method: PhoneMethod): MobileIdStartInput {
  const attempt = readSignInAttempt();
  return attempt?.method === method ? { personalId: attempt.personalId, phoneNumber: attempt.phoneNumber } : { personalId: '', phoneNumber: '' };
}

/** Smart-ID asks for the personal code, Mobile-ID also for the phone number (docs/requirements.md section 3). */
export function PhoneSignInForm({ method }: { method: PhoneMethod }) {
  const { t, i18n } = useTranslation();
  const { rules, hintKey, hintId } = forms[method];
  const { register, handleSubmit, setError, setFocus, formState } = useForm<MobileIdStartInput>({
    resolver: rules.resolver,
    mode: 'onTouched',
    // Back from a refusal ("Try again"): what was typed for this method, to correct rather than type again.
    defaultValues: initialValues(method),
  });
  const { errors, touchedFields, isSubmitted, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ personalId, phoneNumber }) => {
    rememberSignInAttempt({ method, personalId, phoneNumber: method === 'MOBILE_ID' ? phoneNumber : '' });
    await (method === 'MOBILE_ID'
      ? signInFlow.startPolling({ method, input: { personalId, phoneNumber }, ...(isLocale(i18n.language) ? { language: i18n.language } : {}) })
      : signInFlow.startPolling({ method, input: { personalId } }));
    applyServerFieldErrors(setError, setFocus);
  });

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={hintId}>
      <p id={hintId} className={styles.hint}>
        {t(hintKey)}
      </p>
      <Input
        label={t('AUTH.PERSONAL_ID_LABEL')}
        onFocus={preloadSignInForms}
        inputMode="numeric"
        autoComplete="off"
        error={validationMessage(t, errors.personalId)}
        isTouched={Boolean(touchedFields.personalId) || isSubmitted}
        {...register('personalId')}
      />
      {method === 'MOBILE_ID' && (
        <Input
          label={t('AUTH.PHONE_LABEL')}
          hint={t('AUTH.PHONE_HINT')}
          type="tel"
          autoComplete="tel"
          error={validationMessage(t, errors.phoneNumber)}
          isTouched={Boolean(touchedFields.phoneNumber) || isSubmitted}
          {...register('phoneNumber')}
        />
      )}
      <Button type="submit" width="full" isLoading={isSubmitting}>
        {t('AUTH.SUBMIT')}
      </Button>
    </form>
  );
}
