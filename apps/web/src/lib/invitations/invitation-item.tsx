import { invitationAddressSchema, LOCALES, type Invitation, type InvitationAddress } from '@onboarding/domain';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Badge, Button, Input, Select } from '../../ui';
import { ApiError } from '../api-errors';
import { domainResolver, validationMessage } from '../domain-resolver';
import { applyFieldIssues } from '../form-errors';
import { formatBankDate, localeOf } from '../formats';
import { rateLimitMessage, retryAtOf } from '../rate-limit';
import styles from './invitation-item.module.css';

/** The texts of one kind of invitation: to sign too (decision 39), or to give one's own details (decision 40). */
export type InvitationTexts = 'CO_SIGNING' | 'DETAILS_REQUEST';

export type InvitationActions = {
  invite: (address: InvitationAddress) => Promise<unknown>;
  sendAgain: (invitationId: string) => Promise<unknown>;
  withdraw: (invitationId: string) => Promise<unknown>;
};

type Props = {
  texts: InvitationTexts;
  /** The invited person's name, for the labels. */
  name: string;
  /** The item's heading: the person's name in a list of persons, or what is asked on the person's own card. */
  title: string;
  headingLevel: 3 | 4;
  invitation: Invitation | null;
  /** Whether the applicant may act on it now (invite, mail again, withdraw). */
  isActive: boolean;
  actions: InvitationActions;
  /** `li` in a list of invitations, `div` inside something that is already one. */
  as?: 'li' | 'div';
  className?: string;
};

/** What the last action said: a text of its own, or a rate limit's refusal. */
type Notice = { key: 'INVITED' | 'SENT_AGAIN' | 'WITHDRAWN' | 'CHANGED' | 'FAILED'; values?: Record<string, string> } | { retryAt: number };

/**
 * One person the applicant asks by a mailed link: the latest invitation's state and answer, and what the applicant
 * can do now (invite, mail the link again, withdraw it), with the outcome of each said in place.
 */
export function InvitationItem({ texts, name, title, headingLevel, invitation, isActive, actions, as: Element = 'li', className }: Props) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  // Kept as a key and its values, so the notice follows a change of language.
  const [notice, setNotice] = useState<Notice>();
  const [busy, setBusy] = useState<'SEND_AGAIN' | 'WITHDRAW'>();
  // A new invitation once the last one ended without an answer (or there was none).
  const mayInvite = isActive && (!invitation || invitation.status === 'DECLINED' || invitation.status === 'WITHDRAWN' || invitation.status === 'EXPIRED');

  const explain = (error: unknown) => {
    const retryAt = retryAtOf(error);
    if (retryAt !== undefined) setNotice({ retryAt });
    else setNotice({ key: error instanceof ApiError && error.status === 409 ? 'CHANGED' : 'FAILED' });
  };

  const noticeText = (shown: Notice | undefined): string => {
    if (!shown) return '';
    if ('retryAt' in shown) {
      const limited = rateLimitMessage(t, shown.retryAt, i18n.language);
      return `${limited.title} ${limited.message}`;
    }
    return t(`${texts}.${shown.key}`, { email: shown.values?.email ?? '', name: shown.values?.name ?? '' });
  };

  const run = async (action: 'SEND_AGAIN' | 'WITHDRAW', work: () => Promise<unknown>, done: Notice) => {
    setNotice(undefined);
    setBusy(action);
    try {
      await work();
      setNotice(done);
    } catch (error) {
      explain(error);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Element className={[styles.item, className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.name}>
        {title}
      </Heading>
      <StatusLine texts={texts} invitation={invitation} />
      {isActive && invitation?.status === 'PENDING' && (
        <div className={styles.actions}>
          {invitation.maySendAgain && (
            <Button
              variant="outline"
              size="small"
              isLoading={busy === 'SEND_AGAIN'}
              onClick={() =>
                void run('SEND_AGAIN', () => actions.sendAgain(invitation.invitationId), { key: 'SENT_AGAIN', values: { email: invitation.email } })
              }
            >
              {t(`${texts}.SEND_AGAIN`)}
            </Button>
          )}
          <Button
            variant="link"
            isLoading={busy === 'WITHDRAW'}
            onClick={() => void run('WITHDRAW', () => actions.withdraw(invitation.invitationId), { key: 'WITHDRAWN', values: { name } })}
          >
            {t(`${texts}.WITHDRAW`)}
          </Button>
        </div>
      )}
      {mayInvite && <InviteForm texts={texts} invite={actions.invite} isAgain={invitation !== null} name={name} onDone={setNotice} onError={explain} />}
      <p role="status" className={styles.notice}>
        {noticeText(notice)}
      </p>
    </Element>
  );
}

function StatusLine({ texts, invitation }: { texts: InvitationTexts; invitation: Invitation | null }): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  if (!invitation) return <Badge>{t(`${texts}.STATUS.NOT_INVITED`)}</Badge>;
  const date = (iso: string | null) => (iso ? formatBankDate(iso, locale) : '');
  switch (invitation.status) {
    case 'PENDING':
      return (
        <>
          <Badge>{t(`${texts}.STATUS.PENDING`)}</Badge>
          <p className={styles.detail}>{t(`${texts}.SENT_TO`, { email: invitation.email, date: date(invitation.expiresAt) })}</p>
        </>
      );
    case 'SIGNED':
    case 'ANSWERED':
      return (
        <>
          <Badge>{t(`${texts}.STATUS.DONE`)}</Badge>
          <p className={styles.detail}>{t(`${texts}.DONE_ON`, { date: date(invitation.answeredAt) })}</p>
        </>
      );
    case 'DECLINED':
      return (
        <>
          <Badge variant="error">{t(`${texts}.STATUS.DECLINED`)}</Badge>
          <p className={styles.detail}>{t(`${texts}.DECLINED_ON`, { date: date(invitation.answeredAt) })}</p>
          {invitation.declineReason && <blockquote className={styles.reason}>{invitation.declineReason}</blockquote>}
        </>
      );
    case 'WITHDRAWN':
      return <Badge>{t(`${texts}.STATUS.WITHDRAWN`)}</Badge>;
    case 'EXPIRED':
      return <Badge variant="error">{t(`${texts}.STATUS.EXPIRED`)}</Badge>;
  }
}

type FormInput = z.input<typeof invitationAddressSchema>;

type InviteFormProps = {
  texts: InvitationTexts;
  invite: InvitationActions['invite'];
  isAgain: boolean;
  name: string;
  onDone: (notice: Notice) => void;
  onError: (error: unknown) => void;
};

function InviteForm({ texts, invite, isAgain, name, onDone, onError }: InviteFormProps) {
  const { t, i18n } = useTranslation();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<FormInput, unknown, InvitationAddress>({
    resolver: domainResolver(invitationAddressSchema),
    mode: 'onTouched',
    defaultValues: { email: '', language: localeOf(i18n.language) },
  });
  const { errors, touchedFields, isSubmitted, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await invite(values);
      onDone({ key: 'INVITED', values: { email: values.email } });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        applyFieldIssues(error.fields, setError, setFocus, ['email', 'language']);
        return;
      }
      onError(error);
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t(`${texts}.FORM_LABEL`, { name })}>
      <Input
        label={t(`${texts}.EMAIL_LABEL`, { name })}
        type="email"
        autoComplete="off"
        error={validationMessage(t, errors.email)}
        isTouched={Boolean(touchedFields.email) || isSubmitted}
        {...register('email')}
      />
      <Select
        label={t(`${texts}.LANGUAGE_LABEL`)}
        options={LOCALES.map((locale) => ({ value: locale, label: t(`LANGUAGES.${locale}`) }))}
        error={validationMessage(t, errors.language)}
        isTouched={Boolean(touchedFields.language) || isSubmitted}
        {...register('language')}
      />
      <Button type="submit" isLoading={isSubmitting}>
        {t(isAgain ? `${texts}.INVITE_AGAIN` : `${texts}.INVITE`)}
      </Button>
    </form>
  );
}
