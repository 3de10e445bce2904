import { BASE_PATH } from '@onboarding/domain';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { lazyWithReload } from './lazy-with-reload';
import { paths } from './paths';
import { PageLoading } from './page-loading';
import { RouteErrorPage } from './route-error-page';

/** Route metadata read by the layout: the i18n key of the screen title. */
export type RouteHandle = { titleKey: string };

const placeholder = lazyWithReload(() => import('../features/placeholder/placeholder-page'));

function screen(path: string, titleKey: string, load: RouteObject['lazy'] = placeholder): RouteObject {
  return { path, lazy: load, handle: { titleKey } satisfies RouteHandle };
}

/** The routes of SPEC.md section 2 under the base path /start/. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, element: <Navigate to={paths.personalInformation} replace /> },
      screen(paths.authentication, 'SCREENS.AUTHENTICATION.TITLE'),
      screen(paths.authenticationVerificationCode, 'SCREENS.AUTHENTICATION_VERIFICATION_CODE.TITLE'),
      screen(paths.authenticationError, 'SCREENS.AUTHENTICATION_ERROR.TITLE'),
      screen(paths.visitBank, 'SCREENS.VISIT_BANK.TITLE'),
      screen(paths.error, 'SCREENS.ERROR.TITLE'),
      screen(paths.personalInformation, 'SCREENS.PERSONAL_INFORMATION.TITLE'),
      screen(paths.chooseCompany, 'SCREENS.CHOOSE_COMPANY.TITLE'),
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
      // Every design-system part on one page, for looking at them; only in the development build.
      ...(import.meta.env.DEV ? [screen('/ui-gallery', 'UI.GALLERY.TITLE', lazyWithReload(() => import('./ui-gallery-page')))] : []),
      { path: '*', element: <Navigate to={paths.authentication} replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: BASE_PATH.replace(/\/$/, '') });
}
