import { declineInvitationRequestSchema, type ReceivedInvitation } from '@onboarding/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-errors';
import { domainResolver, validationMessage } from '../../lib/domain-resolver';
import { useContractDownload } from '../../lib/download-contract';
import { applyFieldIssues } from '../../lib/form-errors';
import { writeSessionValues } from '../../lib/session-storage';
import { Button, HeaderBlock, Spinner, TextArea } from '../../ui';
import { formatBankDate, localeOf } from '../../lib/formats';
import { SigningView } from '../../lib/signing/signing-view';
import type { SigningHost } from '../../lib/signing/use-signing';
import { invitationQueryOptions, useDeclineInvitation, useInvitation } from './api/invitation';
import { OwnDetailsSection } from './own-details-section';
import styles from './invitation-page.module.css';

type DeclineInput = z.input<typeof declineInvitationRequestSchema>;

/**
 * /invitation/:token (decision 39): a board member asked by mail to sign the contract the applicant signed. Signed in
 * as themselves (the route guard kept the link through the sign-in), they see who asks, for which company and as
 * what; they check their own details and correct them in their own words (decision 40), read the contract, then sign it with PIN2 by any of the three methods, or decline with a reason the
 * applicant sees. Someone the invitation does not name is told only that the link is not theirs.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const query = useInvitation(token);
  // Opened: the link need not survive another sign-in.
  useEffect(() => writeSessionValues({ invitationToken: null }), []);
  if (query.data) return <InvitationContent token={token} invitation={query.data} />;
  if (query.isError) return <NotYours error={query.error} />;
  return <Spinner variant="page" />;
}

function NotYours({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const isMissing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <div className={styles.page}>
      <HeaderBlock headingLevel={1} variant="error" title={t(isMissing ? 'INVITATION.NOT_YOURS.TITLE' : 'INVITATION.LOAD_FAILED.TITLE')}>
        <p>{t(isMissing ? 'INVITATION.NOT_YOURS.MESSAGE' : 'INVITATION.LOAD_FAILED.MESSAGE')}</p>
      </HeaderBlock>
    </div>
  );
}

function InvitationContent({ token, invitation }: { token: string; invitation: ReceivedInvitation }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const locale = localeOf(i18n.language);
  const refresh = () => queryClient.invalidateQueries({ queryKey: invitationQueryOptions(token).queryKey });
  const host: SigningHost = {
    processId: invitation.processId,
    onSigned: () => void refresh(),
    reload: refresh,
    // The contract is the applicant's, signed already: the register cannot reopen it here.
    onRegisterChanged: () => void refresh(),
    onShowSubmitted: () => void refresh(),
    locksAnswers: false,
  };
  const company = invitation.company.registryCode
    ? t('INVITATION.COMPANY_WITH_CODE', { businessName: invitation.company.businessName, registryCode: invitation.company.registryCode })
    : invitation.company.businessName;

  // A request for details has texts of its own; an invitation to sign keeps the invitation's.
  const isRequest = invitation.purpose === 'DETAILS';
  const texts = isRequest ? 'INVITATION.REQUEST' : 'INVITATION';
  const isDone = invitation.status === 'SIGNED' || invitation.status === 'ANSWERED';
  const asks = invitation.role
    ? t('INVITATION.ASKS', { applicantName: invitation.applicantName, company, role: t(`INVITATION.ROLE.${invitation.role}`) })
    : t('INVITATION.REQUEST.ASKS', { applicantName: invitation.applicantName, company });

  return (
    <div className={styles.page}>
      <HeaderBlock headingLevel={1} title={t(`${texts}.HEADING.${invitation.status}`)} icon={isDone ? 'checkCircle' : 'infoCircle'}>
        {/* The request while it is open; afterwards the company it was about, and the answer below. */}
        <p>{invitation.status === 'PENDING' ? asks : company}</p>
        {invitation.status === 'PENDING' && <p className={styles.muted}>{t(`${texts}.VALID_UNTIL`, { date: formatBankDate(invitation.expiresAt, locale) })}</p>}
      </HeaderBlock>

      {invitation.status === 'PENDING' && (
        <>
          <OwnDetailsSection token={token} invitation={invitation} />
          {!isRequest && (
            <section aria-labelledby="invitation-sign-title" className={styles.section}>
              <h2 id="invitation-sign-title" ref={headingRef} tabIndex={-1} className={styles.title}>
                {t('INVITATION.SIGN_TITLE')}
              </h2>
              <p>{t('INVITATION.SIGN_TEXT')}</p>
              <SigningView host={host} onActiveChange={() => undefined} choiceHeadingRef={headingRef} />
            </section>
          )}
          <DeclineSection token={token} isRequest={isRequest} />
        </>
      )}
      {invitation.status !== 'PENDING' && <p>{t(`${texts}.DONE.${invitation.status}`, { applicantName: invitation.applicantName })}</p>}
      {invitation.status === 'ANSWERED' && <OwnDetailsSection token={token} invitation={invitation} />}
      {invitation.status === 'SIGNED' && <SignedContractLink processId={invitation.processId} />}
    </div>
  );
}

function SignedContractLink({ processId }: { processId: string }) {
  const { t } = useTranslation();
  const { download, isLoading, hasFailed } = useContractDownload(processId);
  return (
    <div>
      <Button variant="outline" leadingIcon="download" isLoading={isLoading} onClick={() => void download()}>
        {t('SUCCESS.DOWNLOAD')}
      </Button>
      <p role="alert" className={styles.error}>
        {hasFailed ? t('SUCCESS.DOWNLOAD_FAILED') : ''}
      </p>
    </div>
  );
}

/** Declining is a second thought, not a rival to signing: behind a button, then a reason the applicant reads. */
function DeclineSection({ token, isRequest }: { token: string; isRequest: boolean }) {
  const { t } = useTranslation();
  const decline = useDeclineInvitation(token);
  const [isOpen, setIsOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<DeclineInput, unknown, z.output<typeof declineInvitationRequestSchema>>({
    resolver: domainResolver(declineInvitationRequestSchema),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });
  const { errors, touchedFields, isSubmitted, isSubmitting } = formState;

  useEffect(() => {
    if (isOpen) setFocus('reason');
  }, [isOpen, setFocus]);

  const onSubmit = handleSubmit(async ({ reason }) => {
    setFailure(undefined);
    try {
      await decline.mutateAsync(reason);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        applyFieldIssues(error.fields, setError, setFocus, ['reason']);
        return;
      }
      setFailure(t(error instanceof ApiError && error.status === 409 ? 'INVITATION.DECLINE_CLOSED' : 'INVITATION.DECLINE_FAILED'));
    }
  });

  return (
    <section aria-labelledby="invitation-decline-title" className={styles.section}>
      <h2 id="invitation-decline-title" className={styles.title}>
        {t(isRequest ? 'INVITATION.REQUEST.DECLINE_TITLE' : 'INVITATION.DECLINE_TITLE')}
      </h2>
      {!isOpen && (
        <Button variant="outline" onClick={() => setIsOpen(true)} aria-expanded={false}>
          {t(isRequest ? 'INVITATION.REQUEST.DECLINE_OPEN' : 'INVITATION.DECLINE_OPEN')}
        </Button>
      )}
      {isOpen && (
        <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
          <TextArea
            label={t('INVITATION.DECLINE_REASON_LABEL')}
            hint={t('INVITATION.DECLINE_REASON_HINT')}
            error={validationMessage(t, errors.reason)}
            isTouched={Boolean(touchedFields.reason) || isSubmitted}
            {...register('reason')}
          />
          <div className={styles.actions}>
            <Button type="submit" variant="outline" isLoading={isSubmitting}>
              {t('INVITATION.DECLINE')}
            </Button>
            <Button variant="link" onClick={() => setIsOpen(false)}>
              {t('INVITATION.DECLINE_CANCEL')}
            </Button>
          </div>
        </form>
      )}
      <p role="alert" className={styles.error}>
        {failure ?? ''}
      </p>
    </section>
  );
}
