import type { ApplicationView } from '@onboarding/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/i18n';
import { applicationView } from '../../test/application-fixture';
import { stubFetch } from '../../test/fetch-stub';
import { jsonResponse } from '../../test/fake-token';
import { renderRoutes } from '../../test/render-app';
import { ApplicationLayout } from './application-layout';
import { StepActions } from './step-actions';
import { useSaveStep } from './use-save-step';
import { StepScreenStub as StepPlaceholder } from '../../test/step-screen-stub';

const onLogout = vi.fn();

/** A step screen as later issues will write one: a field, Continue saves the step. */
function TypedStep() {
  const [name, setName] = useState('');
  const { save, isSaving } = useSaveStep();
  return (
    <form
      id="typed-step"
      onSubmit={(event) => {
        event.preventDefault();
        void save({ name });
      }}
    >
      <h1>Typed step</h1>
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.currentTarget.value)} />
      </label>
      <StepActions formId="typed-step" isContinuing={isSaving} />
    </form>
  );
}

function routes(): RouteObject[] {
  return [
    {
      path: '/application',
      element: <ApplicationLayout processId="p-1" onLogout={onLogout} />,
      children: [
        { index: true, element: null },
        { path: '/application/opening-reasons', element: <StepPlaceholder /> },
        { path: '/application/company-information', element: <TypedStep /> },
        { path: '/application/incomes', element: <StepPlaceholder /> },
        { path: '/application/related-persons', element: <StepPlaceholder /> },
        { path: '/application/overview', element: <StepPlaceholder /> },
      ],
    },
    { path: '/choose-company', element: <h1>Choose a company</h1> },
    { path: '/success', element: <h1>Submitted</h1> },
    { path: '/error/network', element: <h1>Network error page</h1> },
  ];
}

function serve(view: ApplicationView) {
  return stubFetch({ 'GET /onboarding/applications/p-1': () => jsonResponse(view) });
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  sessionStorage.clear();
  onLogout.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('application layout', () => {
  it('shows the five steps as an ordered list: completed ones open, the viewed one current, the furthest one apart', async () => {
    serve(applicationView({ currentStep: 'Incomes' }));
    renderRoutes(routes(), '/application/opening-reasons');
    const stepper = await screen.findByRole('navigation', { name: 'Application steps' });
    const items = within(stepper).getAllByRole('listitem');
    expect(stepper.querySelector('ol')).toBeTruthy();
    expect(items.map((item) => item.getAttribute('data-state'))).toEqual(['completed', 'completed', 'furthest', 'upcoming', 'upcoming']);
    expect(items[0]?.getAttribute('aria-current')).toBe('step');
    expect(items.filter((item) => item.hasAttribute('aria-current'))).toHaveLength(1);
    expect(items[0]?.textContent).toContain('(completed)');
    expect(within(items[1]!).getByRole('link').getAttribute('href')).toBe('/application/company-information');
    expect(within(items[2]!).getByRole('link').textContent).toContain('(in progress)');
    expect(items[2]?.hasAttribute('aria-current')).toBe(false);
    // Seen as well as heard: the viewed step and the furthest one look different.
    expect(items[0]?.className).toMatch(/viewed/);
    expect(items[2]?.className).toMatch(/furthest/);
    expect(items[2]?.className).not.toMatch(/viewed/);
    expect(within(items[3]!).queryByRole('link')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Reasons for opening the account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('the server-given step decides: a later screen and /application go to it, an earlier one stays', async () => {
    serve(applicationView({ currentStep: 'CompanyData' }));
    const first = renderRoutes(routes(), '/application/overview');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/application/company-information'));
    first.unmount();
    const second = renderRoutes(routes(), '/application');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/application/company-information'));
    second.unmount();
    const third = renderRoutes(routes(), '/application/opening-reasons');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reasons for opening the account' })).toBeTruthy();
    expect(third.router.state.location.pathname).toBe('/application/opening-reasons');
  });

  it('an application the bank reopened opens on the status page, where its request is, unless a step is asked for', async () => {
    serve(applicationView({ currentStep: 'Incomes', status: 'IN_PROGRESS', reopenedSteps: ['Incomes'] }));
    const first = renderRoutes(routes(), '/application');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/success'));
    first.unmount();
    const second = renderRoutes(routes(), '/application/incomes');
    await screen.findByRole('heading', { level: 1, name: 'Incomes and expenses' });
    expect(second.router.state.location.pathname).toBe('/application/incomes');
  });

  it('on a step the bank reopened: its request in the manager’s words, through the sanitiser, and each step’s true state', async () => {
    const message =
      'Lisa palun <b>müügitulu</b> prognoos.\nVaata <a href="https://pank.ee/abi">juhendit</a>.<img src=x onerror="alert(1)"><a href="javascript:alert(1)">!</a>';
    const { callsTo } = stubFetch({
      'GET /onboarding/applications/p-1': () =>
        jsonResponse(applicationView({ currentStep: 'CompanyData', status: 'IN_PROGRESS', reopenedSteps: ['CompanyData', 'RelatedPersons'] })),
      'GET /onboarding/applications/p-1/timeline': () =>
        jsonResponse({
          processId: 'p-1',
          applicationNumber: 100042,
          paymentReference: '1000423',
          status: 'IN_PROGRESS',
          reopenedSteps: ['CompanyData', 'RelatedPersons'],
          entries: [
            { kind: 'SUBMITTED', at: '2026-11-02T08:00:00.000Z', method: 'ID_CARD', isResubmission: false },
            {
              kind: 'DECISION',
              at: '2026-11-03T08:00:00.000Z',
              decision: { type: 'MORE_INFORMATION_NEEDED', steps: ['CompanyData', 'RelatedPersons'], message },
            },
          ],
        }),
    });
    renderRoutes(routes(), '/application/company-information');
    const notice = await screen.findByRole('region', { name: 'The bank asks for more information' });
    const quote = notice.querySelector('blockquote')!;
    expect(quote.textContent).toBe('Lisa palun müügitulu prognoos.\nVaata juhendit.!');
    expect(quote.querySelector('b')?.textContent).toBe('müügitulu');
    expect(within(quote).getByRole('link', { name: 'juhendit' }).getAttribute('href')).toBe('https://pank.ee/abi');
    expect(quote.querySelector('img')).toBeNull();
    expect(quote.querySelectorAll('a[href]')).toHaveLength(1);
    expect(within(notice).getByText('Message from your relationship manager')).toBeTruthy();

    // The steps the bank left as signed are done, not unstarted, and not offered; the reopened ones wait to be updated.
    const items = within(screen.getByRole('navigation', { name: 'Application steps' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-state'))).toEqual(['kept', 'furthest', 'kept', 'reopened', 'upcoming']);
    expect(items[0]?.textContent).toContain('(completed, no changes needed)');
    expect(items[2]?.textContent).toContain('(completed, no changes needed)');
    expect(items[3]?.textContent).toContain('(to be updated)');
    expect(items.flatMap((item) => within(item).queryAllByRole('link'))).toEqual([]);
    expect(callsTo('GET /onboarding/applications/p-1/timeline')).toHaveLength(1);
  });

  it('an application nobody reopened reads no request', async () => {
    const { callsTo } = serve(applicationView({ currentStep: 'Incomes' }));
    renderRoutes(routes(), '/application/incomes');
    await screen.findByRole('heading', { level: 1, name: 'Incomes and expenses' });
    expect(screen.queryByRole('region', { name: 'The bank asks for more information' })).toBeNull();
    expect(callsTo('GET /onboarding/applications/p-1/timeline')).toHaveLength(0);
  });

  it('going back to an earlier step, Continue opens the step after it, not the furthest one reached', async () => {
    const user = userEvent.setup();
    const { on } = serve(applicationView({ currentStep: 'RelatedPersons', version: 3 }));
    // Saving an earlier step again leaves the server at the furthest step.
    on('PUT /onboarding/applications/p-1/steps/CompanyData', () => jsonResponse(applicationView({ currentStep: 'RelatedPersons', version: 4 })));
    const { router } = renderRoutes(routes(), '/application/company-information');
    await user.type(await screen.findByLabelText('Name'), 'Tamm');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/incomes'));
    const items = () => within(screen.getByRole('navigation', { name: 'Application steps' })).getAllByRole('listitem');
    await waitFor(() => expect(items()[2]?.getAttribute('aria-current')).toBe('step'));
    expect(items().map((item) => item.getAttribute('data-state'))).toEqual(['completed', 'completed', 'completed', 'furthest', 'upcoming']);
  });

  it('saving the furthest step opens the next one the server reached', async () => {
    const user = userEvent.setup();
    const { on } = serve(applicationView({ currentStep: 'CompanyData', version: 3 }));
    on('PUT /onboarding/applications/p-1/steps/CompanyData', () => jsonResponse(applicationView({ currentStep: 'Incomes', version: 4 })));
    const { router } = renderRoutes(routes(), '/application/company-information');
    await user.type(await screen.findByLabelText('Name'), 'Tamm');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/incomes'));
  });

  it('a submitted application opens the success screen', async () => {
    serve(applicationView({ currentStep: 'ApplicationSubmitted', status: 'SUBMITTED' }));
    const { router } = renderRoutes(routes(), '/application/incomes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
  });

  it.each([
    ['an unknown', { currentStep: 'SomethingNew' }],
    ['a missing', { currentStep: undefined }],
  ])('%s step from the server opens the general error screen, not the technical one', async (_, step) => {
    stubFetch({ 'GET /onboarding/applications/p-1': () => jsonResponse({ ...applicationView({ currentStep: 'Incomes' }), ...step }) });
    const { router } = renderRoutes(
      [...routes(), { path: '/error', element: <h1>General error page</h1> }, { path: '/error/technical', element: <h1>Technical error page</h1> }],
      '/application/incomes',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'General error page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/error');
  });

  it('shows saved, then offline while the browser is offline', async () => {
    serve(applicationView({ currentStep: 'Incomes' }));
    renderRoutes(routes(), '/application/incomes');
    expect(await screen.findByText('All changes saved')).toBeTruthy();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText('Offline: changes will be saved when the connection is back')).toBeTruthy();
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('All changes saved')).toBeTruthy();
    onLine.mockRestore();
  });

  it('409 STALE_VERSION: says so calmly, reloads, keeps what was typed, and the next save carries the new version', async () => {
    const user = userEvent.setup();
    let view = applicationView({ currentStep: 'CompanyData', version: 3 });
    const { on, callsTo } = stubFetch({ 'GET /onboarding/applications/p-1': () => jsonResponse(view) });
    on('PUT /onboarding/applications/p-1/steps/CompanyData', ({ body }) => {
      if ((body as { version: number }).version !== 5) {
        view = { ...view, version: 5 };
        return jsonResponse({ code: 'STALE_VERSION', message: 'stale', currentVersion: 5 }, 409);
      }
      return jsonResponse({ ...view, version: 6, currentStep: 'Incomes' });
    });
    const { router } = renderRoutes(routes(), '/application/company-information');
    const input = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(input, 'Tamm');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText(/changed in another window/)).toBeTruthy();
    await waitFor(() => expect(callsTo('GET /onboarding/applications/p-1')).toHaveLength(2));
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Tamm');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/application/company-information');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/incomes'));
    expect(callsTo('PUT /onboarding/applications/p-1/steps/CompanyData').map((call) => call.body)).toEqual([
      { version: 3, data: { name: 'Tamm' } },
      { version: 5, data: { name: 'Tamm' } },
    ]);
    expect(screen.queryByText(/changed in another window/)).toBeNull();
  });

  it('save and continue later: asks, sends, tells to which address the e-mail went and offers to log out', async () => {
    const user = userEvent.setup();
    const { on, callsTo } = serve(applicationView({ currentStep: 'Incomes', version: 4 }));
    on('POST /onboarding/applications/p-1/save-and-continue-later', () => jsonResponse({ email: 'juri@firma.ee' }, 202));
    renderRoutes(routes(), '/application/incomes');
    await user.click(await screen.findByRole('button', { name: 'Save and continue later' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save and continue later?' });
    expect(within(dialog).getByText(/send a link to your e-mail address/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save and send the link' }));

    const sent = await screen.findByRole('dialog', { name: 'The link has been sent' });
    // The address the server sent the link to, named.
    expect(within(sent).getByRole('status').textContent).toBe('We sent a link to juri@firma.ee. You can log out now and continue later from the link.');
    // Log out is on top on a phone: first in the order it is read and focused, too.
    expect(
      within(sent)
        .getAllByRole('button', { name: /Log out|Continue filling in/ })
        .map((button) => button.textContent),
    ).toEqual(['Log out', 'Continue filling in']);
    expect(callsTo('POST /onboarding/applications/p-1/save-and-continue-later')[0]?.body).toEqual({ version: 4 });
    const logout = screen.getByRole('button', { name: 'Log out' });
    await waitFor(() => expect(document.activeElement).toBe(logout));
    await user.click(logout);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('save and continue later refused by the rate limits: the dialog stays and says after when to ask again', async () => {
    const user = userEvent.setup();
    serve(applicationView({ currentStep: 'Incomes', version: 4 })).on('POST /onboarding/applications/p-1/save-and-continue-later', () =>
      jsonResponse({ code: 'RATE_LIMITED', message: 'Too many requests.', retryAfterSeconds: 1800 }, 429),
    );
    renderRoutes(routes(), '/application/incomes');
    await user.click(await screen.findByRole('button', { name: 'Save and continue later' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save and continue later?' });
    await user.click(within(dialog).getByRole('button', { name: 'Save and send the link' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toMatch(/^Too many attempts For your security, please wait and try again after \d{1,2}:\d{2}\.$/);
    // Not the general error dialog: the refusal is this dialog's to explain.
    expect(screen.queryByRole('dialog', { name: 'An error occurred' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue later' }));
    expect(within(await screen.findByRole('dialog', { name: 'Save and continue later?' })).queryByRole('alert')).toBeNull();
  });

  it('an application that is not there any more: forgets the process id and goes to choose-company', async () => {
    sessionStorage.setItem('processId', 'p-1');
    stubFetch({ 'GET /onboarding/applications/p-1': () => jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404) });
    const { router } = renderRoutes(routes(), '/application/incomes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose-company'));
    expect(sessionStorage.getItem('processId')).toBeNull();
  });
});
