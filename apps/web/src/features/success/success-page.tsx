import { stepToScreen, type ApplicationView, type TimelineEntry } from '@onboarding/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useRouteLoaderData } from 'react-router';
import { readOnlineBankUrl } from '../../lib/page-settings';
import { paths, screenPath } from '../../lib/paths';
import { PROCESS_ROUTE_ID, type ProcessRouteData } from '../../lib/process-route';
import { ApplicationLoadFailed } from '../../lib/application-load-failed';
import { applicationQueryKey, useApplication } from '../../lib/application-query';
import { Button, HeaderBlock, Icon, Spinner } from '../../ui';
import { useContractDownload, useSignedContractDownload } from '../../lib/download-contract';
import { useApplicationTimeline } from './api/application-timeline';
import { ApplicationHistorySection } from './application-history';
import { CoSigningSection } from './co-signing-section';
import { ServiceFeeInvoiceSection } from './service-fee-invoice';
import { BookedOffice, StatusTimeline } from './status-timeline';
import { hasDecision, stepsAhead } from './steps-ahead';
import styles from './success-page.module.css';

/**
 * docs/requirements.md section 2: /success, for a signed-in user with a stored
 * process id (the route guard sees to both): contract signed, application
 * submitted, what happens next, the contract and the home page. It is also the
 * status page of the submitted application: the bank's decisions as a timeline,
 * each with what the applicant does next, read again while the page is visible.
 * The account opens only after the follow-up (docs/requirements.md section 4), so
 * until the bank approves it the main action is what the user can do now: download
 * the contract, as a PDF to read or as the signed ASiC-E container that
 * DigiDoc4 opens. It reads the application itself, so a reload shows the same page.
 */
export function SuccessPage() {
  const data = useRouteLoaderData<ProcessRouteData>(PROCESS_ROUTE_ID);
  if (!data?.processId) return <Navigate to={paths.chooseCompany} replace />;
  return <SubmittedApplication key={data.processId} processId={data.processId} />;
}

function SubmittedApplication({ processId }: { processId: string }) {
  const query = useApplication(processId);
  // A failed refetch keeps the application it had: that is still the page to show.
  if (query.data) {
    // The server-given step decides the screen (docs/requirements.md section 2): one not yet submitted is still being
    // filled. One the bank reopened stays here, where its request and the way into the reopened step are.
    const isReopened = query.data.status === 'IN_PROGRESS' && !!query.data.reopenedSteps?.length;
    if (query.data.currentStep !== 'ApplicationSubmitted' && !isReopened) return <Navigate to={screenPath(stepToScreen(query.data.currentStep))} replace />;
    return <SuccessContent application={query.data} />;
  }
  if (query.isError) return <ApplicationLoadFailed error={query.error} />;
  return <Spinner variant="page" />;
}

/** The office chosen on the overview, where IDENTIFY_IN_OFFICE sends the representative. */
const chosenOfficeId = (application: ApplicationView): string | null => {
  const overview = (application.steps.ApplicationOverview ?? application.steps.AdditionalData) as
    { identificationLocation?: { officeId?: unknown } } | undefined;
  const officeId = overview?.identificationLocation?.officeId;
  return typeof officeId === 'string' ? officeId : null;
};

type PageState = 'AWAITING_SIGNATURES' | 'SUBMITTED' | 'PROCESSING' | 'REOPENED' | 'APPROVED' | 'DECLINED';

/** The page's heading for each state; a fresh submission keeps the screen's own title. */
const HEADINGS = {
  AWAITING_SIGNATURES: 'SUCCESS.HEADING.AWAITING_SIGNATURES',
  SUBMITTED: 'SCREENS.SUCCESS.TITLE',
  PROCESSING: 'SUCCESS.HEADING.PROCESSING',
  REOPENED: 'SUCCESS.HEADING.REOPENED',
  APPROVED: 'SUCCESS.HEADING.APPROVED',
  DECLINED: 'SUCCESS.HEADING.DECLINED',
} as const satisfies Record<PageState, string>;

/**
 * Where the application stands (docs/requirements.md section 4: submitted and being handled, or an active
 * company with an account): signed by the applicant and waiting for the board members who must sign too (decision
 * 39), the bank's final answer, its request for more information, a submission with
 * nothing decided yet (what the page has always shown), or one the bank is working on.
 */
function pageStateOf(status: ApplicationView['status'], reopenedSteps: readonly string[] | null | undefined, latest: TimelineEntry | undefined): PageState {
  if (status === 'APPROVED' || status === 'DECLINED' || status === 'AWAITING_SIGNATURES') return status;
  if (status === 'IN_PROGRESS' && reopenedSteps?.length) return 'REOPENED';
  return !latest || latest.kind === 'SUBMITTED' ? 'SUBMITTED' : 'PROCESSING';
}

/**
 * docs/requirements.md section 2: the success page offers the online bank. Before the account is open it holds
 * nothing of the application, so the link says what the person will find there and when.
 */
function OnlineBank() {
  const { t } = useTranslation();
  const onlineBankUrl = readOnlineBankUrl();
  if (!onlineBankUrl) return null;
  return (
    <>
      <p id="success-online-bank-hint">{t('SUCCESS.ONLINE_BANK_BEFORE_OPEN')}</p>
      <p>
        <a href={onlineBankUrl} className={styles.secondaryAction} aria-describedby="success-online-bank-hint">
          {t('SUCCESS.ONLINE_BANK')}
        </a>
      </p>
    </>
  );
}

function SuccessContent({ application }: { application: ApplicationView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const timeline = useApplicationTimeline(application.processId);
  const { download, isLoading: isDownloading, hasFailed: isDownloadFailed } = useContractDownload(application.processId);
  const signedContract = useSignedContractDownload(application.processId);
  // No follow-up recorded: the bank's default, a manager in touch (docs/requirements.md section 9: a couple of
  // working days).
  const followUp = application.followUp ?? 'MANAGER_CONTACT';

  // A decision that changed the application (reopened or final): read it again, so its step and status are the server's.
  const timelineStatus = timeline.data?.status;
  useEffect(() => {
    if (timelineStatus && timelineStatus !== application.status) {
      void queryClient.invalidateQueries({ queryKey: applicationQueryKey(application.processId), exact: true });
    }
  }, [timelineStatus, application.status, application.processId, queryClient]);

  // Until the timeline answers (or if it cannot), the submission the application itself records.
  const entries: readonly TimelineEntry[] =
    timeline.data?.entries ?? (application.submittedAt ? [{ kind: 'SUBMITTED', at: application.submittedAt, method: null, isResubmission: false }] : []);
  const status = timeline.data?.status ?? application.status;
  const reopenedSteps = timeline.data ? timeline.data.reopenedSteps : application.reopenedSteps;
  const state = pageStateOf(status, reopenedSteps, entries.at(-1));
  // The fee's invoice while it is to be paid: issued (with the submission or by the bank), not yet received, no final answer.
  const invoice = (timeline.data ? timeline.data.serviceFeeInvoice : application.serviceFeeInvoice) ?? null;
  const isFeePaid = hasDecision(entries, 'FEE_PAID');
  const invoiceToPay = invoice && !isFeePaid && status !== 'APPROVED' && status !== 'DECLINED' ? invoice : null;
  // The server-given step decides the screen: the application's current step is the first one reopened.
  const reopenedStep = application.currentStep === 'ApplicationSubmitted' ? reopenedSteps?.[0] : application.currentStep;
  const reopenedStepPath = state === 'REOPENED' && reopenedStep ? screenPath(stepToScreen(reopenedStep)) : null;

  const downloads = (
    <div className={styles.downloads}>
      <div className={styles.actions}>
        {/* The main action while nothing is decided; later it gives way to what the bank's newest entry asks. */}
        <Button variant={state === 'SUBMITTED' ? 'primary' : 'outline'} leadingIcon="download" isLoading={isDownloading} onClick={() => void download()}>
          {t('SUCCESS.DOWNLOAD')}
        </Button>
        {/* The contract as signed: the PDF with the signature, its time-stamp and the certificate's status. */}
        <Button
          variant="outline"
          leadingIcon="download"
          isLoading={signedContract.isLoading}
          onClick={() => void signedContract.download()}
          aria-describedby="success-signed-contract-hint"
        >
          {t('SUCCESS.DOWNLOAD_SIGNED')}
        </Button>
      </div>
      <p id="success-signed-contract-hint" className={styles.hint}>
        {t('SUCCESS.DOWNLOAD_SIGNED_HINT')}
      </p>
    </div>
  );

  return (
    <div className={styles.page}>
      <HeaderBlock
        headingLevel={1}
        title={t(HEADINGS[state])}
        icon={state === 'SUBMITTED' || state === 'APPROVED' ? 'checkCircle' : 'infoCircle'}
        className={styles.header}
      >
        {state === 'AWAITING_SIGNATURES' && (
          <>
            <p className={styles.signed}>
              <Icon name="check" size="html-text-size" />
              {t('SUCCESS.SIGNED')}
            </p>
            <p>{t('SUCCESS.AWAITING_SIGNATURES', { businessName: application.company.businessName })}</p>
          </>
        )}
        {state === 'SUBMITTED' && (
          <>
            <p className={styles.signed}>
              <Icon name="check" size="html-text-size" />
              {t('SUCCESS.SIGNED')}
            </p>
            <p>{t('SUCCESS.SUBMITTED', { businessName: application.company.businessName })}</p>
          </>
        )}
        <p className={styles.applicationNumber}>{t('SUCCESS.APPLICATION_NUMBER', { number: application.applicationNumber })}</p>
      </HeaderBlock>

      {state === 'SUBMITTED' && (
        <section aria-labelledby="success-next-title" className={styles.next}>
          <h2 id="success-next-title" className={styles.nextTitle}>
            {t('SUCCESS.NEXT_TITLE')}
          </h2>
          {/* The invoice, when there is one, is right below; otherwise the bank sends it (docs/decisions/0042). */}
          <p>{t(followUp === 'PAY_SERVICE_FEE' && invoice ? 'SUCCESS.FOLLOW_UP.PAY_SERVICE_FEE_INVOICED' : `SUCCESS.FOLLOW_UP.${followUp}`)}</p>
          {followUp === 'IDENTIFY_IN_OFFICE' && <BookedOffice officeId={chosenOfficeId(application)} labelKey="SUCCESS.OFFICE_LABEL" />}
          <p className={styles.muted}>{t('SUCCESS.EMAIL_NOTE')}</p>
          <OnlineBank />
        </section>
      )}

      {invoiceToPay && <ServiceFeeInvoiceSection invoice={invoiceToPay} />}

      {/* Waiting: whom to ask and how each stands. Once submitted: who signed beside the applicant, if anyone. */}
      <CoSigningSection processId={application.processId} isWaiting={state === 'AWAITING_SIGNATURES'} />
      {state === 'AWAITING_SIGNATURES' && downloads}

      {/* Nothing is submitted before the last signature: there is no status to follow yet. */}
      {state !== 'AWAITING_SIGNATURES' && (
        <StatusTimeline
          entries={entries}
          ahead={stepsAhead(followUp, entries, state === 'APPROVED' || state === 'DECLINED' ? 'FINAL' : state, invoice !== null)}
          context={{ paymentReference: timeline.data?.paymentReference ?? null, reopenedStepPath, downloads }}
        />
      )}

      <div className={styles.actions}>
        <Link to={paths.root} className={styles.secondaryAction}>
          {t('SUCCESS.HOME')}
        </Link>
      </div>
      <ApplicationHistorySection processId={application.processId} />
      <div role="alert" className={styles.downloadError}>
        {isDownloadFailed && <p>{t('SUCCESS.DOWNLOAD_FAILED')}</p>}
        {signedContract.hasFailed && <p>{t('SUCCESS.DOWNLOAD_SIGNED_FAILED')}</p>}
      </div>
    </div>
  );
}
