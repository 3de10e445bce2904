import { BASE_PATH } from '@onboarding/domain';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { lazyWithReload } from './lazy-with-reload';
import { paths } from './paths';
import { PageLoading } from './page-loading';
import { alwaysRevalidate, createRouteGuards, type RouteGuards } from './route-guard';
import { RouteErrorPage } from './route-error-page';
import { SignedInLayout } from './signed-in-layout';

/** Route metadata read by the layout: the i18n key of the screen title. */
export type RouteHandle = { titleKey: string };

const placeholder = lazyWithReload(() => import('../features/placeholder/placeholder-page'));
const screens = {
  authentication: lazyWithReload(() => import('../features/auth/authentication-page')),
  verificationCode: lazyWithReload(() => import('../features/auth/verification-code-page')),
  authenticationError: lazyWithReload(() => import('../features/outcomes/authentication-error-page')),
  visitBank: lazyWithReload(() => import('../features/outcomes/visit-bank-page')),
  personalInformation: lazyWithReload(() => import('../features/personal-info/personal-information-page')),
};

function screen(path: string, titleKey: string, load: RouteObject['lazy'] = placeholder): RouteObject {
  return { path, lazy: load, handle: { titleKey } satisfies RouteHandle };
}

/** The routes of SPEC.md section 2 under the base path /start/, with the route guard of the same section. */
export function createRoutes(guards: RouteGuards = createRouteGuards()): RouteObject[] {
  return [
    {
      element: <Layout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageLoading />,
      loader: guards.any,
      children: [
        { index: true, element: <Navigate to={paths.personalInformation} replace /> },
        // Public (SPEC.md section 6).
        { ...screen(paths.authentication, 'SCREENS.AUTHENTICATION.TITLE', screens.authentication), loader: guards.authentication, shouldRevalidate: alwaysRevalidate },
        screen(paths.authenticationVerificationCode, 'SCREENS.AUTHENTICATION_VERIFICATION_CODE.TITLE', screens.verificationCode),
        screen(paths.authenticationError, 'SCREENS.AUTHENTICATION_ERROR.TITLE', screens.authenticationError),
        screen(paths.visitBank, 'SCREENS.VISIT_BANK.TITLE', screens.visitBank),
        // Signed in.
        {
          element: <SignedInLayout />,
          loader: guards.signedIn,
          shouldRevalidate: alwaysRevalidate,
          children: [
            screen(paths.error, 'SCREENS.ERROR.TITLE'),
            screen(paths.personalInformation, 'SCREENS.PERSONAL_INFORMATION.TITLE', screens.personalInformation),
            screen(paths.chooseCompany, 'SCREENS.CHOOSE_COMPANY.TITLE'),
            // Signed in and a process id.
            {
              loader: guards.withProcessId,
              shouldRevalidate: alwaysRevalidate,
              children: [
                {
                  path: paths.application,
                  children: [
                    { index: true, element: <Navigate to={paths.openingReasons} replace /> },
                    screen(paths.openingReasons, 'SCREENS.OPENING_REASONS.TITLE'),
                    screen(paths.companyInformation, 'SCREENS.COMPANY_INFORMATION.TITLE'),
                    screen(paths.incomes, 'SCREENS.INCOMES.TITLE'),
                    screen(paths.relatedPersons, 'SCREENS.RELATED_PERSONS.TITLE'),
                    screen(paths.overview, 'SCREENS.OVERVIEW.TITLE'),
                  ],
                },
                screen(paths.success, 'SCREENS.SUCCESS.TITLE'),
              ],
            },
          ],
        },
        // Every design-system part on one page, for looking at them; only in the development build.
        ...(import.meta.env.DEV ? [screen('/ui-gallery', 'UI.GALLERY.TITLE', lazyWithReload(() => import('./ui-gallery-page')))] : []),
        { path: '*', element: <Navigate to={paths.authentication} replace /> },
      ],
    },
  ];
}

export const routes: RouteObject[] = createRoutes();

export function createRouter() {
  return createBrowserRouter(routes, { basename: BASE_PATH.replace(/\/$/, '') });
}
