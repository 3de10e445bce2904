import type { SmartIdStartInput } from '@onboarding/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationMessage } from '../../lib/domain-resolver';
import { Button, Card, Input } from '../../ui';
import { preloadSignInForms, signInFormRules } from './sign-in-form-rules';
import { ControlsUntilHydrated } from './controls-until-hydrated';
import { signInFlow } from './sign-in-flow';
import styles from './authentication-page.module.css';

/** Test and demo environments only (docs/design.md); the page settings say when it is on. */
export function MagicSignInForm() {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm<SmartIdStartInput>({
    resolver: signInFormRules.MAGIC.resolver,
    mode: 'onTouched',
    defaultValues: { personalId: '' },
  });
  const { errors, touchedFields, isSubmitted, isSubmitting } = formState;
  const onSubmit = handleSubmit(({ personalId }) => signInFlow.signInWithMagic(personalId));

  return (
    <Card as="section" width="large" isCentered className={styles.magic} aria-labelledby="magic-sign-in-title">
      <h2 id="magic-sign-in-title" className={styles.magicTitle}>
        {t('AUTH.MAGIC.TITLE')}
      </h2>
      <p className={styles.hint}>{t('AUTH.MAGIC.DESCRIPTION')}</p>
      <ControlsUntilHydrated>
        <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
          <Input
            id="magic-personal-id"
            label={t('AUTH.PERSONAL_ID_LABEL')}
            onFocus={preloadSignInForms}
            inputMode="numeric"
            autoComplete="off"
            error={validationMessage(t, errors.personalId)}
            isTouched={Boolean(touchedFields.personalId) || isSubmitted}
            {...register('personalId')}
          />
          <Button type="submit" variant="outline" width="full" isLoading={isSubmitting}>
            {t('AUTH.MAGIC.SUBMIT')}
          </Button>
        </form>
      </ControlsUntilHydrated>
    </Card>
  );
}
