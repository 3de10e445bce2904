import { BASE_PATH } from '@onboarding/domain';
import { createBrowserRouter, Navigate, redirect, type DataRouter, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { lazyWithReload } from '../lib/lazy-with-reload';
import type { ErrorKind } from '../features/outcomes/error-page';
import type { RouteHandle } from './route-handle';
import { errorPaths, paths } from '../lib/paths';
import { PageLoading } from './page-loading';
import { alwaysRevalidate, createRouteGuards, type RouteGuards } from './route-guard';
import { PROCESS_ROUTE_ID } from '../lib/process-route';
import { RouteErrorPage } from './route-error-page';
import type { TranslationKey } from '../i18n/keys';

// Each screen's module exports it by name; React Router's lazy() takes it as the route's Component.
const screens = {
  // Loaded with the first signed-in screen: the session clock and its contracts are no part of the sign-in screen.
  signedInLayout: lazyWithReload(() => import('./signed-in-layout').then((module) => ({ Component: module.SignedInLayout }))),
  authentication: lazyWithReload(() => import('../features/auth/authentication-page').then((module) => ({ Component: module.AuthenticationPage }))),
  verificationCode: lazyWithReload(() => import('../features/auth/verification-code-page').then((module) => ({ Component: module.VerificationCodePage }))),
  smartIdReturn: lazyWithReload(() => import('../features/auth/smart-id-return-page').then((module) => ({ Component: module.SmartIdReturnPage }))),
  smartIdSigningReturn: lazyWithReload(() =>
    import('../features/application/overview/smart-id-signing-return-page').then((module) => ({ Component: module.SmartIdSigningReturnPage })),
  ),
  authenticationError: lazyWithReload(() =>
    import('../features/outcomes/authentication-error-page').then((module) => ({ Component: module.AuthenticationErrorPage })),
  ),
  visitBank: lazyWithReload(() => import('../features/outcomes/visit-bank-page').then((module) => ({ Component: module.VisitBankPage }))),
  personalInformation: lazyWithReload(() =>
    import('../features/personal-info/personal-information-page').then((module) => ({ Component: module.PersonalInformationPage })),
  ),
  chooseCompany: lazyWithReload(() => import('../features/choose-company/choose-company-page').then((module) => ({ Component: module.ChooseCompanyPage }))),
  error: lazyWithReload(() => import('./error-route').then((module) => ({ Component: module.ErrorRoute }))),
  application: lazyWithReload(() => import('./application-route').then((module) => ({ Component: module.ApplicationRoute }))),
  openingReasons: lazyWithReload(() =>
    import('../features/application/opening-reasons/opening-reasons-page').then((module) => ({ Component: module.OpeningReasonsPage })),
  ),
  companyInformation: lazyWithReload(() =>
    import('../features/application/company-information/company-information-page').then((module) => ({ Component: module.CompanyInformationPage })),
  ),
  incomes: lazyWithReload(() => import('../features/application/incomes/incomes-page').then((module) => ({ Component: module.IncomesPage }))),
  relatedPersons: lazyWithReload(() =>
    import('../features/application/related-persons/related-persons-page').then((module) => ({ Component: module.RelatedPersonsPage })),
  ),
  overview: lazyWithReload(() => import('../features/application/overview/overview-page').then((module) => ({ Component: module.OverviewPage }))),
  invitation: lazyWithReload(() => import('../features/invitation/invitation-page').then((module) => ({ Component: module.InvitationPage }))),
};

function errorScreen(path: string, titleKey: TranslationKey, errorKind: ErrorKind): RouteObject {
  return { path, lazy: screens.error, handle: { titleKey, errorKind } satisfies RouteHandle };
}

function screen(path: string, titleKey: TranslationKey, load: RouteObject['lazy']): RouteObject {
  return { path, lazy: load, handle: { titleKey } satisfies RouteHandle };
}

/** The routes of docs/requirements.md section 2 under the base path /start/, with the route guard of the same section. */
export function createRoutes(guards: RouteGuards = createRouteGuards()): RouteObject[] {
  return [
    {
      element: <Layout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageLoading />,
      loader: guards.any,
      children: [
        // A loader, not a <Navigate>: the router settles on the screen before the first render, which the
        // server's sign-in screen (prerender-entry.tsx) must match when the page hydrates.
        { index: true, loader: () => redirect(paths.personalInformation) },
        // Public (docs/requirements.md section 6).
        {
          ...screen(paths.authentication, 'SCREENS.AUTHENTICATION.TITLE', screens.authentication),
          loader: guards.authentication,
          shouldRevalidate: alwaysRevalidate,
        },
        screen(paths.authenticationVerificationCode, 'SCREENS.AUTHENTICATION_VERIFICATION_CODE.TITLE', screens.verificationCode),
        screen(paths.authenticationError, 'SCREENS.AUTHENTICATION_ERROR.TITLE', screens.authenticationError),
        screen(paths.smartIdReturn, 'SCREENS.SMART_ID_RETURN.TITLE', screens.smartIdReturn),
        // Public: the Smart-ID app may open it in a tab that is not signed in.
        screen(paths.smartIdSigningReturn, 'SCREENS.SMART_ID_SIGNING_RETURN.TITLE', screens.smartIdSigningReturn),
        screen(paths.visitBank, 'SCREENS.VISIT_BANK.TITLE', screens.visitBank),
        // Signed in.
        {
          lazy: screens.signedInLayout,
          loader: guards.signedIn,
          shouldRevalidate: alwaysRevalidate,
          children: [
            {
              ...screen(paths.invitation, 'SCREENS.INVITATION.TITLE', screens.invitation),
              loader: guards.invitation,
              shouldRevalidate: alwaysRevalidate,
            },
            {
              path: paths.error,
              children: [
                { index: true, lazy: screens.error, handle: { titleKey: 'SCREENS.ERROR.TITLE', errorKind: 'general' } satisfies RouteHandle },
                // docs/requirements.md section 2 lists /error only; the other error and outcome screens are its children (see
                // errorPaths).
                errorScreen(errorPaths.technical, 'SCREENS.ERROR_TECHNICAL.TITLE', 'technical'),
                errorScreen(errorPaths.network, 'SCREENS.ERROR_NETWORK.TITLE', 'network'),
                errorScreen(errorPaths.minor, 'SCREENS.OUTCOME_MINOR.TITLE', 'minor'),
                errorScreen(errorPaths.cannotOpen, 'SCREENS.OUTCOME_CANNOT_OPEN.TITLE', 'cannot-open'),
                errorScreen(errorPaths.documentInvalid, 'SCREENS.OUTCOME_DOCUMENT_INVALID.TITLE', 'document-invalid'),
                errorScreen(errorPaths.applicationSuperseded, 'SCREENS.OUTCOME_APPLICATION_SUPERSEDED.TITLE', 'application-superseded'),
                errorScreen(
                  errorPaths.startedWithOtherRepresentative,
                  'SCREENS.OUTCOME_STARTED_WITH_OTHER_REPRESENTATIVE.TITLE',
                  'started-with-other-representative',
                ),
                errorScreen(errorPaths.alreadySubmitted, 'SCREENS.OUTCOME_ALREADY_SUBMITTED.TITLE', 'already-submitted'),
              ],
            },
            {
              ...screen(paths.personalInformation, 'SCREENS.PERSONAL_INFORMATION.TITLE', screens.personalInformation),
              loader: guards.adultsOnly,
              shouldRevalidate: alwaysRevalidate,
            },
            {
              ...screen(paths.chooseCompany, 'SCREENS.CHOOSE_COMPANY.TITLE', screens.chooseCompany),
              loader: guards.chooseCompany,
              shouldRevalidate: alwaysRevalidate,
            },
            // Signed in and a process id.
            {
              id: PROCESS_ROUTE_ID,
              loader: guards.withProcessId,
              shouldRevalidate: alwaysRevalidate,
              children: [
                {
                  path: paths.application,
                  // The layout loads the application and opens the screen of its server-given step (also for /application itself).
                  lazy: screens.application,
                  children: [
                    { index: true, element: null },
                    screen(paths.openingReasons, 'SCREENS.OPENING_REASONS.TITLE', screens.openingReasons),
                    screen(paths.companyInformation, 'SCREENS.COMPANY_INFORMATION.TITLE', screens.companyInformation),
                    screen(paths.incomes, 'SCREENS.INCOMES.TITLE', screens.incomes),
                    screen(paths.relatedPersons, 'SCREENS.RELATED_PERSONS.TITLE', screens.relatedPersons),
                    screen(paths.overview, 'SCREENS.OVERVIEW.TITLE', screens.overview),
                  ],
                },
                screen(
                  paths.success,
                  'SCREENS.SUCCESS.TITLE',
                  lazyWithReload(() => import('../features/success/success-page').then((module) => ({ Component: module.SuccessPage }))),
                ),
              ],
            },
          ],
        },
        // Every design-system part on one page, for looking at them; only in the development build.
        ...(import.meta.env.DEV
          ? [
              screen(
                '/ui-gallery',
                'UI.GALLERY.TITLE',
                lazyWithReload(() => import('./ui-gallery-page').then((module) => ({ Component: module.UiGalleryPage }))),
              ),
            ]
          : []),
        { path: '*', element: <Navigate to={paths.authentication} replace /> },
      ],
    },
  ];
}

export const routes: RouteObject[] = createRoutes();

/** The base path as the router takes it: /start. */
export const ROUTER_BASENAME = BASE_PATH.replace(/\/$/, '');

export function createRouter() {
  return createBrowserRouter(routes, { basename: ROUTER_BASENAME });
}

/** Resolves once the router has run the first screen's loaders (redirects followed) and loaded its lazy code. */
export function routerSettled(router: DataRouter): Promise<void> {
  const isSettled = () => router.state.initialized && router.state.navigation.state === 'idle';
  return new Promise((resolve) => {
    if (isSettled()) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe(() => {
      if (!isSettled()) return;
      unsubscribe();
      resolve();
    });
  });
}
