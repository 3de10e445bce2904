import type { RepresentativeCompanies } from '@onboarding/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { onGlobalToast, type GlobalToast } from '../../app/global-errors';
import { createRoutes } from '../../app/router';
import i18n from '../../i18n/i18n';
import { storeTokens } from '../../lib/auth-session';
import { readSessionValue } from '../../lib/session-storage';
import { applicationView, consentedRepresentative } from '../../test/application-fixture';
import { stubFetch } from '../../test/fetch-stub';
import { fakeAccessToken, jsonResponse } from '../../test/fake-token';
import { renderRoutes } from '../../test/render-app';
import { setPageSettings } from '../../test/page-settings';

setPageSettings();

const companies: RepresentativeCompanies = {
  companies: [
    { businessName: 'Uus Firma OÜ', registryCode: '11111111', registryCountryCode: 'EE', entry: 'NEW' },
    { businessName: 'Pooleli AS', registryCode: '22222222', registryCountryCode: 'EE', entry: 'PENDING_APPLICATION', processId: 'p-pending' },
    {
      businessName: 'Kaheallkirja Ehitus OÜ',
      registryCode: '19018830',
      registryCountryCode: 'EE',
      entry: 'PENDING_APPLICATION',
      processId: 'p-awaiting',
      applicationStatus: 'AWAITING_SIGNATURES',
    },
    { businessName: 'Vana Klient OÜ', registryCode: '33333333', registryCountryCode: 'EE', entry: 'EXISTING_ACCOUNT' },
    { businessName: 'Suletud MTÜ', registryCode: '44444444', registryCountryCode: 'EE', entry: 'BLOCKED', outcome: 'MUST_VISIT_BRANCH' },
  ],
  pendingManualApplication: { processId: 'p-manual', businessName: 'Käsitsi Firma' },
};

function serve() {
  return stubFetch({
    'GET /onboarding/representative': () => jsonResponse(consentedRepresentative()),
    'GET /onboarding/representative/companies': () => jsonResponse(companies),
    'GET /onboarding/applications/p-new': () => jsonResponse(applicationView({ processId: 'p-new', currentStep: 'AccountOpeningReason' })),
    'GET /onboarding/applications/p-pending': () => jsonResponse(applicationView({ processId: 'p-pending', currentStep: 'Incomes' })),
    'GET /onboarding/applications/p-manual': () => jsonResponse(applicationView({ processId: 'p-manual', currentStep: 'CompanyData' })),
  });
}

/** The server's answer to a company typed by hand that the register knows. */
const companyInRegister = (code: string, name: string, registryCode: string) =>
  jsonResponse(
    {
      code: 'COMPANY_IN_REGISTER',
      message: 'The business register decides about this company.',
      fields: [{ path: 'company.businessName', code, params: { name, registryCode } }],
    },
    409,
  );

function renderScreen() {
  return renderRoutes(createRoutes(), '/choose-company');
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  sessionStorage.clear();
  storeTokens({ accessToken: fakeAccessToken({ exp: Math.floor(Date.now() / 1000) + 3600 }), refreshToken: 'r' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('choose-company screen', () => {
  it('says the Business Register does not answer, not that there are no companies, and lists them once it does', async () => {
    let isRegisterUp = false;
    stubFetch({
      'GET /onboarding/representative': () => jsonResponse(consentedRepresentative()),
      'GET /onboarding/representative/companies': () =>
        isRegisterUp ? jsonResponse(companies) : jsonResponse({ code: 'REGISTER_UNAVAILABLE', message: 'The Business Register does not answer.' }, 503),
    });
    renderScreen();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('The Business Register does not answer at the moment. Nothing you entered is lost');
    expect(screen.queryByRole('group', { name: 'Companies' })).toBeNull();
    // Said in place: not also the general error toast, which would ask to repeat the last action.
    expect(screen.queryByText('An error occurred')).toBeNull();

    isRegisterUp = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Companies' })).toBeTruthy();
  });

  it('a choice the register cannot confirm: says so in place with a retry that goes on, no toast, the choice kept', async () => {
    const user = userEvent.setup();
    const toasts: GlobalToast[] = [];
    const stopListening = onGlobalToast((toast) => toasts.push(toast));
    let isRegisterUp = false;
    const { on, callsTo } = serve();
    on('POST /onboarding/applications', () =>
      isRegisterUp
        ? jsonResponse({ kind: 'APPLICATION', application: applicationView({ processId: 'p-new' }) })
        : jsonResponse({ code: 'REGISTER_UNAVAILABLE', message: 'The Business Register does not answer.' }, 503),
    );
    const { router } = renderScreen();
    await user.click(await screen.findByRole('radio', { name: 'Uus Firma OÜ' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('The Business Register does not answer at the moment');
    expect(router.state.location.pathname).toBe('/choose-company');
    expect((screen.getByRole('radio', { name: 'Uus Firma OÜ' }) as HTMLInputElement).checked).toBe(true);
    // Nothing changed on the server: the list is not asked for again, from a register that would not answer it.
    expect(callsTo('GET /onboarding/representative/companies')).toHaveLength(1);
    expect(screen.queryByText('The application could not be started. Please try again.')).toBeNull();
    expect(toasts).toEqual([]);
    expect(screen.queryByText('An error occurred')).toBeNull();

    isRegisterUp = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/opening-reasons'));
    expect(callsTo('POST /onboarding/applications').at(-1)?.body).toEqual({ source: 'REGISTER', registryCode: '11111111', registryCountryCode: 'EE' });
    stopListening();
  }, 20_000);

  it('lists the companies as radios with their entries', async () => {
    serve();
    renderScreen();
    const group = await screen.findByRole('group', { name: 'Companies' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toHaveLength(7);

    expect((screen.getByRole('radio', { name: 'Uus Firma OÜ' }) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('radio', { name: 'Uus Firma OÜ' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Registry code 11111111. Start a new application')).toBeTruthy();

    const pending = screen.getByRole('radio', { name: 'Pooleli AS' });
    expect((pending as HTMLInputElement).disabled).toBe(false);
    expect(screen.getAllByText('Application in progress')).toHaveLength(2);
    expect(screen.getByText('Registry code 22222222. Continue filling in the application')).toBeTruthy();
    // Signed and waiting for the board (decision 39): a status of its own, continued on its status page.
    expect(screen.getByText('Waiting for signatures')).toBeTruthy();
    expect(screen.getByText('Registry code 19018830. See who has signed and invite the other board members')).toBeTruthy();

    expect((screen.getByRole('radio', { name: 'Vana Klient OÜ' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Log in to the bank' }).getAttribute('href')).toBe('https://bank.example/business');

    expect((screen.getByRole('radio', { name: 'Suletud MTÜ' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Registry code 44444444. Please visit a bank branch to open the account.')).toBeTruthy();

    expect(screen.getByRole('radio', { name: 'Käsitsi Firma' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'My company is not in the list' })).toBeTruthy();
  });

  it('asks for a choice before going on', async () => {
    const user = userEvent.setup();
    const { callsTo } = serve();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose a company to continue')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Uus Firma OÜ' }).getAttribute('aria-describedby')).toMatch(/error/);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Uus Firma OÜ' }));
    expect(callsTo('POST /onboarding/applications')).toEqual([]);
  });

  it('a new company: creates the application, keeps its process id and opens its step', async () => {
    const user = userEvent.setup();
    const { on, callsTo } = serve();
    on('POST /onboarding/applications', () => jsonResponse({ kind: 'APPLICATION', application: applicationView({ processId: 'p-new' }) }));
    const { router } = renderScreen();
    await user.click(await screen.findByRole('radio', { name: 'Uus Firma OÜ' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/opening-reasons'));
    expect(callsTo('POST /onboarding/applications')[0]?.body).toEqual({ source: 'REGISTER', registryCode: '11111111', registryCountryCode: 'EE' });
    expect(readSessionValue('processId')).toBe('p-new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reasons for opening the account' })).toBeTruthy();
  });

  it('an outcome: opens the outcome screen', async () => {
    const user = userEvent.setup();
    const { on } = serve();
    on('POST /onboarding/applications', () => jsonResponse({ kind: 'OUTCOME', outcome: 'MINOR' }));
    const { router } = renderScreen();
    await user.click(await screen.findByRole('radio', { name: 'Uus Firma OÜ' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/minor'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Please visit a bank office' })).toBeTruthy();
    expect(screen.getByText(/you are under 18/)).toBeTruthy();
    expect(readSessionValue('processId')).toBeNull();
  });

  it('a submitted application of ones own: says so and offers its signed contract, downloaded with the bearer token', async () => {
    const user = userEvent.setup();
    const { on, callsTo } = serve();
    on('GET /onboarding/representative/companies', () =>
      jsonResponse({
        companies: [
          {
            businessName: 'Esitatud OÜ',
            registryCode: '55555555',
            registryCountryCode: 'EE',
            entry: 'BLOCKED',
            outcome: 'ALREADY_SUBMITTED',
            processId: 'p-sent',
            applicationStatus: 'SUBMITTED',
            hasSignedContract: true,
          },
          { businessName: 'Teise Esitatud OÜ', registryCode: '66666666', registryCountryCode: 'EE', entry: 'BLOCKED', outcome: 'ALREADY_SUBMITTED' },
        ],
        pendingManualApplication: null,
      } satisfies RepresentativeCompanies),
    );
    on(
      'GET /onboarding/applications/p-sent/contract',
      () =>
        new Response(new TextEncoder().encode('%PDF-1.7'), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="contract-p-sent.pdf"' },
        }),
    );
    // jsdom has no object URLs, nor downloads.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = vi.fn(() => 'blob:contract');
        static override revokeObjectURL = vi.fn();
      },
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderScreen();
    expect(((await screen.findByRole('radio', { name: 'Esitatud OÜ' })) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Submitted')).toBeTruthy();
    const download = screen.getByRole('button', { name: 'Download the signed contract of Esitatud OÜ' });
    // Another representative's submission: nothing to download.
    expect(screen.getAllByRole('button', { name: /Download the signed contract/ })).toHaveLength(1);
    expect(screen.getByText('Cannot be chosen')).toBeTruthy();
    await user.click(download);
    await waitFor(() => expect(clicked).toEqual(['contract-p-sent.pdf']));
    const [call] = callsTo('GET /onboarding/applications/p-sent/contract');
    expect((call?.init.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
  });

  it('a submitted application of ones own: its status page is one link away, with no contract signed here too', async () => {
    const user = userEvent.setup();
    const { on } = serve();
    on('GET /onboarding/representative/companies', () =>
      jsonResponse({
        companies: [
          {
            businessName: 'Esitatud OÜ',
            registryCode: '55555555',
            registryCountryCode: 'EE',
            entry: 'BLOCKED',
            outcome: 'ALREADY_SUBMITTED',
            processId: 'p-sent',
            applicationStatus: 'SUBMITTED',
            hasSignedContract: false,
          },
        ],
        pendingManualApplication: null,
      } satisfies RepresentativeCompanies),
    );
    on('GET /onboarding/applications/p-sent', () =>
      jsonResponse(applicationView({ processId: 'p-sent', currentStep: 'ApplicationSubmitted', status: 'SUBMITTED', submittedAt: '2026-11-02T08:00:00.000Z' })),
    );
    on('GET /onboarding/applications/p-sent/timeline', () =>
      jsonResponse({ processId: 'p-sent', applicationNumber: 100042, paymentReference: '1000423', status: 'SUBMITTED', reopenedSteps: null, entries: [] }),
    );
    const { router } = renderScreen();
    expect(await screen.findByText('Submitted')).toBeTruthy();
    // Submitted, not blocked: nothing red, and no contract to download where none was signed here.
    expect(screen.queryByText('Cannot be chosen')).toBeNull();
    expect(screen.queryByRole('button', { name: /Download the signed contract/ })).toBeNull();
    await user.click(await screen.findByRole('link', { name: 'See where the application of Esitatud OÜ stands' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Application submitted' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/success');
    expect(readSessionValue('processId')).toBe('p-sent');
  });

  it.each([
    [
      'en',
      {
        moreInformation: ['More information needed', 'Registry code 22222222. The bank asks you to add information. Steps: Incomes, Related persons.'],
        request: 'Read the bank’s request about Lisainfo OÜ',
        approved: [
          'Account opened',
          'Registry code 33333333. The bank approved your application and opened an account for the company. Manage it in the online bank.',
        ],
        approvedStatus: 'See where the application of Heaks Kiidetud OÜ stands',
        declined: ['Declined', 'Registry code 44444444. The bank declined the application.'],
      },
    ],
    [
      'ru',
      {
        moreInformation: ['Запрошена информация', 'Регистрационный код 22222222. Банк просит вас дополнить заявление. Шаги: Доходы, Связанные лица.'],
        request: 'Прочитать запрос банка по компании Lisainfo OÜ',
        approved: ['Счёт открыт', 'Регистрационный код 33333333. Банк одобрил ваше заявление и открыл компании счёт. Управляйте им в интернет-банке.'],
        approvedStatus: 'Посмотреть статус заявления компании Heaks Kiidetud OÜ',
        declined: ['Отклонено', 'Регистрационный код 44444444. Банк отклонил заявление.'],
      },
    ],
  ] as const)('in %s: each own application with its current status and its status page, red only for what blocks', async (language, texts) => {
    const user = userEvent.setup();
    const { on } = serve();
    const company = (businessName: string, registryCode: string) => ({ businessName, registryCode, registryCountryCode: 'EE' });
    on('GET /onboarding/representative/companies', () =>
      jsonResponse({
        companies: [
          {
            ...company('Lisainfo OÜ', '22222222'),
            entry: 'PENDING_APPLICATION',
            processId: 'p-more',
            applicationStatus: 'MORE_INFORMATION_NEEDED',
            reopenedSteps: ['Incomes', 'RelatedPersons'],
          },
          {
            ...company('Heaks Kiidetud OÜ', '33333333'),
            entry: 'EXISTING_ACCOUNT',
            processId: 'p-approved',
            applicationStatus: 'APPROVED',
            hasSignedContract: true,
          },
          {
            ...company('Tagasi Lükatud OÜ', '44444444'),
            entry: 'BLOCKED',
            outcome: 'ALREADY_SUBMITTED',
            processId: 'p-declined',
            applicationStatus: 'DECLINED',
            hasSignedContract: true,
          },
        ],
        pendingManualApplication: null,
      } satisfies RepresentativeCompanies),
    );
    on('GET /onboarding/applications/p-more', () =>
      jsonResponse(applicationView({ processId: 'p-more', currentStep: 'Incomes', status: 'IN_PROGRESS', reopenedSteps: ['Incomes', 'RelatedPersons'] })),
    );
    on('GET /onboarding/applications/p-more/timeline', () =>
      jsonResponse({
        processId: 'p-more',
        applicationNumber: 100042,
        paymentReference: '1000423',
        status: 'IN_PROGRESS',
        reopenedSteps: ['Incomes', 'RelatedPersons'],
        entries: [],
      }),
    );
    await i18n.changeLanguage(language);
    try {
      const { router } = renderScreen();
      const optionOf = async (name: string) => (await screen.findByRole('radio', { name })).closest('li')!;

      // The bank's request: the one to continue, named as the request with its steps, and neither red nor blocked.
      const more = await optionOf('Lisainfo OÜ');
      expect((within(more).getByRole('radio') as HTMLInputElement).disabled).toBe(false);
      expect(within(more).getByText(texts.moreInformation[0]).className).not.toMatch(/error/);
      expect(within(more).getByText(texts.moreInformation[1])).toBeTruthy();

      const approved = await optionOf('Heaks Kiidetud OÜ');
      expect(within(approved).getByText(texts.approved[0]).className).not.toMatch(/error/);
      expect(within(approved).getByText(texts.approved[1])).toBeTruthy();
      expect(within(approved).getByRole('link', { name: texts.approvedStatus })).toBeTruthy();

      // The bank's final no blocks the company: that one is red.
      const declined = await optionOf('Tagasi Lükatud OÜ');
      expect(within(declined).getByText(texts.declined[0]).className).toMatch(/error/);
      expect(within(declined).getByText(texts.declined[1])).toBeTruthy();

      await user.click(within(more).getByRole('link', { name: texts.request }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
      expect(readSessionValue('processId')).toBe('p-more');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('a pending application: continues it at its server-given step without creating one', async () => {
    const user = userEvent.setup();
    const { callsTo } = serve();
    const { router } = renderScreen();
    await user.click(await screen.findByRole('radio', { name: 'Pooleli AS' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/incomes'));
    expect(readSessionValue('processId')).toBe('p-pending');
    expect(callsTo('POST /onboarding/applications')).toHaveLength(0);
  });

  it('the pending manual application: continues it', async () => {
    const user = userEvent.setup();
    serve();
    const { router } = renderScreen();
    await user.click(await screen.findByRole('radio', { name: 'Käsitsi Firma' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/company-information'));
    expect(readSessionValue('processId')).toBe('p-manual');
  });

  it('a company entered by hand: the registry country comes from the reference list, EE by default', async () => {
    const user = userEvent.setup();
    const { on, callsTo } = serve();
    on('GET /onboarding/reference/countries', () =>
      jsonResponse({
        countries: [
          { code: 'FI', name: { et: 'Soome', en: 'Finland', ru: 'Финляндия' } },
          { code: 'EE', name: { et: 'Eesti', en: 'Estonia', ru: 'Эстония' } },
          { code: 'LV', name: { et: 'Läti', en: 'Latvia', ru: 'Латвия' } },
        ],
      }),
    );
    on('POST /onboarding/applications', () => jsonResponse({ kind: 'APPLICATION', application: applicationView({ processId: 'p-new' }) }));
    const { router } = renderScreen();
    await user.click(await screen.findByRole('radio', { name: 'My company is not in the list' }));
    await screen.findByRole('option', { name: 'Latvia' });
    const country = screen.getByRole('combobox', { name: 'Country of registration' }) as HTMLSelectElement;
    expect([...country.options].map((option) => option.textContent)).toEqual(['Estonia', 'Finland', 'Latvia']);
    expect(country.value).toBe('EE');
    await user.type(screen.getByRole('textbox', { name: 'Business name' }), 'Suomi Oy');
    await user.type(screen.getByRole('textbox', { name: 'Registry code (optional)' }), '1234567-8');
    await user.selectOptions(country, 'FI');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/opening-reasons'));
    expect(callsTo('POST /onboarding/applications')[0]?.body).toEqual({
      source: 'MANUAL',
      company: { businessName: 'Suomi Oy', registryCode: '1234567-8', registryCountryCode: 'FI' },
    });
  });

  it('a company entered by hand without the country list: validated by the domain rules, then sent as MANUAL', async () => {
    const user = userEvent.setup();
    const { on, callsTo } = serve();
    on('POST /onboarding/applications', () => jsonResponse({ kind: 'APPLICATION', application: applicationView({ processId: 'p-new' }) }));
    const { router } = renderScreen();
    await user.click(await screen.findByRole('radio', { name: 'My company is not in the list' }));
    const country = screen.getByRole('combobox', { name: 'Country of registration' }) as HTMLSelectElement;
    expect(country.value).toBe('EE');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Required field')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Business name' }), 'Käsitöö OÜ');
    await user.type(screen.getByRole('textbox', { name: 'Registry code (optional)' }), '12-AB');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Only numbers permitted')).toBeTruthy();
    expect(callsTo('POST /onboarding/applications')).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: 'Registry code (optional)' }));
    await user.selectOptions(country, 'OTHER');
    await user.type(screen.getByRole('textbox', { name: 'Country code' }), 'fi');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/opening-reasons'));
    expect(callsTo('POST /onboarding/applications')[0]?.body).toEqual({
      source: 'MANUAL',
      company: { businessName: 'Käsitöö OÜ', registryCode: '', registryCountryCode: 'FI' },
    });
  });

  it('an Estonian registry code with a wrong check digit: "Incorrect registry code", nothing sent', async () => {
    const user = userEvent.setup();
    const { callsTo } = serve();
    renderScreen();
    await user.click(await screen.findByRole('radio', { name: 'My company is not in the list' }));
    await user.type(screen.getByRole('textbox', { name: 'Business name' }), 'Näidis Tehnoloogia OÜ');
    await user.type(screen.getByRole('textbox', { name: 'Registry code (optional)' }), '19000148');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Incorrect registry code')).toBeTruthy();
    expect(callsTo('POST /onboarding/applications')).toHaveLength(0);
  });

  it('a company typed by hand that is one of the person’s in the register: the field says so and the list takes over', async () => {
    const user = userEvent.setup();
    const { on } = serve();
    on('POST /onboarding/applications', () => companyInRegister('companyInRegister', 'Uus Firma OÜ', '11111111'));
    renderScreen();
    await user.click(await screen.findByRole('radio', { name: 'My company is not in the list' }));
    const businessName = screen.getByRole('textbox', { name: 'Business name' });
    await user.type(businessName, 'uus firma');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Uus Firma OÜ is in the Business Register and you may represent it: choose it from your companies above')).toBeTruthy();
    expect(document.activeElement).toBe(businessName);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Choose this company' }));
    const listed = screen.getByRole('radio', { name: /Uus Firma OÜ/ }) as HTMLInputElement;
    expect(listed.checked).toBe(true);
    expect(document.activeElement).toBe(listed);
  });

  it('a company in the register that is not the person’s: the field says so and names the way to a manager', async () => {
    const user = userEvent.setup();
    const { on } = serve();
    on('POST /onboarding/applications', () => companyInRegister('companyInRegisterNotRepresented', 'Näidis Tehnoloogia OÜ', '19000149'));
    renderScreen();
    await user.click(await screen.findByRole('radio', { name: 'My company is not in the list' }));
    await user.type(screen.getByRole('textbox', { name: 'Business name' }), 'Näidis Tehnoloogia OÜ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Näidis Tehnoloogia OÜ is in the Business Register, which does not name you as its representative')).toBeTruthy();
    const manager = screen.getByText(/A relationship manager will help you/);
    expect(within(manager).getByRole('link', { name: 'abi@pank.ee' }).getAttribute('href')).toBe('mailto:abi@pank.ee');
    expect(within(manager).getByRole('link', { name: '+372 600 0000' }).getAttribute('href')).toBe('tel:+3726000000');
    expect(screen.queryByRole('button', { name: 'Choose this company' })).toBeNull();
  });

  it('the cap on applications for companies typed by hand: says so, with the way to a manager', async () => {
    const user = userEvent.setup();
    const { on } = serve();
    on('POST /onboarding/applications', () => jsonResponse({ code: 'MANUAL_APPLICATION_LIMIT', message: 'Too many.' }, 409));
    renderScreen();
    await user.click(await screen.findByRole('radio', { name: 'My company is not in the list' }));
    await user.type(screen.getByRole('textbox', { name: 'Business name' }), 'Neljas OÜ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('You already have 3 applications in progress for companies entered by hand. Please complete one of them first.'),
    ).toBeTruthy();
    expect(screen.getByText(/A relationship manager will help you/)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
