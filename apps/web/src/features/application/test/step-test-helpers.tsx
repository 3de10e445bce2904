import type { ApplicationView, Step } from '@onboarding/domain';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { applicationView } from '../../../test/application-fixture';
import { jsonResponse } from '../../../test/fake-token';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-app';
import { ApplicationLayout } from '../application-layout';

/** The application layout with one real step screen at `path`; the other screens are headings to land on. */
export function renderStep(path: string, Screen: ComponentType) {
  const routes: RouteObject[] = [
    {
      path: '/application',
      element: <ApplicationLayout processId="p-1" onLogout={() => undefined} />,
      children: [
        { index: true, element: null },
        ...['opening-reasons', 'company-information', 'incomes', 'related-persons', 'overview'].map((segment) => {
          const full = `/application/${segment}`;
          return { path: full, element: full === path ? <Screen /> : <h1>{segment}</h1> };
        }),
      ],
    },
    { path: '/choose-company', element: <h1>Choose a company</h1> },
  ];
  return renderRoutes(routes, path);
}

/** Serves the application; PUT steps/:step answers with the next step unless a test says otherwise. */
export function serveApplication(step: Step, nextStep: Step, overrides: Partial<ApplicationView> = {}) {
  const view = applicationView({ currentStep: step, ...overrides });
  const stub = stubFetch({ 'GET /onboarding/applications/p-1': () => jsonResponse(view) });
  stub.on(`PUT /onboarding/applications/p-1/steps/${step}`, ({ body }) =>
    jsonResponse({ ...view, version: view.version + 1, currentStep: nextStep, steps: { ...view.steps, [step]: (body as { data: unknown }).data }, drafts: {} }),
  );
  stub.on(`PUT /onboarding/applications/p-1/drafts/${step}`, () => jsonResponse({ version: view.version + 1 }));
  return stub;
}

export const validationFailed = (fields: { path: string; code: string; params?: Record<string, unknown> }[]) =>
  jsonResponse({ code: 'VALIDATION_FAILED', message: 'The request has invalid fields.', fields: fields.map((field) => ({ params: {}, ...field })) }, 400);
