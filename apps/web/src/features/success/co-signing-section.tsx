import { inviteRequestSchema, LOCALES, type CoSigner, type Invitation } from '@onboarding/domain';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-errors';
import { domainResolver, validationMessage } from '../../lib/domain-resolver';
import { applyFieldIssues } from '../../lib/form-errors';
import { rateLimitMessage, retryAtOf } from '../../lib/rate-limit';
import { Badge, Button, Input, Select, Spinner } from '../../ui';
import { useCoSigning, useInvitationActions } from './api/co-signing';
import { formatBankDate, localeOf } from '../../lib/formats';
import styles from './co-signing-section.module.css';

type FormInput = z.input<typeof inviteRequestSchema>;

/**
 * The board members who must sign too (decision 39), on the status page of an application waiting for their
 * signatures: how many are still needed, and for each member the latest invitation, its answer and what the
 * applicant can do now (invite, mail the link again, withdraw it).
 */
export function CoSigningSection({ processId, isWaiting }: { processId: string; isWaiting: boolean }) {
  const { t } = useTranslation();
  const query = useCoSigning(processId, isWaiting);
  if (!query.data) {
    // Once submitted, the section only recalls who signed: nothing to say when it cannot be read.
    if (!isWaiting) return null;
    return query.isError ? (
      <p role="alert" className={styles.error}>
        {t('CO_SIGNING.LOAD_FAILED')}
      </p>
    ) : (
      <Spinner />
    );
  }
  const { othersNeeded, signedCount, coSigners } = query.data;
  // Submitted without the product collecting signatures (the applicant signed alone, or the bank asks the board): none to show.
  if (!isWaiting && signedCount === 0) return null;
  return (
    <section aria-labelledby="co-signing-title" className={styles.section}>
      <h2 id="co-signing-title" className={styles.title}>
        {t('CO_SIGNING.TITLE')}
      </h2>
      <p>{t('CO_SIGNING.NEEDED', { needed: othersNeeded, signed: signedCount })}</p>
      {isWaiting && <p className={styles.muted}>{t('CO_SIGNING.HOW')}</p>}
      <ul className={styles.list}>
        {coSigners
          // Once submitted: only those who signed.
          .filter((coSigner) => isWaiting || coSigner.invitation?.status === 'SIGNED')
          .map((coSigner) => (
            <CoSignerItem key={coSigner.candidateIndex} processId={processId} coSigner={coSigner} isWaiting={isWaiting} />
          ))}
      </ul>
    </section>
  );
}

/** What the last action of a board member's card said: a text of its own, or a rate limit's refusal. */
type Notice =
  | {
      key: 'CO_SIGNING.INVITED' | 'CO_SIGNING.SENT_AGAIN' | 'CO_SIGNING.WITHDRAWN' | 'CO_SIGNING.CHANGED' | 'CO_SIGNING.FAILED';
      values?: Record<string, string>;
    }
  | { retryAt: number };

function StatusLine({ invitation }: { invitation: Invitation | null }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  if (!invitation) return <Badge>{t('CO_SIGNING.STATUS.NOT_INVITED')}</Badge>;
  const date = (iso: string | null) => (iso ? formatBankDate(iso, locale) : '');
  switch (invitation.status) {
    case 'PENDING':
      return (
        <>
          <Badge>{t('CO_SIGNING.STATUS.PENDING')}</Badge>
          <p className={styles.detail}>{t('CO_SIGNING.SENT_TO', { email: invitation.email, date: date(invitation.expiresAt) })}</p>
        </>
      );
    case 'SIGNED':
      return (
        <>
          <Badge>{t('CO_SIGNING.STATUS.SIGNED')}</Badge>
          <p className={styles.detail}>{t('CO_SIGNING.SIGNED_ON', { date: date(invitation.answeredAt) })}</p>
        </>
      );
    case 'DECLINED':
      return (
        <>
          <Badge variant="error">{t('CO_SIGNING.STATUS.DECLINED')}</Badge>
          <p className={styles.detail}>{t('CO_SIGNING.DECLINED_ON', { date: date(invitation.answeredAt) })}</p>
          {invitation.declineReason && <blockquote className={styles.reason}>{invitation.declineReason}</blockquote>}
        </>
      );
    case 'WITHDRAWN':
      return <Badge>{t('CO_SIGNING.STATUS.WITHDRAWN')}</Badge>;
    case 'EXPIRED':
      return <Badge variant="error">{t('CO_SIGNING.STATUS.EXPIRED')}</Badge>;
  }
}

function CoSignerItem({ processId, coSigner, isWaiting }: { processId: string; coSigner: CoSigner; isWaiting: boolean }) {
  const { t, i18n } = useTranslation();
  const actions = useInvitationActions(processId);
  const headingId = useId();
  // Kept as a key and its values, so the notice follows a change of language.
  const [notice, setNotice] = useState<Notice>();
  const { invitation } = coSigner;
  const name = `${coSigner.firstName} ${coSigner.lastName}`;
  // A new invitation once the last one ended without a signature (or there was none).
  const mayInvite = isWaiting && (!invitation || invitation.status === 'DECLINED' || invitation.status === 'WITHDRAWN' || invitation.status === 'EXPIRED');

  const explain = (error: unknown) => {
    const retryAt = retryAtOf(error);
    if (retryAt !== undefined) setNotice({ retryAt });
    else setNotice({ key: error instanceof ApiError && error.status === 409 ? 'CO_SIGNING.CHANGED' : 'CO_SIGNING.FAILED' });
  };

  const noticeText = (shown: Notice | undefined): string => {
    if (!shown) return '';
    if ('retryAt' in shown) {
      const limited = rateLimitMessage(t, shown.retryAt, i18n.language);
      return `${limited.title} ${limited.message}`;
    }
    return t(shown.key, { email: shown.values?.email ?? '', name: shown.values?.name ?? '' });
  };

  const run = async (work: () => Promise<unknown>, done: Notice) => {
    setNotice(undefined);
    try {
      await work();
      setNotice(done);
    } catch (error) {
      explain(error);
    }
  };

  return (
    <li className={styles.item} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.name}>
        {name}
      </h3>
      <StatusLine invitation={invitation} />
      {isWaiting && invitation?.status === 'PENDING' && (
        <div className={styles.actions}>
          {invitation.maySendAgain && (
            <Button
              variant="outline"
              size="small"
              isLoading={actions.sendAgain.isPending}
              onClick={() =>
                void run(() => actions.sendAgain.mutateAsync(invitation.invitationId), { key: 'CO_SIGNING.SENT_AGAIN', values: { email: invitation.email } })
              }
            >
              {t('CO_SIGNING.SEND_AGAIN')}
            </Button>
          )}
          <Button
            variant="link"
            isLoading={actions.withdraw.isPending}
            onClick={() => void run(() => actions.withdraw.mutateAsync(invitation.invitationId), { key: 'CO_SIGNING.WITHDRAWN', values: { name } })}
          >
            {t('CO_SIGNING.WITHDRAW')}
          </Button>
        </div>
      )}
      {mayInvite && <InviteForm invite={actions.invite} coSigner={coSigner} name={name} onDone={setNotice} onError={explain} />}
      <p role="status" className={styles.notice}>
        {noticeText(notice)}
      </p>
    </li>
  );
}

type InviteFormProps = {
  invite: ReturnType<typeof useInvitationActions>['invite'];
  coSigner: CoSigner;
  name: string;
  onDone: (notice: Notice) => void;
  onError: (error: unknown) => void;
};

function InviteForm({ invite, coSigner, name, onDone, onError }: InviteFormProps) {
  const { t, i18n } = useTranslation();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<FormInput, unknown, z.output<typeof inviteRequestSchema>>({
    resolver: domainResolver(inviteRequestSchema),
    mode: 'onTouched',
    defaultValues: { candidateIndex: coSigner.candidateIndex, email: '', language: localeOf(i18n.language) },
  });
  const { errors, touchedFields, isSubmitted, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
      onDone({ key: 'CO_SIGNING.INVITED', values: { email: values.email } });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        applyFieldIssues(error.fields, setError, setFocus, ['email', 'language']);
        return;
      }
      onError(error);
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('CO_SIGNING.FORM_LABEL', { name })}>
      <Input
        label={t('CO_SIGNING.EMAIL_LABEL', { name })}
        type="email"
        autoComplete="off"
        error={validationMessage(t, errors.email)}
        isTouched={Boolean(touchedFields.email) || isSubmitted}
        {...register('email')}
      />
      <Select
        label={t('CO_SIGNING.LANGUAGE_LABEL')}
        options={LOCALES.map((locale) => ({ value: locale, label: t(`LANGUAGES.${locale}`) }))}
        error={validationMessage(t, errors.language)}
        isTouched={Boolean(touchedFields.language) || isSubmitted}
        {...register('language')}
      />
      <Button type="submit" isLoading={isSubmitting}>
        {t(coSigner.invitation ? 'CO_SIGNING.INVITE_AGAIN' : 'CO_SIGNING.INVITE')}
      </Button>
    </form>
  );
}
