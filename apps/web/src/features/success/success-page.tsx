import { DEFAULT_LOCALE, LOCALES, stepToScreen, type ApplicationView, type BankOffice, type Locale } from '@onboarding/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useRouteLoaderData } from 'react-router';
import { errorPaths, paths, screenPath } from '../../lib/paths';
import { PROCESS_ROUTE_ID, type ProcessRouteData } from '../../lib/process-route';
import { ApiError, NetworkError } from '../../lib/api-errors';
import { writeSessionValues } from '../../lib/session-storage';
import { Button, HeaderBlock, Icon, Spinner } from '../../ui';
import { useBankOffices } from '../../lib/bank-offices';
import { useContractDownload, useHistoryDownload, useSignedContractDownload } from '../../lib/download-contract';
import { useSubmittedApplication } from './api/submitted-application';
import styles from './success-page.module.css';

/**
 * SPEC.md section 2: /success, for a signed-in user with a stored process id
 * (the route guard sees to both): contract signed, application submitted,
 * what happens next, the contract and the home page. The account opens only
 * after the follow-up (SPEC.md section 4), so the main action is what the
 * user can do now: download the contract, as a PDF to read or as the signed
 * ASiC-E container that DigiDoc4 opens; there is no online bank yet.
 * It reads the application itself, so a reload shows the same page.
 */
export function Component() {
  const data = useRouteLoaderData<ProcessRouteData>(PROCESS_ROUTE_ID);
  if (!data?.processId) return <Navigate to={paths.chooseCompany} replace />;
  return <SubmittedApplication key={data.processId} processId={data.processId} />;
}

function SubmittedApplication({ processId }: { processId: string }) {
  const query = useSubmittedApplication(processId);
  // A failed refetch keeps the application it had: that is still the page to show.
  if (query.data) {
    // The server-given step decides the screen (SPEC.md section 2): one not yet submitted is still being filled.
    if (query.data.currentStep !== 'ApplicationSubmitted') return <Navigate to={screenPath(stepToScreen(query.data.currentStep))} replace />;
    return <SuccessContent application={query.data} />;
  }
  if (query.isError) return <LoadFailed error={query.error} />;
  return <Spinner variant="page" />;
}

/** As the application layout: an application that is not (or no longer) the user's goes back to the company choice. */
function LoadFailed({ error }: { error: Error }) {
  const isGone = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (isGone) writeSessionValues({ processId: null });
  }, [isGone]);
  if (isGone) return <Navigate to={paths.chooseCompany} replace />;
  if (error instanceof NetworkError) return <Navigate to={errorPaths.network} replace />;
  if (error instanceof ApiError && error.status >= 500) return <Navigate to={paths.error} replace />;
  return <Navigate to={errorPaths.technical} replace />;
}

/** The office chosen on the overview, where IDENTIFY_IN_OFFICE sends the representative. */
const chosenOfficeId = (application: ApplicationView): string | null => {
  const overview = (application.steps.ApplicationOverview ?? application.steps.AdditionalData) as { identificationLocation?: { officeId?: unknown } } | undefined;
  const officeId = overview?.identificationLocation?.officeId;
  return typeof officeId === 'string' ? officeId : null;
};

function SuccessContent({ application }: { application: ApplicationView }) {
  const { t } = useTranslation();
  const { download, isLoading: isDownloading, hasFailed: isDownloadFailed } = useContractDownload(application.processId);
  const signedContract = useSignedContractDownload(application.processId);
  const history = useHistoryDownload(application.processId);
  // No follow-up recorded: the bank's default, a manager in touch (SPEC.md section 9: a couple of working days).
  const followUp = application.followUp ?? 'MANAGER_CONTACT';

  return (
    <div className={styles.page}>
      <HeaderBlock headingLevel={1} title={t('SCREENS.SUCCESS.TITLE')} icon="checkCircle" className={styles.header}>
        <p className={styles.signed}>
          <Icon name="check" size="html-text-size" />
          {t('SUCCESS.SIGNED')}
        </p>
        <p>{t('SUCCESS.SUBMITTED', { businessName: application.company.businessName })}</p>
        <p className={styles.applicationNumber}>{t('SUCCESS.APPLICATION_NUMBER', { number: application.applicationNumber })}</p>
      </HeaderBlock>

      <section aria-labelledby="success-next-title" className={styles.next}>
        <h2 id="success-next-title" className={styles.nextTitle}>
          {t('SUCCESS.NEXT_TITLE')}
        </h2>
        <p>{t(`SUCCESS.FOLLOW_UP.${followUp}`)}</p>
        {followUp === 'IDENTIFY_IN_OFFICE' && <ChosenOffice officeId={chosenOfficeId(application)} />}
        <p className={styles.muted}>{t('SUCCESS.EMAIL_NOTE')}</p>
      </section>

      <div className={styles.downloads}>
        <div className={styles.actions}>
          <Button variant="primary" leadingIcon="download" isLoading={isDownloading} onClick={() => void download()}>
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
      <div className={styles.actions}>
        <Link to={paths.root} className={styles.secondaryAction}>
          {t('SUCCESS.HOME')}
        </Link>
      </div>
      <p className={styles.muted}>
        <Button variant="link" leadingIcon="download" isLoading={history.isLoading} onClick={() => void history.download()}>
          {t('SUCCESS.DOWNLOAD_HISTORY')}
        </Button>
      </p>
      <div role="alert" className={styles.downloadError}>
        {isDownloadFailed && <p>{t('SUCCESS.DOWNLOAD_FAILED')}</p>}
        {signedContract.hasFailed && <p>{t('SUCCESS.DOWNLOAD_SIGNED_FAILED')}</p>}
        {history.hasFailed && <p>{t('SUCCESS.DOWNLOAD_HISTORY_FAILED')}</p>}
      </div>
    </div>
  );
}

const localeOf = (language: string): Locale => (LOCALES as readonly string[]).includes(language) ? (language as Locale) : DEFAULT_LOCALE;

/** Name, address and opening hours of the office from the bank offices reference data; nothing while they load or if it is gone. */
function ChosenOffice({ officeId }: { officeId: string | null }) {
  const { t, i18n } = useTranslation();
  const offices = useBankOffices();
  const office: BankOffice | undefined = offices.data?.find((candidate) => candidate.id === officeId);
  if (!office) return null;
  const locale = localeOf(i18n.language);
  return (
    <div className={styles.office} aria-labelledby="success-office-label" role="group">
      <p id="success-office-label" className={styles.officeLabel}>
        {t('SUCCESS.OFFICE_LABEL')}
      </p>
      <p className={styles.officeName}>{office.name[locale]}</p>
      <p>{t('APPLICATION.OVERVIEW.IDENTIFICATION.ADDRESS', { address: office.address, postalCode: office.postalCode, city: office.city })}</p>
      <p>{t('APPLICATION.OVERVIEW.IDENTIFICATION.OPENING_HOURS', { hours: office.openingHours[locale] })}</p>
    </div>
  );
}
