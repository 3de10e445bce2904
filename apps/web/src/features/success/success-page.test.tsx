import type { ApplicationTimeline, ApplicationView, FollowUp } from '@onboarding/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../app/router';
import i18n from '../../i18n/i18n';
import { storeTokens } from '../../lib/auth-session';
import { readSessionValue, writeSessionValues } from '../../lib/session-storage';
import { applicationView, OFFICES } from '../../test/application-fixture';
import { fakeAccessToken, jsonResponse } from '../../test/fake-token';
import { stubFetch } from '../../test/fetch-stub';
import { renderRoutes } from '../../test/render-app';
import { setPageSettings } from '../../test/page-settings';

setPageSettings();

vi.setConfig({ testTimeout: 15_000 });

const APPLICATION_URL = 'GET /onboarding/applications/p-1';
const CONTRACT_URL = 'GET /onboarding/applications/p-1/contract';
const SIGNED_CONTRACT_URL = 'GET /onboarding/applications/p-1/contract/signed';

const submitted = (followUp: FollowUp | null, overrides: Partial<ApplicationView> = {}) =>
  applicationView({
    currentStep: 'ApplicationSubmitted',
    status: 'SUBMITTED',
    followUp,
    submittedAt: '2025-01-02T10:00:00.000Z',
    steps: { ApplicationOverview: { identificationLocation: { type: 'BRANCH', officeId: 'tartu-1', isSignedInOffice: true } } },
    ...overrides,
  });

/** The timeline of an application just submitted: its one submission. */
const timelineOf = (application: ApplicationView): ApplicationTimeline => ({
  processId: application.processId,
  applicationNumber: application.applicationNumber,
  paymentReference: '1000423',
  status: application.status,
  reopenedSteps: null,
  entries: application.submittedAt ? [{ kind: 'SUBMITTED', at: application.submittedAt, method: 'SMART_ID', isResubmission: false }] : [],
  serviceFeeInvoice: application.serviceFeeInvoice ?? null,
});

/** The invoice issued with the submission, as the server gives it. */
const INVOICE = {
  amountCents: 3550,
  dueDate: '2025-01-16',
  paymentReference: '1000423',
  payee: { name: 'Pank AS', iban: 'EE382200221020145685' },
  issuedAt: '2025-01-02T10:00:00.000Z',
};

function serve(application: ApplicationView) {
  return stubFetch({
    [APPLICATION_URL]: () => jsonResponse(application),
    'GET /onboarding/applications/p-1/timeline': () => jsonResponse(timelineOf(application)),
    'GET /onboarding/reference/bank-offices': () => jsonResponse({ bankOffices: OFFICES }),
  });
}

/** /success as the real router has it: signed in, the process id stored (a reload). */
const renderSuccess = () => renderRoutes(createRoutes(), '/success');
const findTitle = () => screen.findByRole('heading', { level: 1, name: 'Application submitted' });

beforeEach(async () => {
  sessionStorage.clear();
  storeTokens({ accessToken: fakeAccessToken({ exp: Math.floor(Date.now() / 1000) + 3600 }), refreshToken: 'r' });
  writeSessionValues({ processId: 'p-1' });
  await i18n.changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/success', () => {
  it('says the contract is signed and the application submitted, with its number, the download as the main action, and home', async () => {
    serve(submitted('PAY_SERVICE_FEE'));
    renderSuccess();
    await findTitle();
    expect(screen.getByText('Contract signed')).toBeTruthy();
    expect(screen.getByText('Thank you! You signed the contract and the account opening application of Tamm ja Pojad OÜ has been submitted.')).toBeTruthy();
    expect(screen.getByText('Application number: 100042')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the contract (PDF)' }).getAttribute('data-variant')).toBe('primary');
    // docs/requirements.md section 2 offers the online bank; before the account opens, the link says what is there.
    const onlineBank = screen.getByRole('link', { name: 'Log in to the online bank' });
    expect(onlineBank.getAttribute('href')).toBe('https://bank.example/business');
    expect(onlineBank.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(onlineBank.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /appears in the online bank once the bank has opened it/,
    );
    expect(screen.getByRole('link', { name: 'Back to home page' }).getAttribute('href')).toBe('/');
  });

  it('names the application number in Estonian too', async () => {
    serve(submitted('PAY_SERVICE_FEE'));
    await i18n.changeLanguage('et');
    renderSuccess();
    expect(await screen.findByText('Taotluse number: 100042')).toBeTruthy();
  });

  it.each([
    ['MANAGER_CONTACT', /relationship manager, who will contact you within a couple of working days/],
    ['PAY_SERVICE_FEE', /The bank will send you the invoice for the account opening service fee/],
    ['SIGN_BY_LINK', /management board must also sign the contract. We will e-mail them a link/],
    ['IDENTIFY_IN_OFFICE', /identify yourself at the office you chose/],
  ] as const)('%s: what happens next for this case', async (followUp, text) => {
    serve(submitted(followUp));
    renderSuccess();
    await findTitle();
    expect(screen.getByText(text)).toBeTruthy();
    if (followUp === 'IDENTIFY_IN_OFFICE') {
      const office = await screen.findByRole('group', { name: 'The office you chose' });
      expect(within(office).getByText('Tartu branch')).toBeTruthy();
      expect(within(office).getByText('Riia 2, 51004 Tartu')).toBeTruthy();
      expect(within(office).getByText('Opening hours: Mon–Fri 9:00–18:00')).toBeTruthy();
    } else {
      expect(screen.queryByRole('group', { name: 'The office you chose' })).toBeNull();
    }
  });

  it('shows the invoice issued with the submission: all a payment needs, and where to pay only', async () => {
    serve(submitted('PAY_SERVICE_FEE', { serviceFeeInvoice: INVOICE }));
    renderSuccess();
    await findTitle();
    expect(screen.getByText('Please pay the account opening service fee by the invoice below. The account is opened once the invoice is paid.')).toBeTruthy();
    expect(screen.queryByText(/The bank will send you the invoice/)).toBeNull();
    const invoice = within(screen.getByRole('region', { name: 'Service fee invoice' }));
    const facts = Object.fromEntries(
      invoice.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent?.replace(/\u00a0/g, ' ')]),
    );
    expect(facts).toEqual({
      Amount: '€35.50',
      'Due date': '16 January 2025',
      Payee: 'Pank AS',
      'Payee’s account': 'EE38 2200 2210 2014 5685',
      'Payment reference': '1000423',
    });
    expect(invoice.getByText(/Pay only to the account shown here/)).toBeTruthy();
  });

  it('shows the invoice in Estonian as the glossary writes amounts and dates', async () => {
    serve(submitted('PAY_SERVICE_FEE', { serviceFeeInvoice: INVOICE }));
    await i18n.changeLanguage('et');
    renderSuccess();
    const invoice = within(await screen.findByRole('region', { name: 'Teenustasu arve' }));
    const amount = invoice.getByText('Summa').nextElementSibling?.textContent;
    expect(amount).toBe('35,50\u00a0€');
    expect(invoice.getByText('16.01.2025')).toBeTruthy();
    expect(invoice.getByText('Saaja konto')).toBeTruthy();
  });

  it('names no account for an invoice the bank sent itself, and says where its account is', async () => {
    serve(submitted('PAY_SERVICE_FEE', { serviceFeeInvoice: { ...INVOICE, payee: null } }));
    renderSuccess();
    const invoice = within(await screen.findByRole('region', { name: 'Service fee invoice' }));
    expect(invoice.queryByText('Payee’s account')).toBeNull();
    expect(invoice.getByText(/The payee and the account are on the invoice the bank sent you/)).toBeTruthy();
  });

  it('shows no invoice once the bank received the fee', async () => {
    const application = submitted('PAY_SERVICE_FEE', { serviceFeeInvoice: INVOICE });
    serve(application).on('GET /onboarding/applications/p-1/timeline', () =>
      jsonResponse({
        ...timelineOf(application),
        entries: [...timelineOf(application).entries, { kind: 'DECISION', at: '2025-01-03T10:00:00.000Z', decision: { type: 'FEE_PAID' } }],
      }),
    );
    renderSuccess();
    await screen.findByRole('heading', { level: 3, name: 'Service fee received' });
    expect(screen.queryByRole('region', { name: 'Service fee invoice' })).toBeNull();
  });

  it('the office follows the language', async () => {
    serve(submitted('IDENTIFY_IN_OFFICE'));
    await i18n.changeLanguage('et');
    renderSuccess();
    const office = await screen.findByRole('group', { name: 'Sinu valitud kontor' });
    expect(within(office).getByText('Tartu kontor')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Taotlus on esitatud' })).toBeTruthy();
  });

  it('downloads the contract PDF with the bearer token and saves it under the server’s file name', async () => {
    const user = userEvent.setup();
    const { on, callsTo } = serve(submitted('PAY_SERVICE_FEE'));
    on(
      CONTRACT_URL,
      () =>
        new Response(new TextEncoder().encode('%PDF-1.7'), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="contract-p-1.pdf"' },
        }),
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:contract');
    const revokeObjectURL = vi.fn();
    // jsdom has no object URLs.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = revokeObjectURL;
      },
    );
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    renderSuccess();
    await findTitle();
    await user.click(screen.getByRole('button', { name: 'Download the contract (PDF)' }));

    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:contract', download: 'contract-p-1.pdf' }]));
    const [call] = callsTo(CONTRACT_URL);
    expect((call?.init.headers as Record<string, string>).Authorization).toBe(`Bearer ${readSessionValue('accessToken')}`);
    expect(createObjectURL.mock.calls[0]?.[0].type).toBe('application/pdf');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:contract'));
    expect(screen.queryByText('The contract could not be downloaded. Please try again.')).toBeNull();
  });

  it('offers the signed container next to the PDF, with a hint that DigiDoc4 opens it', async () => {
    serve(submitted('PAY_SERVICE_FEE'));
    renderSuccess();
    await findTitle();
    const button = screen.getByRole('button', { name: 'Download the signed container (ASiC-E)' });
    expect(button.getAttribute('data-variant')).toBe('outline');
    expect(button.getAttribute('aria-describedby')).toBe('success-signed-contract-hint');
    expect(document.getElementById('success-signed-contract-hint')?.textContent).toBe(
      'The .asice file holds the contract and your digital signature. Open it in DigiDoc4.',
    );
    // Next to the PDF, in the same row.
    expect(button.parentElement).toBe(screen.getByRole('button', { name: 'Download the contract (PDF)' }).parentElement);
  });

  it.each([
    ['et', 'Laadi alla allkirjastatud konteiner (ASiC-E)', 'Failis .asice on leping koos sinu digiallkirjaga. Ava see DigiDoc4-ga.'],
    ['ru', 'Скачать подписанный контейнер (ASiC-E)', 'Файл .asice содержит договор и вашу цифровую подпись. Откройте его в DigiDoc4.'],
  ])('names the signed container and DigiDoc4 in %s too', async (language, name, hint) => {
    serve(submitted('PAY_SERVICE_FEE'));
    await i18n.changeLanguage(language);
    renderSuccess();
    const button = await screen.findByRole('button', { name });
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(hint);
  });

  it('downloads the signed container (.asice) with the bearer token and saves it under the server’s file name', async () => {
    const user = userEvent.setup();
    const { on, callsTo } = serve(submitted('PAY_SERVICE_FEE'));
    let answer!: (response: Response) => void;
    on(SIGNED_CONTRACT_URL, () => new Promise<Response>((resolve) => (answer = resolve)));
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:signed');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = () => undefined;
      },
    );
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    renderSuccess();
    await findTitle();
    const button = screen.getByRole('button', { name: 'Download the signed container (ASiC-E)' });
    await user.click(button);

    // On its way: the button says so, as the other downloads do.
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    answer(
      new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
        status: 200,
        headers: { 'Content-Type': 'application/vnd.etsi.asic-e+zip', 'Content-Disposition': 'attachment; filename="contract-p-1.asice"' },
      }),
    );
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:signed', download: 'contract-p-1.asice' }]));
    const [call] = callsTo(SIGNED_CONTRACT_URL);
    const headers = call?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Bearer ${readSessionValue('accessToken')}`);
    expect(headers.Accept).toBe('application/vnd.etsi.asic-e+zip');
    expect(createObjectURL.mock.calls[0]?.[0].type).toBe('application/vnd.etsi.asic-e+zip');
    await waitFor(() => expect(button.getAttribute('aria-busy')).not.toBe('true'));
    expect(callsTo(CONTRACT_URL)).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('a failed download of the signed container says so in place, and a later try clears it', async () => {
    const user = userEvent.setup();
    const { on } = serve(submitted('PAY_SERVICE_FEE'));
    on(SIGNED_CONTRACT_URL, () => jsonResponse({ code: 'NOT_FOUND', message: 'Not submitted' }, 404));
    renderSuccess();
    await findTitle();
    const button = screen.getByRole('button', { name: 'Download the signed container (ASiC-E)' });
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The signed container could not be downloaded. Please try again.'));

    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:signed';
        static override revokeObjectURL = () => undefined;
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    on(SIGNED_CONTRACT_URL, () => new Response(new Uint8Array([0x50, 0x4b]), { status: 200, headers: { 'Content-Type': 'application/vnd.etsi.asic-e+zip' } }));
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(''));
  });

  it("shows the application's history as a person reads it: what, when and by whom, in the page's language, no JSON", async () => {
    const user = userEvent.setup();
    const { on, callsTo } = serve(submitted('PAY_SERVICE_FEE'));
    const historyUrl = 'GET /onboarding/applications/p-1/history';
    const event = (id: number, type: string, actor: string, payload: Record<string, unknown> = {}, patch?: unknown[]) => ({
      id,
      type,
      at: `2025-01-02T0${id}:00:00.000Z`,
      actor,
      applicationVersion: id,
      source: 'APPLICANT',
      payload,
      ...(patch ? { patch } : {}),
    });
    on(historyUrl, () =>
      jsonResponse({
        processId: 'p-1',
        company: { businessName: 'Tamm ja Pojad OÜ', registryCode: '12345678', registryCountryCode: 'EE' },
        events: [
          event(1, 'APPLICATION_CREATED', 'EE38001085718'),
          event(2, 'DRAFT_SAVED', 'EE38001085718', { step: 'CompanyData' }),
          event(3, 'STEP_SAVED', 'EE38001085718', { step: 'CompanyData' }, [
            { op: 'add', path: '/email', value: 'a@b.ee' },
            { op: 'add', path: '/phone', value: '+3725555555' },
          ]),
          event(4, 'CO_SIGNED', 'EE47103220312'),
          event(5, 'DECISION_RECORDED', 'bank', { decision: { type: 'APPROVED', accountNumber: 'EE382200221020145685' } }),
        ],
      }),
    );
    renderSuccess();
    await findTitle();
    expect(screen.queryByRole('button', { name: /JSON/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show the history' }));
    const list = await screen.findByRole('list', { name: 'History of the application' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => Array.from(item.children, (child) => child.textContent).join(' | '));
    // The autosave is left out; the times are the bank's (Tallinn, UTC+2 in January).
    expect(items).toEqual([
      '2 January 2025 at 3:00 | Application started | by you',
      '2 January 2025 at 5:00 | Company information saved, changes: 2 | by you',
      '2 January 2025 at 6:00 | Contract signed by another board member | by the person with personal code 47103220312',
      '2 January 2025 at 7:00 | The bank’s decision: Account opened | by the bank',
    ]);
    expect(screen.getByRole('button', { name: 'Print or save as PDF' })).toBeTruthy();
    expect(callsTo(historyUrl)).toHaveLength(1);

    await i18n.changeLanguage('et');
    await waitFor(() => expect(within(list).getAllByRole('listitem')[1]?.textContent).toContain('Ettevõtte andmed salvestatud, muudatusi: 2'));
  });

  it('a failed download says so in place', async () => {
    const user = userEvent.setup();
    const { on } = serve(submitted('PAY_SERVICE_FEE'));
    on(CONTRACT_URL, () => jsonResponse({ code: 'NOT_FOUND', message: 'No contract' }, 404));
    renderSuccess();
    await findTitle();
    await user.click(screen.getByRole('button', { name: 'Download the contract (PDF)' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The contract could not be downloaded. Please try again.');
  });

  it('an application still in progress is not submitted: its own step opens instead', async () => {
    serve(applicationView({ currentStep: 'ApplicationOverview' }));
    const { router } = renderSuccess();
    // The application's screens load lazily: on two busy cores that takes longer than waitFor's second.
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/overview'), { timeout: 5000 });
  });

  it('an application that is not the user’s goes back to the company choice and forgets the process id', async () => {
    stubFetch({ [APPLICATION_URL]: () => jsonResponse({ code: 'NOT_FOUND', message: 'gone' }, 404) });
    const { router } = renderSuccess();
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose-company'));
    expect(readSessionValue('processId')).toBeNull();
  });
});
