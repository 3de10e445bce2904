import { LIST_MAX_ITEMS, companyDataSchema, parseWithIssues, type ApplicationView, type RegisterCompanyLookup } from '@onboarding/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { onGlobalToast, type GlobalToast } from '../../../app/global-errors';
import i18n from '../../../i18n/i18n';
import { storeTokens } from '../../../lib/auth-session';
import { applicationView } from '../../../test/application-fixture';
import { fakeAccessToken, jsonResponse } from '../../../test/fake-token';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-app';
import { ApplicationLayout } from '../application-layout';
import { StepScreenStub as StepPlaceholder } from '../../../test/step-screen-stub';
import { CompanyInformationPage as CompanyInformation } from './company-information-page';

// Whole-form tests type a lot; under a full parallel run they need more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

const SAVE = 'PUT /onboarding/applications/p-1/steps/CompanyData';
const REGISTER = 'GET /onboarding/register/companies/EE/12345678';

const registerCard: RegisterCompanyLookup = {
  businessName: 'Registri Firma OÜ',
  registryCode: '12345678',
  registryCountryCode: 'EE',
  legalAddress: { countryCode: 'EE', county: 'Harju maakond', district: 'Tallinn', city: 'Kesklinna linnaosa', street: 'Pikk 1', postalCode: '10123' },
  emtakVersion: '2008',
  mainFieldOfActivityCode: '62011',
  isListedCompany: false,
};

const name = (et: string, en: string, ru: string) => ({ et, en, ru });

function routes(): RouteObject[] {
  return [
    {
      path: '/application',
      element: <ApplicationLayout processId="p-1" onLogout={() => undefined} />,
      children: [
        { path: '/application/opening-reasons', element: <StepPlaceholder /> },
        { path: '/application/company-information', element: <CompanyInformation /> },
        { path: '/application/incomes', element: <StepPlaceholder /> },
      ],
    },
  ];
}

type RepresentativeContacts = { email: string | null; phone: string | null };
/** Most tests type the company's contacts into empty fields: a representative whose own are not known. */
const NO_CONTACTS: RepresentativeContacts = { email: null, phone: null };

function serve(view: ApplicationView = applicationView({ currentStep: 'CompanyData' }), { isInRegister = true, representative = NO_CONTACTS } = {}) {
  return stubFetch({
    'GET /onboarding/applications/p-1': () => jsonResponse(view),
    'GET /onboarding/representative': () =>
      jsonResponse({
        personalId: '38001085718',
        personalIdCountryCode: 'EE',
        givenName: 'JAAK-KRISTJAN',
        surname: 'JÕEORG',
        language: 'en',
        hasConsentedToRegistryQueries: true,
        consentedAt: '2025-01-02T10:00:00.000Z',
        isEmailConfirmed: true,
        personOutcome: null,
        ...representative,
      }),
    [REGISTER]: () => (isInRegister ? jsonResponse(registerCard) : jsonResponse({ code: 'NOT_FOUND', message: 'Not in the register' }, 404)),
    'GET /onboarding/reference/countries': () =>
      jsonResponse({
        countries: [
          { code: 'EE', name: name('Eesti', 'Estonia', 'Эстония') },
          { code: 'FI', name: name('Soome', 'Finland', 'Финляндия') },
          { code: 'LV', name: name('Läti', 'Latvia', 'Латвия') },
          { code: 'SE', name: name('Rootsi', 'Sweden', 'Швеция') },
        ],
      }),
    'GET /onboarding/reference/economic-activities': () =>
      jsonResponse({
        version: 'EMTAK 2008',
        sections: [
          {
            code: 'J',
            name: name('Info ja side', 'Information and communication', 'Информация и связь'),
            divisions: [
              {
                code: '62',
                name: name('Programmeerimine', 'Computer programming', 'Программирование'),
                activities: [
                  { code: '62011', name: name('Programmeerimine', 'Computer programming', 'Программирование') },
                  { code: '62021', name: name('Arvutialane nõustamine', 'Computer consultancy', 'Консультирование') },
                ],
              },
            ],
          },
          {
            code: 'G',
            name: name('Kaubandus', 'Trade', 'Торговля'),
            divisions: [
              {
                code: '47',
                name: name('Jaekaubandus', 'Retail trade', 'Розничная торговля'),
                activities: [{ code: '47911', name: name('Jaemüük Interneti teel', 'Retail sale via Internet', 'Розничная торговля через Интернет') }],
              },
            ],
          },
        ],
      }),
    'GET /onboarding/reference/places': () =>
      jsonResponse({
        counties: [
          {
            code: 'EE-37',
            name: name('Harju maakond', 'Harju County', 'Харьюский уезд'),
            districts: [
              { code: 'EE-784', name: 'Tallinn', type: 'URBAN_MUNICIPALITY', cities: ['Kesklinna linnaosa', 'Mustamäe linnaosa'] },
              { code: 'EE-726', name: 'Saue vald', type: 'RURAL_MUNICIPALITY', cities: ['Saue', 'Laagri'] },
            ],
          },
          {
            code: 'EE-79',
            name: name('Tartu maakond', 'Tartu County', 'Тартуский уезд'),
            districts: [{ code: 'EE-793', name: 'Tartu linn', type: 'URBAN_MUNICIPALITY', cities: ['Tartu'] }],
          },
        ],
      }),
    'PUT /onboarding/applications/p-1/drafts/CompanyData': ({ body }) => jsonResponse({ version: (body as { version: number }).version + 1, updatedAt: 'now' }),
    [SAVE]: ({ body }) => jsonResponse(applicationView({ currentStep: 'Incomes', version: 9, steps: { CompanyData: (body as { data: unknown }).data } })),
  });
}

async function renderScreen(view?: ApplicationView, options?: { isInRegister?: boolean; representative?: RepresentativeContacts }) {
  const stub = serve(view, options);
  const rendered = renderRoutes(routes(), '/application/company-information');
  await screen.findByRole('heading', { name: 'Company' });
  // The activity list is in once its version shows as a fact.
  await screen.findByText('EMTAK 2008', { selector: 'dd' });
  return { ...stub, ...rendered };
}

/** The application's company, shown and not edited: the value under its label. */
const companyValue = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const textbox = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const group = (label: string) => screen.getByRole('group', { name: label });
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

/** Everything the register card does not give, answered validly. */
async function fillTheRest(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(group('On what basis do you represent the company?')).getByRole('radio', { name: 'Management board member' }));
  await user.type(textbox('Business e-mail'), 'info@firma.ee');
  await user.type(textbox('Business phone'), '+372 5123 4567');
  await user.type(textbox('Describe the field of activity'), 'Software development');
  await user.type(textbox('Number of employees'), '12');
  await user.type(screen.getByRole('combobox', { name: 'Target market countries' }), 'fin{Enter}');
  await user.click(within(group('Does the company’s activity require a licence?')).getByRole('radio', { name: 'No' }));
  await user.click(within(group('Does the company have an account in another credit institution?')).getByRole('radio', { name: 'No' }));
  await user.click(within(group('Has an account of the company been closed in the last 6 months?')).getByRole('radio', { name: 'No' }));
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  sessionStorage.clear();
  storeTokens({ accessToken: fakeAccessToken({ exp: Math.floor(Date.now() / 1000) + 3600 }), refreshToken: 'r' });
});
afterEach(() => vi.unstubAllGlobals());

describe('company information: starting values', () => {
  it('a register that does not answer: says so above the form with a retry, no toast, and what is typed stays', async () => {
    const user = userEvent.setup();
    const toasts: GlobalToast[] = [];
    const stopListening = onGlobalToast((toast) => toasts.push(toast));
    let isRegisterUp = false;
    const { on } = serve();
    on(REGISTER, () =>
      isRegisterUp ? jsonResponse(registerCard) : jsonResponse({ code: 'REGISTER_UNAVAILABLE', message: 'The Business Register does not answer.' }, 503),
    );
    renderRoutes(routes(), '/application/company-information');
    const notice = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(notice.textContent).toContain('The Business Register does not answer at the moment');
    // The form works meanwhile: the person may go on typing.
    await screen.findByRole('combobox', { name: 'County' });
    await user.type(textbox('Describe the field of activity'), 'Software development');
    expect(toasts).toEqual([]);

    isRegisterUp = true;
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText(/The Business Register does not answer at the moment/)).toBeNull());
    expect(textbox('Describe the field of activity').value).toBe('Software development');
    expect(toasts).toEqual([]);
    stopListening();
  });

  it('pre-fills from the register card and marks what came from it', async () => {
    const { callsTo } = await renderScreen();
    expect(callsTo(REGISTER)).toHaveLength(1);
    // The company is the application's, fixed when it was started: shown, not a field.
    expect(screen.queryByRole('textbox', { name: 'Business name' })).toBeNull();
    expect(companyValue('Business name')).toBe('Tamm ja Pojad OÜ');
    expect(companyValue('Registry code')).toBe('12345678');
    expect(companyValue('Country of registration')).toBe('Estonia');
    const company = screen.getByRole('region', { name: 'Company' });
    expect(within(company).getByText('From the Business Register')).toBeTruthy();
    expect(within(company).getByText(/^The company is fixed when the application is started/)).toBeTruthy();
    // Facts are shown with their source, not as fields: the EMTAK version is the reference list's.
    expect(screen.queryByRole('textbox', { name: 'EMTAK version' })).toBeNull();
    expect(companyValue('EMTAK version')).toBe('EMTAK 2008');
    expect(screen.getByText(/The classification the codes below are chosen from/)).toBeTruthy();
    const fieldLabels = [...document.querySelectorAll('label, legend')].map((element) => element.textContent);
    expect(fieldLabels.filter((text) => /Registry code|EMTAK|Business name/.test(text ?? ''))).toEqual([]);
    const main = screen.getByRole('combobox', { name: 'Main field of activity' }) as HTMLInputElement;
    expect(main.value).toBe('62011 Computer programming');
    expect(descriptionOf(main)).toContain('The code is from the Business Register. To change it, search by EMTAK code or by name');
    // The register's legal address is a fact; its fields open when the person says it has changed.
    const fact = screen.getByRole('region', { name: 'Legal address' });
    expect(within(fact).getByText('From the Business Register')).toBeTruthy();
    expect(within(fact).getByText('Pikk 1, Kesklinna linnaosa, Tallinn, Harju maakond, 10123, Estonia')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Legal address' })).toBeNull();
    await userEvent.setup().click(within(fact).getByRole('button', { name: 'Change the address' }));
    const legal = group('Legal address');
    expect(within(legal).getByText('From the Business Register')).toBeTruthy();
    expect(document.activeElement).toBe(within(legal).getByRole('combobox', { name: 'Country' }));
    expect(((await within(legal).findByRole('combobox', { name: 'County' })) as HTMLSelectElement).value).toBe('Harju maakond');
    expect((within(legal).getByRole('combobox', { name: 'Municipality' }) as HTMLSelectElement).value).toBe('Tallinn');
    expect((within(legal).getByRole('combobox', { name: 'City or settlement' }) as HTMLInputElement).value).toBe('Kesklinna linnaosa');
    expect((within(legal).getByRole('textbox', { name: 'Street, house and apartment' }) as HTMLInputElement).value).toBe('Pikk 1');
    expect((within(group('Is the company listed on a stock exchange?')).getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
  });

  it.each([
    ['with the register’s own name', { mainFieldOfActivityCode: '16101', mainFieldOfActivityName: 'Saematerjali tootmine' }, '16101 Saematerjali tootmine'],
    ['without a name', { mainFieldOfActivityCode: '16101' }, '16101'],
  ])('a register code the reference list lacks is kept and shown %s', async (_case, change, shown) => {
    const { on } = serve();
    on(REGISTER, () => jsonResponse({ ...registerCard, ...change }));
    renderRoutes(routes(), '/application/company-information');
    await screen.findByText('EMTAK 2008', { selector: 'dd' });
    const main = screen.getByRole('combobox', { name: 'Main field of activity' }) as HTMLInputElement;
    expect(main.value).toBe(shown);
    expect(descriptionOf(main)).toContain('The code is from the Business Register. To change it, search by EMTAK code or by name');
  });

  it('a company the register does not know: takes the application’s company, without notes', async () => {
    await renderScreen(
      applicationView({
        currentStep: 'CompanyData',
        company: { businessName: 'Tamm ja Pojad OÜ', registryCode: null, registryCountryCode: 'EE', legalForm: null },
      }),
      { isInRegister: false },
    );
    expect(companyValue('Business name')).toBe('Tamm ja Pojad OÜ');
    expect(companyValue('Registry code')).toBe('None');
    expect(screen.getByText(/As you entered it when you started the application/)).toBeTruthy();
    expect(screen.queryByText('From the Business Register')).toBeNull();
    expect(companyValue('EMTAK version')).toBe('EMTAK 2008');
  });

  it('offers the representative’s own e-mail and phone as the company’s, to keep or change', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = await renderScreen(undefined, { representative: { email: 'jaak@joeorg.ee', phone: '+372 5555 1234' } });
    expect(textbox('Business e-mail').value).toBe('jaak@joeorg.ee');
    expect(textbox('Business phone').value).toBe('+372 5555 1234');
    await user.clear(textbox('Business e-mail'));
    await user.type(textbox('Business e-mail'), 'info@joeorg.ee');
    await user.click(within(group('On what basis do you represent the company?')).getByRole('radio', { name: 'Management board member' }));
    await user.type(textbox('Describe the field of activity'), 'Consulting');
    await user.type(textbox('Number of employees'), '0');
    await user.type(screen.getByRole('combobox', { name: 'Target market countries' }), 'fin{Enter}');
    for (const question of [
      'Does the company’s activity require a licence?',
      'Does the company have an account in another credit institution?',
      'Has an account of the company been closed in the last 6 months?',
    ]) {
      await user.click(within(group(question)).getByRole('radio', { name: 'No' }));
    }
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/incomes'));
    const data = (callsTo(SAVE)[0]?.body as { data: Record<string, unknown> }).data;
    expect([data.businessEmail, data.businessPhone]).toEqual(['info@joeorg.ee', '+372 5555 1234']);
  });

  it('keeps the application’s own contacts, even emptied, over the representative’s', async () => {
    await renderScreen(applicationView({ currentStep: 'CompanyData', drafts: { CompanyData: { businessEmail: 'info@firma.ee', businessPhone: '' } } }), {
      representative: { email: 'jaak@joeorg.ee', phone: '+372 5555 1234' },
    });
    expect(textbox('Business e-mail').value).toBe('info@firma.ee');
    expect(textbox('Business phone').value).toBe('');
  });

  it.each([
    ['MANAGEMENT_BOARD_MEMBER', 'Management board member', 'From the Business Register: management board member'],
    ['AUTHORIZED_PERSON', 'Authorised person', 'From the Business Register: authorised person'],
  ] as const)('pre-selects the representation basis the register gives (%s) and says so; another may be declared', async (basis, label, note) => {
    const user = userEvent.setup();
    const company = {
      businessName: 'Tamm ja Pojad OÜ',
      registryCode: '12345678',
      registryCountryCode: 'EE',
      legalForm: 'OU',
      isListedCompany: false,
      representationBasis: basis,
    };
    await renderScreen(applicationView({ currentStep: 'CompanyData', company }));
    const bases = group('On what basis do you represent the company?');
    expect((within(bases).getByRole('radio', { name: label }) as HTMLInputElement).checked).toBe(true);
    expect(descriptionOf(bases)).toContain(note);
    await user.click(within(bases).getByRole('radio', { name: 'Other' }));
    expect((within(bases).getByRole('radio', { name: 'Other' }) as HTMLInputElement).checked).toBe(true);
    expect(descriptionOf(bases)).toContain(note);
  });

  it('leaves the representation basis to the person where the register names none', async () => {
    await renderScreen();
    const bases = group('On what basis do you represent the company?');
    expect(
      within(bases)
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
    expect(descriptionOf(bases)).not.toContain('From the Business Register');
  });

  it('keeps the basis the application already has over the register’s', async () => {
    const company = {
      businessName: 'Tamm ja Pojad OÜ',
      registryCode: '12345678',
      registryCountryCode: 'EE',
      legalForm: 'OU',
      isListedCompany: false,
      representationBasis: 'MANAGEMENT_BOARD_MEMBER' as const,
    };
    await renderScreen(
      applicationView({ currentStep: 'CompanyData', company, drafts: { CompanyData: { representationBasis: 'OTHER', representationBasisOther: 'Volikiri' } } }),
    );
    expect((within(group('On what basis do you represent the company?')).getByRole('radio', { name: 'Other' }) as HTMLInputElement).checked).toBe(true);
  });

  it('starts from the draft rather than the register', async () => {
    await renderScreen(
      applicationView({ currentStep: 'CompanyData', drafts: { CompanyData: { businessName: 'Mustand OÜ', businessEmail: 'draft@firma.ee' } } }),
    );
    // The draft's own company name does not count: the company is the application's.
    expect(companyValue('Business name')).toBe('Tamm ja Pojad OÜ');
    expect(textbox('Business e-mail').value).toBe('draft@firma.ee');
    vi.unstubAllGlobals();
  });
});

describe('company information: the domain rules (docs/requirements.md section 5)', () => {
  it('shows each message once the field is touched', async () => {
    const user = userEvent.setup();
    await renderScreen();
    const email = textbox('Business e-mail');
    await user.type(email, 'info@firma');
    expect(descriptionOf(email)).not.toContain('Invalid e-mail address');
    await user.tab();
    expect(descriptionOf(email)).toContain('Invalid e-mail address');
    expect(email.getAttribute('aria-invalid')).toBe('true');

    const phone = textbox('Business phone');
    await user.type(phone, '123456');
    await user.tab();
    expect(descriptionOf(phone)).toContain('Incorrect telephone number');
    await user.type(phone, '7');
    await waitFor(() => expect(descriptionOf(phone)).not.toContain('Incorrect telephone number'));
  });

  it('refuses a target market country added twice with "Country already added"', async () => {
    const user = userEvent.setup();
    await renderScreen();
    const markets = screen.getByRole('combobox', { name: 'Target market countries' });
    await user.type(markets, 'fin{Enter}');
    await user.type(markets, 'fin{Enter}');
    expect(descriptionOf(markets)).toContain('Country already added');
    expect(within(screen.getByRole('list', { name: 'Chosen' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('Continue on an incomplete form: messages everywhere, a summary at the top with a link to each, nothing sent', async () => {
    const user = userEvent.setup();
    const { callsTo } = await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('region', { name: 'Check these fields' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const links = within(summary).getAllByRole('link');
    expect(links[0]?.textContent).toBe('On what basis do you represent the company? – Required field');
    expect(links.map((link) => link.textContent)).toContain('Business e-mail – Required field');
    // Each link goes to its field: a group to its first option.
    await user.click(links[0]!);
    expect(document.activeElement).toBe(within(group('On what basis do you represent the company?')).getByRole('radio', { name: 'Management board member' }));
    await user.click(within(summary).getByRole('link', { name: /^Business e-mail\b.*Required field/ }));
    expect(document.activeElement).toBe(textbox('Business e-mail'));
    expect(group('On what basis do you represent the company?').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(textbox('Business e-mail'))).toContain('Required field');
    expect(descriptionOf(screen.getByRole('combobox', { name: 'Target market countries' }))).toContain('Required field');
    expect(callsTo(SAVE)).toHaveLength(0);
  });

  it('the summary follows a change of language, and leaves focus where it is', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('region', { name: 'Check these fields' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    textbox('Business e-mail').focus();
    try {
      await act(() => i18n.changeLanguage('et'));
      const translated = await screen.findByRole('region', { name: 'Kontrolli neid välju' });
      await waitFor(() => expect(within(translated).getAllByRole('link')[0]?.textContent).toBe('Mille alusel sa ettevõtet esindad? – Kohustuslik väli'));
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Ettevõtte e-posti aadress' }));
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('OTHER representation needs its text, a licence needs its number', async () => {
    const user = userEvent.setup();
    const { callsTo } = await renderScreen();
    await fillTheRest(user);
    await user.click(within(group('On what basis do you represent the company?')).getByRole('radio', { name: 'Other' }));
    await user.click(within(group('Does the company’s activity require a licence?')).getByRole('radio', { name: 'Yes' }));
    await user.type(textbox('Issued by'), 'Finantsinspektsioon');
    await user.type(screen.getByLabelText('Date of issue'), '2020-05-17');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const other = textbox('Specify the basis of representation');
    await followFirstSummaryLink(user);
    expect(document.activeElement).toBe(other);
    expect(descriptionOf(other)).toContain('Required field');
    expect(descriptionOf(textbox('Licence number'))).toContain('Required field');
    expect(callsTo(SAVE)).toHaveLength(0);
  });
});

/** After Continue with errors: the summary at the top has focus; its first link goes to the first invalid field. */
async function followFirstSummaryLink(user: ReturnType<typeof userEvent.setup>) {
  const summary = await screen.findByRole('region', { name: 'Check these fields' });
  await waitFor(() => expect(document.activeElement).toBe(summary));
  await user.click(within(summary).getAllByRole('link')[0]!);
}

describe('company information: addresses and partners', () => {
  it('same as the legal address hides the contact address and leaves it out; unticked, it is asked for', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = await renderScreen();
    const same = screen.getByRole('checkbox', { name: 'The contact address is the same as the legal address' }) as HTMLInputElement;
    expect(same.checked).toBe(true);
    expect(screen.queryByRole('group', { name: 'Contact address' })).toBeNull();
    await user.click(same);
    const contact = group('Contact address');
    await user.selectOptions(await within(contact).findByRole('combobox', { name: 'County' }), 'Tartu maakond');
    await user.selectOptions(within(contact).getByRole('combobox', { name: 'Municipality' }), 'Tartu linn');
    await user.click(within(contact).getByRole('combobox', { name: 'City or settlement' }));
    await user.keyboard('{ArrowDown}');
    expect(
      within(within(contact).getByRole('listbox', { name: 'City or settlement' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tartu']);
    await user.keyboard('{Escape}');
    // Typed, then hidden again: neither validated nor sent.
    await user.type(within(contact).getByRole('textbox', { name: 'Street, house and apartment' }), 'Ülikooli 1');
    await user.click(same);
    expect(screen.queryByRole('group', { name: 'Contact address' })).toBeNull();
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/incomes'));
    const data = (callsTo(SAVE)[0]?.body as { data: Record<string, unknown> }).data;
    expect(data.isContactAddressSameAsRegistrationAddress).toBe(true);
    expect(data).not.toHaveProperty('contactAddress');
  });

  it('takes a settlement the reference list does not name, typed, and sends it', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = await renderScreen();
    await fillTheRest(user);
    await user.click(screen.getByRole('checkbox', { name: 'The contact address is the same as the legal address' }));
    const contact = group('Contact address');
    await user.selectOptions(await within(contact).findByRole('combobox', { name: 'County' }), 'Harju maakond');
    await user.selectOptions(within(contact).getByRole('combobox', { name: 'Municipality' }), 'Saue vald');
    const city = within(contact).getByRole('combobox', { name: 'City or settlement' }) as HTMLInputElement;
    expect(descriptionOf(city)).toContain('type a settlement that is not on it');
    await user.type(city, 'Vanamõisa');
    expect(within(contact).getByText('Not on the list: “Vanamõisa” is kept as you typed it', { selector: 'p' })).toBeTruthy();
    await user.tab();
    expect(city.value).toBe('Vanamõisa');
    // A listed one typed in full is that option; Enter keeps the text typed too.
    await user.clear(city);
    await user.type(city, 'laagri{Enter}');
    expect(city.value).toBe('Laagri');
    await user.clear(city);
    await user.type(city, 'Vanamõisa küla{Enter}');
    expect(city.value).toBe('Vanamõisa küla');
    await user.type(within(contact).getByRole('textbox', { name: 'Street, house and apartment' }), 'Vanamõisa tee 5');
    await user.type(within(contact).getByRole('textbox', { name: 'Postal code' }), '76921');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/incomes'));
    const data = (callsTo(SAVE)[0]?.body as { data: Record<string, unknown> }).data;
    expect(data.contactAddress).toEqual({
      countryCode: 'EE',
      county: 'Harju maakond',
      district: 'Saue vald',
      city: 'Vanamõisa küla',
      street: 'Vanamõisa tee 5',
      postalCode: '76921',
    });
    expect(parseWithIssues(companyDataSchema, data).success).toBe(true);
  });

  it('an unticked flag with an empty contact address stops Continue at the contact address', async () => {
    const user = userEvent.setup();
    const { callsTo } = await renderScreen();
    await fillTheRest(user);
    await user.click(screen.getByRole('checkbox', { name: 'The contact address is the same as the legal address' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const contact = group('Contact address');
    await followFirstSummaryLink(user);
    expect(document.activeElement).toBe(within(contact).getByRole('combobox', { name: 'City or settlement' }));
    expect(callsTo(SAVE)).toHaveLength(0);
  });

  it('a partner added after a failed Continue shows no errors until it is left or Continue is pressed again', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByText('Required field')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Add a partner' }));
    const partner = group('Partner 1');
    expect(within(partner).queryByText('Required field')).toBeNull();
    expect(within(partner).getByRole('textbox', { name: 'Partner’s business name' }).getAttribute('aria-invalid')).not.toBe('true');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await within(group('Partner 1')).findAllByText('Required field')).length).toBe(3);
  });

  it('adds, edits and removes partners', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = await renderScreen();
    await fillTheRest(user);
    expect(screen.getByText('No partners added.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a partner' }));
    const first = group('Partner 1');
    expect(document.activeElement).toBe(within(first).getByRole('textbox', { name: 'Partner’s business name' }));
    await user.type(within(first).getByRole('textbox', { name: 'Partner’s business name' }), 'Supplier Oy');
    await user.type(within(first).getByRole('combobox', { name: 'Partner’s country' }), 'fin{Enter}');
    await user.click(within(first).getByRole('radio', { name: 'Supplier' }));

    await user.click(screen.getByRole('button', { name: 'Add a partner' }));
    const second = group('Partner 2');
    await user.type(within(second).getByRole('textbox', { name: 'Partner’s business name' }), 'Ostja SIA');
    await user.type(within(second).getByRole('combobox', { name: 'Partner’s country' }), 'lat{Enter}');
    await user.click(within(second).getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const otherText = within(group('Partner 2')).getByRole('textbox', { name: 'Describe the cooperation' });
    await followFirstSummaryLink(user);
    expect(document.activeElement).toBe(otherText);
    expect(descriptionOf(otherText)).toContain('Required field');
    // Edit: the text is given; remove the first row.
    await user.type(otherText, 'Agent');
    await user.click(screen.getByRole('button', { name: 'Remove partner 1' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a partner' }));
    expect(screen.queryByRole('group', { name: 'Partner 2' })).toBeNull();
    expect((within(group('Partner 1')).getByRole('textbox', { name: 'Partner’s business name' }) as HTMLInputElement).value).toBe('Ostja SIA');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/incomes'));
    expect((callsTo(SAVE)[0]?.body as { data: { partners: unknown } }).data.partners).toEqual([
      { businessName: 'Ostja SIA', countryCode: 'LV', cooperationType: 'OTHER', cooperationTypeOther: 'Agent' },
    ]);
  });
});

describe('company information: list limits', () => {
  it('at the partners limit the Add button is disabled and says why; removing one enables it again', async () => {
    const user = userEvent.setup();
    const partners = Array.from({ length: LIST_MAX_ITEMS.partners }, (_, index) => ({
      businessName: `Partner ${index + 1} AS`,
      countryCode: 'FI',
      cooperationType: 'BUYER',
    }));
    await renderScreen(applicationView({ currentStep: 'CompanyData', drafts: { CompanyData: { partners } } }));
    const add = screen.getByRole('button', { name: 'Add a partner' });
    expect(add).toHaveProperty('disabled', true);
    expect(descriptionOf(add)).toContain(`The list holds at most ${LIST_MAX_ITEMS.partners}. Remove one to add another.`);
    await user.click(screen.getByRole('button', { name: 'Remove partner 1' }));
    expect(screen.getByRole('button', { name: 'Add a partner' })).toHaveProperty('disabled', false);
    expect(screen.queryByText(/The list holds at most/)).toBeNull();
  }, 90_000); // Thirty partner rows, each with its country list, take jsdom a while to render.
});

describe('company information: Continue', () => {
  it('sends the schema-valid step data and opens the next step', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = await renderScreen();
    await fillTheRest(user);
    await user.type(screen.getByRole('combobox', { name: 'Additional fields of activity (optional)' }), 'retail{Enter}');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/incomes'));
    const body = callsTo(SAVE)[0]?.body as { version: number; data: unknown };
    expect(body.version).toBeGreaterThanOrEqual(3);
    expect(body.data).toEqual({
      businessName: 'Tamm ja Pojad OÜ',
      registryCode: '12345678',
      registryCountryCode: 'EE',
      representationBasis: 'MANAGEMENT_BOARD_MEMBER',
      businessEmail: 'info@firma.ee',
      businessPhone: '+372 5123 4567',
      contactLanguage: 'EN',
      emtakVersion: 'EMTAK 2008',
      mainFieldOfActivityCode: '62011',
      additionalFieldOfActivityCodes: ['47911'],
      fieldOfActivityDescription: 'Software development',
      numberOfEmployees: 12,
      targetMarketCountryCodes: ['FI'],
      legalAddress: { countryCode: 'EE', county: 'Harju maakond', district: 'Tallinn', city: 'Kesklinna linnaosa', street: 'Pikk 1', postalCode: '10123' },
      isContactAddressSameAsRegistrationAddress: true,
      hasLicense: false,
      partners: [],
      isListedCompany: false,
      hasAccountInOtherCreditInstitution: false,
      hasAccountClosedInLastSixMonths: false,
    });
    expect(parseWithIssues(companyDataSchema, body.data).success).toBe(true);
  });

  it('sends the company the application holds now: after a 409 COMPANY_MISMATCH it loads the application again and the next save names the new company', async () => {
    const user = userEvent.setup();
    const { on, callsTo, router } = await renderScreen();
    await fillTheRest(user);
    // The register renamed the company meanwhile: the server refuses the old name, and the application now has the new one.
    on(SAVE, () =>
      jsonResponse({ code: 'COMPANY_MISMATCH', message: 'Another company', fields: [{ path: 'businessName', code: 'companyMismatch', params: {} }] }, 409),
    );
    on('GET /onboarding/applications/p-1', () =>
      jsonResponse(
        applicationView({
          currentStep: 'CompanyData',
          version: 4,
          company: { businessName: 'Tamm ja Tütred OÜ', registryCode: '12345678', registryCountryCode: 'EE', legalForm: 'OU' },
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(companyValue('Business name')).toBe('Tamm ja Tütred OÜ'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(textbox('Business e-mail').value).toBe('info@firma.ee');

    on(SAVE, ({ body }) => jsonResponse(applicationView({ currentStep: 'Incomes', version: 5, steps: { CompanyData: (body as { data: unknown }).data } })));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/incomes'));
    expect(callsTo(SAVE).map((call) => (call.body as { data: { businessName: string } }).data.businessName)).toEqual(['Tamm ja Pojad OÜ', 'Tamm ja Tütred OÜ']);
  });

  it('a server 400 shows on its field, in the current language', async () => {
    const user = userEvent.setup();
    const { on, router } = await renderScreen();
    on(SAVE, () =>
      jsonResponse(
        { code: 'VALIDATION_FAILED', message: 'Invalid', fields: [{ path: 'partners.0.countryCode', code: 'invalidCountryCode', params: {} }] },
        400,
      ),
    );
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Add a partner' }));
    const partner = group('Partner 1');
    await user.type(within(partner).getByRole('textbox', { name: 'Partner’s business name' }), 'Supplier Oy');
    await user.type(within(partner).getByRole('combobox', { name: 'Partner’s country' }), 'swe{Enter}');
    await user.click(within(partner).getByRole('radio', { name: 'Buyer' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const country = within(group('Partner 1')).getByRole('combobox', { name: 'Partner’s country' });
    await waitFor(() => expect(descriptionOf(country)).toContain('Invalid country code'));
    const summary = await screen.findByRole('region', { name: 'Check these fields' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('link').textContent).toBe('Partner’s country – Invalid country code');
    expect(router.state.location.pathname).toBe('/application/company-information');
  });
});
