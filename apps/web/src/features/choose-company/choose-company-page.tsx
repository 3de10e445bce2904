import {
  DEFAULT_COUNTRY_CODE,
  MAX_OPEN_MANUAL_APPLICATIONS,
  manualCompanySchema,
  stepToScreen,
  type CreateApplicationRequest,
  type FieldIssue,
  type ManualCompany,
  type ReopenableStep,
  type RepresentativeCompany,
} from '@onboarding/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { TranslationKey } from '../../i18n/keys';
import { readOnlineBankUrl } from '../../lib/page-settings';
import { outcomePaths, paths, screenPath } from '../../lib/paths';
import { ApiError } from '../../lib/api-errors';
import { isRegisterUnavailable, RegisterUnavailableNotice } from '../../lib/register-unavailable';

import { domainResolver } from '../../lib/domain-resolver';
import { applyFieldIssues } from '../../lib/form-errors';
import { SupportContacts } from '../../lib/support-contacts';
import { useContractDownload } from '../../lib/download-contract';
import { writeSessionValues } from '../../lib/session-storage';
import { Badge, Button, FieldError, Spinner } from '../../ui';
import { useCreateApplication } from './api/create-application';
import { useCompanies } from './api/get-companies';
import { CompanyOption } from './company-option';
import { ManualCompanyFields } from './manual-company-fields';
import styles from './choose-company-page.module.css';

const MANUAL = 'manual';
const PENDING_MANUAL = 'pending-manual';
const MANUAL_FIELDS = ['businessName', 'registryCode', 'registryCountryCode'] as const;

const companyValue = (company: Pick<RepresentativeCompany, 'registryCountryCode' | 'registryCode'>) =>
  `register:${company.registryCountryCode}:${company.registryCode}`;

/** docs/requirements.md section 2: /choose-company, the register's companies, the pending application, the existing account and the manual form. */
export function ChooseCompanyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const companies = useCompanies();
  const create = useCreateApplication();
  const groupId = useId();
  const errorId = `${groupId}-error`;
  const [choice, setChoice] = useState<string | null>(null);
  const [isChoiceMissing, setIsChoiceMissing] = useState(false);
  const [isCreateFailed, setIsCreateFailed] = useState(false);
  const [manualNotice, setManualNotice] = useState<ManualNotice | null>(null);
  // The choice the register could not confirm, to send again from the notice: the form stays as it was.
  const [unansweredRequest, setUnansweredRequest] = useState<CreateApplicationRequest | null>(null);
  const firstRadio = useRef<HTMLFieldSetElement>(null);
  const manualForm = useForm<z.input<typeof manualCompanySchema>, unknown, ManualCompany>({
    resolver: domainResolver(manualCompanySchema),
    mode: 'onTouched',
    defaultValues: { businessName: '', registryCode: '', registryCountryCode: DEFAULT_COUNTRY_CODE },
  });

  const continueApplication = async (processId: string) => {
    writeSessionValues({ processId });
    // The application layout opens the screen of the server-given step.
    await navigate(paths.application);
  };

  const start = async (request: CreateApplicationRequest) => {
    setIsCreateFailed(false);
    setManualNotice(null);
    setUnansweredRequest(null);
    try {
      const result = await create.mutateAsync(request);
      if (result.kind === 'OUTCOME') {
        await navigate(outcomePaths[result.outcome]);
        return;
      }
      writeSessionValues({ processId: result.application.processId });
      await navigate(screenPath(stepToScreen(result.application.currentStep)));
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (isRegisterUnavailable(error)) {
        setUnansweredRequest(request);
        return;
      }
      if (error.code === 'MANUAL_APPLICATION_LIMIT') {
        setManualNotice({ kind: 'LIMIT' });
        return;
      }
      if (error.code !== 'VALIDATION_FAILED' && error.code !== 'COMPANY_IN_REGISTER') return;
      const fields = error.fields.map((field) => ({ ...field, path: field.path.replace(/^company\./, '') }));
      if (request.source !== 'MANUAL' || !applyFieldIssues(fields, manualForm.setError, manualForm.setFocus, MANUAL_FIELDS)) setIsCreateFailed(true);
      setManualNotice(manualNoticeOf(fields));
    }
  };

  /** One of the person's own companies, typed by hand: chosen in the list instead, where the register decides. */
  const chooseRegistered = (registryCode: string) => {
    const value = companyValue({ registryCountryCode: DEFAULT_COUNTRY_CODE, registryCode });
    if (!companies.data?.companies.some((company) => companyValue(company) === value)) return;
    select(value);
    firstRadio.current?.querySelector<HTMLInputElement>(`input[value="${value}"]`)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const data = companies.data;
    if (!choice || !data) {
      setIsChoiceMissing(true);
      firstRadio.current?.querySelector<HTMLInputElement>('input[type="radio"]:not(:disabled)')?.focus();
      return;
    }
    if (choice === MANUAL) {
      await manualForm.handleSubmit((company) => start({ source: 'MANUAL', company }))();
      return;
    }
    if (choice === PENDING_MANUAL && data.pendingManualApplication) {
      await continueApplication(data.pendingManualApplication.processId);
      return;
    }
    const company = data.companies.find((candidate) => companyValue(candidate) === choice);
    if (!company) return;
    if (company.entry === 'PENDING_APPLICATION' && company.processId) {
      await continueApplication(company.processId);
      return;
    }
    await start({ source: 'REGISTER', registryCode: company.registryCode, registryCountryCode: company.registryCountryCode });
  };

  function select(value: string) {
    setChoice(value);
    setIsChoiceMissing(false);
    setIsCreateFailed(false);
    setManualNotice(null);
    setUnansweredRequest(null);
  }

  return (
    <section className={styles.page} aria-labelledby="screen-title">
      <h1 id="screen-title" className={styles.title} tabIndex={-1}>
        {t('SCREENS.CHOOSE_COMPANY.TITLE')}
      </h1>
      <p className={styles.intro}>{t('CHOOSE_COMPANY.INTRO')}</p>
      {companies.isPending && <Spinner />}
      {/* A list once read stays while a later reading fails: the choice made in it is not taken away. */}
      {companies.isError &&
        !companies.data &&
        (isRegisterUnavailable(companies.error) ? (
          <RegisterUnavailableNotice onRetry={() => void companies.refetch()} isRetrying={companies.isFetching} />
        ) : (
          <div className={styles.loadError} role="alert">
            <p>{t('CHOOSE_COMPANY.LOAD_ERROR')}</p>
            <Button variant="secondary" onClick={() => void companies.refetch()}>
              {t('ERRORS.ACTIONS.TRY_AGAIN')}
            </Button>
          </div>
        ))}
      {companies.data && (
        <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
          <fieldset
            ref={firstRadio}
            className={styles.group}
            aria-describedby={isChoiceMissing ? errorId : undefined}
            aria-invalid={isChoiceMissing || undefined}
          >
            <legend className={styles.legend}>{t('CHOOSE_COMPANY.LEGEND')}</legend>
            {companies.data.companies.length === 0 && <p className={styles.empty}>{t('CHOOSE_COMPANY.EMPTY')}</p>}
            <ul className={styles.list}>
              {companies.data.companies.map((company) => {
                const value = companyValue(company);
                return (
                  <li key={value}>
                    <RegisterCompanyOption
                      id={`${groupId}-${value}`}
                      name={groupId}
                      company={company}
                      isChecked={choice === value}
                      errorId={isChoiceMissing ? errorId : undefined}
                      onSelect={select}
                    />
                  </li>
                );
              })}
              {companies.data.pendingManualApplication && (
                <li>
                  <CompanyOption
                    id={`${groupId}-${PENDING_MANUAL}`}
                    name={groupId}
                    value={PENDING_MANUAL}
                    label={companies.data.pendingManualApplication.businessName}
                    isChecked={choice === PENDING_MANUAL}
                    badge={<Badge>{t('CHOOSE_COMPANY.ENTRY.PENDING_APPLICATION.BADGE')}</Badge>}
                    description={t('CHOOSE_COMPANY.PENDING_MANUAL')}
                    errorId={isChoiceMissing ? errorId : undefined}
                    onSelect={select}
                  />
                </li>
              )}
              <li>
                <CompanyOption
                  id={`${groupId}-${MANUAL}`}
                  name={groupId}
                  value={MANUAL}
                  label={t('CHOOSE_COMPANY.MANUAL.OPTION')}
                  isChecked={choice === MANUAL}
                  description={t('CHOOSE_COMPANY.MANUAL.OPTION_HINT')}
                  errorId={isChoiceMissing ? errorId : undefined}
                  onSelect={select}
                />
              </li>
            </ul>
            <FieldError id={errorId} error={t('CHOOSE_COMPANY.CHOICE_REQUIRED')} isShown={isChoiceMissing} />
          </fieldset>
          {choice === MANUAL && <ManualCompanyFields form={manualForm} onChooseRegistered={chooseRegistered} />}
          <div aria-live="polite">
            {isCreateFailed && <p className={styles.formError}>{t('CHOOSE_COMPANY.CREATE_FAILED')}</p>}
            {choice === MANUAL && manualNotice && <ManualNoticeText notice={manualNotice} onChoose={chooseRegistered} />}
          </div>
          {unansweredRequest && (
            <RegisterUnavailableNotice onRetry={() => void start(unansweredRequest)} isRetrying={create.isPending} className={styles.registerUnavailable} />
          )}
          <Button type="submit" className={styles.submit} isLoading={create.isPending}>
            {t('CHOOSE_COMPANY.CONTINUE')}
          </Button>
        </form>
      )}
    </section>
  );
}

/** What the server said about a company typed by hand, beyond the field messages. */
type ManualNotice = { kind: 'REGISTERED'; name: string; registryCode: string } | { kind: 'NOT_REPRESENTED' } | { kind: 'LIMIT' };

function manualNoticeOf(fields: readonly FieldIssue[]): ManualNotice | null {
  for (const field of fields) {
    if (field.code === 'companyInRegisterNotRepresented') return { kind: 'NOT_REPRESENTED' };
    const { name, registryCode } = field.params;
    if (field.code === 'companyInRegister' && typeof name === 'string' && typeof registryCode === 'string') return { kind: 'REGISTERED', name, registryCode };
  }
  return null;
}

/** Under the manual form: the way to the company in the list, or to a manager, or the cap on such applications. */
function ManualNoticeText({ notice, onChoose }: { notice: ManualNotice; onChoose: (registryCode: string) => void }) {
  const { t } = useTranslation();
  switch (notice.kind) {
    case 'REGISTERED':
      return (
        <Button variant="secondary" className={styles.noticeAction} onClick={() => onChoose(notice.registryCode)}>
          {t('CHOOSE_COMPANY.AUTOFILL.CHOOSE')}
        </Button>
      );
    case 'NOT_REPRESENTED':
      return (
        <p className={styles.notice}>
          <SupportContacts i18nKey="CHOOSE_COMPANY.MANUAL.MANAGER" />
        </p>
      );
    case 'LIMIT':
      return (
        <>
          <p className={styles.formError}>{t('CHOOSE_COMPANY.MANUAL.LIMIT', { count: MAX_OPEN_MANUAL_APPLICATIONS })}</p>
          <p className={styles.notice}>
            <SupportContacts i18nKey="CHOOSE_COMPANY.MANUAL.MANAGER" />
          </p>
        </>
      );
  }
}

type RegisterCompanyOptionProps = {
  id: string;
  name: string;
  company: RepresentativeCompany;
  isChecked: boolean;
  errorId?: string;
  onSelect: (value: string) => void;
};

/** The stepper's names of the steps a bank may reopen: the applicant meets them by these names on the way in. */
const STEP_LABEL_KEYS = {
  AccountOpeningReason: 'APPLICATION.STEPPER.OPENING_REASONS',
  CompanyData: 'APPLICATION.STEPPER.COMPANY_INFORMATION',
  Incomes: 'APPLICATION.STEPPER.INCOMES',
  RelatedPersons: 'APPLICATION.STEPPER.RELATED_PERSONS',
  ApplicationOverview: 'APPLICATION.STEPPER.OVERVIEW',
} as const satisfies Record<ReopenableStep, TranslationKey>;

/**
 * A company from the business register, with its entry (docs/requirements.md sections 2 and 4) and, for the person's
 * own application, where it stands now and the way to its status page. Red is kept for what blocks the company.
 */
function RegisterCompanyOption({ id, name, company, isChecked, errorId, onSelect }: RegisterCompanyOptionProps) {
  const { t } = useTranslation();
  const onlineBankUrl = readOnlineBankUrl();
  const code = t('CHOOSE_COMPANY.REGISTRY_CODE', { code: company.registryCode });
  const common = { id, name, value: companyValue(company), label: company.businessName, isChecked, errorId, onSelect };
  const { processId, applicationStatus } = company;
  const statusLink = processId ? <StatusPageLink processId={processId} businessName={company.businessName} /> : undefined;

  switch (company.entry) {
    case 'NEW':
      return <CompanyOption {...common} description={`${code}. ${t('CHOOSE_COMPANY.ENTRY.NEW.DESCRIPTION')}`} />;
    case 'PENDING_APPLICATION': {
      if (applicationStatus === 'MORE_INFORMATION_NEEDED' && processId) {
        // Continuing it opens its status page, where the request is read first and the way into the reopened step is.
        const steps = (company.reopenedSteps ?? []).map((step) => t(STEP_LABEL_KEYS[step])).join(', ');
        return (
          <CompanyOption
            {...common}
            badge={<Badge>{t('CHOOSE_COMPANY.ENTRY.MORE_INFORMATION_NEEDED.BADGE')}</Badge>}
            description={`${code}. ${t('CHOOSE_COMPANY.ENTRY.MORE_INFORMATION_NEEDED.DESCRIPTION', { steps })}`}
            action={<StatusPageLink processId={processId} businessName={company.businessName} isRequest />}
          />
        );
      }
      // Signed and waiting for the board: continuing it opens its status page, where the invitations are.
      const isAwaitingSignatures = applicationStatus === 'AWAITING_SIGNATURES';
      const texts = isAwaitingSignatures ? 'CHOOSE_COMPANY.ENTRY.AWAITING_SIGNATURES' : 'CHOOSE_COMPANY.ENTRY.PENDING_APPLICATION';
      return (
        <CompanyOption
          {...common}
          badge={<Badge>{t(`${texts}.BADGE`)}</Badge>}
          description={`${code}. ${t(`${texts}.DESCRIPTION`)}`}
          action={isAwaitingSignatures ? statusLink : undefined}
        />
      );
    }
    case 'EXISTING_ACCOUNT': {
      const isOwnApproval = applicationStatus === 'APPROVED';
      return (
        <CompanyOption
          {...common}
          isDisabled
          badge={<Badge>{t('CHOOSE_COMPANY.ENTRY.EXISTING_ACCOUNT.BADGE')}</Badge>}
          description={`${code}. ${t(isOwnApproval ? 'CHOOSE_COMPANY.ENTRY.APPROVED.DESCRIPTION' : 'CHOOSE_COMPANY.ENTRY.EXISTING_ACCOUNT.DESCRIPTION')}`}
          action={
            onlineBankUrl || (isOwnApproval && statusLink) ? (
              <>
                {onlineBankUrl && (
                  <a href={onlineBankUrl} className={styles.bankLink}>
                    {t('CHOOSE_COMPANY.ENTRY.EXISTING_ACCOUNT.LINK')}
                  </a>
                )}
                {isOwnApproval && statusLink}
              </>
            ) : undefined
          }
        />
      );
    }
    case 'BLOCKED':
      // The representative's own submitted application: where it stands, its status page, and its signed contract,
      // which the mail says is here after signing in.
      if (company.outcome === 'ALREADY_SUBMITTED' && processId) {
        const isDeclined = applicationStatus === 'DECLINED';
        return (
          <CompanyOption
            {...common}
            isDisabled
            badge={
              isDeclined ? (
                <Badge variant="error">{t('CHOOSE_COMPANY.ENTRY.DECLINED.BADGE')}</Badge>
              ) : (
                <Badge>{t('CHOOSE_COMPANY.ENTRY.SUBMITTED.BADGE')}</Badge>
              )
            }
            description={`${code}. ${t(isDeclined ? 'CHOOSE_COMPANY.ENTRY.DECLINED.DESCRIPTION' : 'CHOOSE_COMPANY.BLOCKED_REASON.ALREADY_SUBMITTED')}`}
            action={
              <>
                {statusLink}
                {company.hasSignedContract && <SignedContractDownload processId={processId} businessName={company.businessName} />}
              </>
            }
          />
        );
      }
      return (
        <CompanyOption
          {...common}
          isDisabled
          badge={<Badge variant="error">{t('CHOOSE_COMPANY.ENTRY.BLOCKED.BADGE')}</Badge>}
          description={`${code}. ${t(`CHOOSE_COMPANY.BLOCKED_REASON.${company.outcome ?? 'CANNOT_OPEN'}`)}`}
        />
      );
  }
}

/** The status page of the person's own application: its timeline of the bank's decisions, and what to do next. */
function StatusPageLink({ processId, businessName, isRequest = false }: { processId: string; businessName: string; isRequest?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.success}
      className={styles.bankLink}
      onClick={() => writeSessionValues({ processId })}
      aria-label={
        isRequest
          ? t('CHOOSE_COMPANY.ENTRY.MORE_INFORMATION_NEEDED.REQUEST_LABEL', { businessName })
          : t('CHOOSE_COMPANY.ENTRY.SUBMITTED.STATUS_LABEL', { businessName })
      }
    >
      {isRequest ? t('CHOOSE_COMPANY.ENTRY.MORE_INFORMATION_NEEDED.REQUEST') : t('CHOOSE_COMPANY.ENTRY.SUBMITTED.STATUS')}
    </Link>
  );
}

/** A submitted application's signed contract, downloaded with the bearer token as on the status page. */
function SignedContractDownload({ processId, businessName }: { processId: string; businessName: string }) {
  const { t } = useTranslation();
  const { download, isLoading, hasFailed } = useContractDownload(processId);
  return (
    <>
      <Button
        variant="link"
        leadingIcon="download"
        className={styles.contractDownload}
        isLoading={isLoading}
        onClick={() => void download()}
        aria-label={t('CHOOSE_COMPANY.ENTRY.SUBMITTED.DOWNLOAD_LABEL', { businessName })}
      >
        {t('CHOOSE_COMPANY.ENTRY.SUBMITTED.DOWNLOAD')}
      </Button>
      <div role="alert">{hasFailed && <p className={styles.formError}>{t('CHOOSE_COMPANY.ENTRY.SUBMITTED.DOWNLOAD_FAILED')}</p>}</div>
    </>
  );
}
