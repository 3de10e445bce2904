import { SCREENS, type ApplicationView, type RegisterChange } from '@onboarding/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { ApplicationLoadFailed } from '../../lib/application-load-failed';
import { applicationQueryKey, useApplication } from '../../lib/application-query';
import { useMoreInformationRequest } from '../../lib/application-timeline';
import { Spinner } from '../../ui';
import { ApplicationLayoutContext, type ApplicationLayoutValue, type DraftControl, type SaveState } from './application-context';
import { STEP_SCREENS, redirectFor, stepOfScreen, stepScreenIndexOfPath, stepScreenIndexOfStep, stepStatesOf } from './application-steps';
import { MoreInformationNotice } from './more-information-notice';
import { SaveAndContinueLater } from './save-and-continue-later';
import { SaveStateIndicator } from './save-state-indicator';
import { Stepper } from './stepper';
import { ConflictView } from './conflict/conflict-view';
import type { DraftConflict } from './conflict/draft-conflict';
import { RegisterChangedNotice } from './register-changed-notice';
import { useOnlineStatus } from './use-online-status';
import styles from './application-layout.module.css';

type FrameBaseProps = {
  /** Logging out belongs to the session feature; app/ passes it in. */
  onLogout: () => void;
};

export type ApplicationLayoutProps = FrameBaseProps & {
  /** The stored process id the route guard found. */
  processId: string | null;
};

/**
 * docs/requirements.md section 2: /application/*, for a signed-in user with a stored process id (the route guard sees
 * to both).
 */
export function ApplicationLayout({ processId, onLogout }: ApplicationLayoutProps) {
  if (!processId) return <Navigate to={paths.chooseCompany} replace />;
  return <LoadedApplicationLayout key={processId} processId={processId} onLogout={onLogout} />;
}

function LoadedApplicationLayout({ processId, onLogout }: FrameBaseProps & { processId: string }) {
  const query = useApplication(processId);
  // Kept here, not in the frame: the redirect to a reopened step unmounts the frame, and the notice must outlive it.
  const [registerChanges, setRegisterChanges] = useState<readonly RegisterChange[] | null>(null);
  const { pathname } = useLocation();
  if (query.isPending) return <Spinner variant="page" />;
  if (query.isError) return <ApplicationLoadFailed error={query.error} />;
  const target = redirectFor(query.data, pathname);
  if (target) return <Navigate to={target} replace />;
  return (
    <ApplicationFrame
      processId={processId}
      application={query.data}
      onLogout={onLogout}
      registerChanges={registerChanges}
      setRegisterChanges={setRegisterChanges}
    />
  );
}

type FrameProps = FrameBaseProps & { processId: string; application: ApplicationView } & Pick<ApplicationLayoutValue, 'registerChanges' | 'setRegisterChanges'>;

function ApplicationFrame({ processId, application, onLogout, registerChanges, setRegisterChanges }: FrameProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const isOnline = useOnlineStatus();
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [isStale, setIsStale] = useState(false);
  const [conflict, setConflict] = useState<DraftConflict | null>(null);
  const draft = useRef<DraftControl | null>(null);

  const viewedIndex = stepScreenIndexOfPath(pathname);
  const currentIndex = stepScreenIndexOfStep(application.currentStep);
  // redirectFor has made sure the address is one of the five screens.
  const stepScreen = STEP_SCREENS[viewedIndex] ?? STEP_SCREENS[0]!;
  const key = useMemo(() => applicationQueryKey(processId), [processId]);
  // On a step the bank reopened, its request in the manager's words: the reason the applicant is here again.
  const isReopenedStep = !!application.reopenedSteps?.includes(stepScreen.step);
  const moreInformation = useMoreInformationRequest(processId, isReopenedStep);
  // The reopened steps are saved again once the application is back at the overview: the notice has done its work.
  const isAtOverview = STEP_SCREENS[currentIndex]?.screen === SCREENS.overview;
  const [wasAtOverview, setWasAtOverview] = useState(isAtOverview);
  if (wasAtOverview !== isAtOverview) {
    setWasAtOverview(isAtOverview);
    if (isAtOverview) setRegisterChanges(null);
  }

  const getVersion = useCallback(() => queryClient.getQueryData<ApplicationView>(key)?.version ?? application.version, [queryClient, key, application.version]);
  const setVersion = useCallback(
    (version: number) => queryClient.setQueryData<ApplicationView>(key, (current) => (current ? { ...current, version } : current)),
    [queryClient, key],
  );
  const setApplication = useCallback((next: ApplicationView) => queryClient.setQueryData(key, next), [queryClient, key]);
  const reload = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: key, exact: true });
    return queryClient.getQueryData<ApplicationView>(key);
  }, [queryClient, key]);

  const value = useMemo<ApplicationLayoutValue>(
    () => ({
      processId,
      application,
      stepScreen,
      step: stepOfScreen(stepScreen, application.currentStep),
      getVersion,
      setVersion,
      setApplication,
      reload,
      saveState,
      setSaveState,
      isOnline,
      isStale,
      setIsStale,
      registerChanges,
      setRegisterChanges,
      registerDraft: (control) => {
        draft.current = control;
      },
      flushDraft: async () => draft.current?.flush(),
      discardDraft: async () => draft.current?.discard(),
      reconcileDraft: (latest) => draft.current?.reconcile(latest),
      showConflict: setConflict,
    }),
    [processId, application, stepScreen, getVersion, setVersion, setApplication, reload, saveState, isOnline, isStale, registerChanges, setRegisterChanges],
  );

  return (
    <ApplicationLayoutContext value={value}>
      <div className={styles.layout}>
        {/*
          One line each, in the order they are read: on a computer the company, the save state and Save and continue
          later, then the stepper with the steps' names; on a phone the company and the save state, then the step's
          number and name with Save and continue later, then the stepper's bars.
        */}
        <div className={styles.bar}>
          <p className={styles.company}>
            <span className="visually-hidden">{t('APPLICATION.COMPANY_LABEL')} </span>
            {application.company.businessName}
          </p>
          <SaveStateIndicator state={isOnline ? saveState : 'offline'} />
          <span className={styles.barBreak} />
          <p className={styles.stepPosition}>
            <span className="visually-hidden">{t('APPLICATION.STEPPER.POSITION', { number: viewedIndex + 1, count: STEP_SCREENS.length })} </span>
            <span className={styles.stepNumber} aria-hidden="true">{`${String(viewedIndex + 1)}/${String(STEP_SCREENS.length)}`}</span> {t(stepScreen.labelKey)}
          </p>
          <div className={styles.later}>
            <SaveAndContinueLater onLogout={onLogout} />
          </div>
          <Stepper screens={STEP_SCREENS} states={stepStatesOf(application)} viewedIndex={viewedIndex} />
        </div>
        <div role="status" className={styles.staleRegion}>
          {isStale && <p className={styles.staleNotice}>{t('APPLICATION.STALE_VERSION')}</p>}
        </div>
        {registerChanges && <RegisterChangedNotice changes={registerChanges} />}
        {moreInformation && <MoreInformationNotice request={moreInformation} />}
        <div className={styles.content}>
          <Outlet />
        </div>
        <ConflictView conflict={conflict} />
      </div>
    </ApplicationLayoutContext>
  );
}
