import type { MobileIdStartInput } from '@onboarding/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationMessage } from '../../lib/domain-resolver';
import { Button, Input } from '../../ui';
import { preloadSignInForms, signInFormRules } from './sign-in-form-rules';
import { signInFlow } from './sign-in-flow';
import styles from './authentication-page.module.css';

/** ID-card through the eid host (a TLS client certificate), or simulated mode's card reader. */
export function IdCardSignIn({ eidUrl }: { eidUrl: string }) {
  return eidUrl ? <EidHostSignIn eidUrl={eidUrl} /> : <SimulatedCardReaderSignIn />;
}

function EidHostSignIn({ eidUrl }: { eidUrl: string }) {
  const { t } = useTranslation();
  const [isLoading, setIsLoading] = useState(false);

  const signIn = async () => {
    setIsLoading(true);
    try {
      await signInFlow.signInWithIdCard(eidUrl);
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <div className={styles.form}>
      <p id="id-card-hint" className={styles.hint}>
        {t('AUTH.ID_CARD_HINT')}
      </p>
      <Button width="full" isLoading={isLoading} aria-describedby="id-card-hint" onClick={() => void signIn()}>
        {t('AUTH.ID_CARD_SUBMIT')}
      </Button>
    </div>
  );
}

/**
 * Simulated mode: the personal code chooses the card in the simulated reader,
 * which answers the server's challenge in place of the card and PIN1.
 */
function SimulatedCardReaderSignIn() {
  const { t } = useTranslation();
  // The Smart-ID form's rules: a personal code only (the phone number stays unused).
  const { register, handleSubmit, formState } = useForm<MobileIdStartInput>({
    resolver: signInFormRules.SMART_ID.resolver,
    mode: 'onTouched',
    defaultValues: { personalId: '', phoneNumber: '' },
  });
  const { errors, touchedFields, isSubmitted, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ personalId }) => {
    await signInFlow.signInWithSimulatedIdCard(personalId);
  });

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby="id-card-hint">
      <p id="id-card-hint" className={styles.hint}>
        {t('AUTH.ID_CARD_SIMULATED_HINT')}
      </p>
      <Input
        label={t('AUTH.ID_CARD_SIMULATED_LABEL')}
        onFocus={preloadSignInForms}
        inputMode="numeric"
        autoComplete="off"
        error={validationMessage(t, errors.personalId)}
        isTouched={Boolean(touchedFields.personalId) || isSubmitted}
        {...register('personalId')}
      />
      <Button type="submit" width="full" isLoading={isSubmitting}>
        {t('AUTH.ID_CARD_SUBMIT')}
      </Button>
    </form>
  );
}
