import { EMAIL_CONFIRMATION_CODE_LENGTH, emailConfirmationSchema } from '@onboarding/domain';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-errors';
import { domainResolver, validationMessage } from '../../lib/domain-resolver';
import { applyFieldIssues } from '../../lib/form-errors';
import { rateLimitMessage, retryAtOf } from '../../lib/rate-limit';
import { Button, Input } from '../../ui';
import { useConfirmEmail, useSendEmailConfirmationCode } from './api/email-confirmation';
import styles from './personal-information-page.module.css';

type FormInput = z.input<typeof emailConfirmationSchema>;

export type CodeRequest = { email: string; validMinutes?: number; retryAt?: number };

type Props = {
  /** Where the code went, and until when a new one cannot be asked for (a refused request). */
  request: CodeRequest;
  onConfirmed: () => void | Promise<void>;
  onChangeEmail: () => void;
};

/**
 * The code mailed to the address just saved, typed back: the bank writes only to an address confirmed so. The
 * heading takes the focus when the step appears, so a screen reader says where the user is now.
 */
export function EmailConfirmationForm({ request, onConfirmed, onChangeEmail }: Props) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirmEmail();
  const resend = useSendEmailConfirmationCode();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [retryAt, setRetryAt] = useState(request.retryAt);
  const [resentTo, setResentTo] = useState<string>();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<FormInput, unknown, z.output<typeof emailConfirmationSchema>>({
    resolver: domainResolver(emailConfirmationSchema),
    mode: 'onTouched',
    defaultValues: { code: '' },
  });
  const { errors, touchedFields, isSubmitted, isSubmitting } = formState;

  useEffect(() => headingRef.current?.focus(), []);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync(values);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') applyFieldIssues(error.fields, setError, setFocus, ['code']);
      const limitedUntil = retryAtOf(error);
      if (limitedUntil !== undefined) setRetryAt(limitedUntil);
      return;
    }
    await onConfirmed();
  });

  const sendAgain = async () => {
    setResentTo(undefined);
    try {
      const sent = await resend.mutateAsync();
      setRetryAt(undefined);
      setResentTo(sent.email);
    } catch (error) {
      // Confirmed meanwhile (in another tab): nothing to send.
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        await onConfirmed();
        return;
      }
      const limitedUntil = retryAtOf(error);
      if (limitedUntil !== undefined) setRetryAt(limitedUntil);
    }
  };

  const limited = retryAt === undefined ? null : rateLimitMessage(t, retryAt, i18n.language);
  return (
    <section className={styles.confirmation} aria-labelledby="email-confirmation-title">
      <h2 id="email-confirmation-title" ref={headingRef} tabIndex={-1} className={styles.confirmationTitle}>
        {t('PERSONAL_INFORMATION.CONFIRM_TITLE')}
      </h2>
      {request.validMinutes !== undefined && (
        <p className={styles.confirmationText}>{t('PERSONAL_INFORMATION.CONFIRM_SENT', { email: request.email, minutes: request.validMinutes })}</p>
      )}
      <p className={styles.note}>{t('PERSONAL_INFORMATION.CONFIRM_WHY')}</p>
      {limited && (
        <p role="alert" className={styles.limited}>
          <strong>{limited.title}</strong> {limited.message}
        </p>
      )}
      <p role="status" className={styles.confirmationText}>
        {resentTo ? t('PERSONAL_INFORMATION.RESENT', { email: resentTo }) : ''}
      </p>
      <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <Input
          label={t('PERSONAL_INFORMATION.CODE_LABEL')}
          hint={t('PERSONAL_INFORMATION.CODE_HINT')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={EMAIL_CONFIRMATION_CODE_LENGTH}
          className={styles.code}
          error={validationMessage(t, errors.code)}
          isTouched={Boolean(touchedFields.code) || isSubmitted}
          {...register('code')}
        />
        <Button type="submit" width="full" isLoading={isSubmitting}>
          {t('PERSONAL_INFORMATION.CONFIRM')}
        </Button>
      </form>
      <div className={styles.confirmationActions}>
        <Button variant="link" isLoading={resend.isPending} onClick={() => void sendAgain()}>
          {t('PERSONAL_INFORMATION.RESEND')}
        </Button>
        <Button variant="link" onClick={onChangeEmail}>
          {t('PERSONAL_INFORMATION.CHANGE_EMAIL')}
        </Button>
      </div>
    </section>
  );
}
