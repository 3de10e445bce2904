import { applicationOverviewSchema, parseWithIssues } from '@onboarding/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/i18n';
import { jsonResponse } from '../../../test/fake-token';
import { validationFailed } from '../test/step-test-helpers';
import { chooseOffice, findForm, group, renderOverview, REVIEW_GET, reviewOf, serveOverview, stepPut, VALID_OVERVIEW } from './overview-test-helpers';

// Whole-form tests click a lot; under a full parallel run they need more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

const checkbox = (name: string | RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const radio = (groupName: string, name: string) => within(group(groupName)).getByRole('radio', { name }) as HTMLInputElement;

beforeEach(async () => {
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('overview screen', () => {
  it('labels every control and groups the choices in fieldsets with legends', async () => {
    serveOverview();
    renderOverview();
    await findForm();
    expect(textbox('Additional information (optional)').tagName).toBe('TEXTAREA');
    for (const name of [
      'Identification location',
      'What connects the company to Estonia?',
      'Tax status of the company',
      'Is the company a financial institution?',
    ]) {
      expect(group(name).tagName).toBe('FIELDSET');
    }
    expect(
      within(group('What connects the company to Estonia?'))
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['BUSINESS_ACTIVITY_IN_ESTONIA', 'PARTNERS_IN_ESTONIA', 'PRODUCT_AIMED_AT_ESTONIAN_MARKET', 'OTHER']);
    expect(checkbox(/the data in the application is correct/).checked).toBe(false);
    expect(screen.queryAllByRole('note')).toHaveLength(0);
  });

  it('asks first and summarises last: the questions, then the answers to check, then the confirmation and Continue', async () => {
    serveOverview();
    renderOverview();
    await findForm();
    const inOrder = [
      screen.getByRole('heading', { level: 2, name: 'A few more questions' }),
      group('Tax status of the company'),
      screen.getByRole('heading', { level: 2, name: 'Check your answers' }),
      checkbox(/the data in the application is correct/),
      screen.getByRole('button', { name: 'Continue' }),
    ];
    for (const [index, element] of inOrder.slice(1).entries()) {
      expect(inOrder[index]!.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('shows the notices the review finds: a non-resident owner and a specific field of activity', async () => {
    serveOverview({ review: reviewOf({}, { hasNonResidentOwner: true, hasSpecificFieldOfActivity: true }) });
    renderOverview();
    await findForm();
    const nonResident = await screen.findByRole('note', { name: 'An owner is not resident in Estonia' });
    expect(within(nonResident).getByText(/The bank may ask you for more documents/)).toBeTruthy();
    const activity = screen.getByRole('note', { name: 'The company’s field of activity needs a closer look' });
    expect(within(activity).getByText(/The bank may ask you for more documents/)).toBeTruthy();
  });

  it.each([
    [
      'en',
      'Some details differ from the Business Register',
      'The Business Register lists you as an authorised person (such as a procura holder), not as a management board member. The management board will be asked to sign the contract.',
      'The Business Register lists the shareholders as: Mari Tamm 70%, Peeter Kask 30%. You entered: Peeter Kask 100%.',
    ],
    [
      'et',
      'Osa andmeid erineb äriregistri andmetest',
      'Äriregistri andmetel oled volitatud isik (näiteks prokurist), mitte juhatuse liige. Lepingu allkirjastamiseks pöördume ettevõtte juhatuse liikmete poole.',
      'Äriregistri andmetel on osanikud või aktsionärid: Mari Tamm 70%, Peeter Kask 30%. Sina sisestasid: Peeter Kask 100%.',
    ],
    [
      'ru',
      'Некоторые данные отличаются от данных коммерческого регистра',
      'По данным коммерческого регистра вы\u00a0— уполномоченное лицо (например, прокурист), а не член правления. Подписать договор предложим членам правления компании.',
      'По данным коммерческого регистра пайщики или акционеры: Mari Tamm 70\u00a0%, Peeter Kask 30\u00a0%. Вы указали: Peeter Kask 100\u00a0%.',
    ],
  ] as const)('tells in %s, before signing, where the declaration differs from the Business Register', async (language, title, basis, shareholders) => {
    await i18n.changeLanguage(language);
    const party = (name: string, sharePercent: number) => ({ key: `person:${name}`, name, sharePercent });
    serveOverview({
      review: {
        ...reviewOf(),
        discrepancies: [
          { fact: 'REPRESENTATION_BASIS', register: 'AUTHORIZED_PERSON', declared: 'MANAGEMENT_BOARD_MEMBER' },
          { fact: 'SHAREHOLDERS', register: [party('Mari Tamm', 70), party('Peeter Kask', 30)], declared: [party('Peeter Kask', 100)] },
        ],
      },
    });
    renderOverview();
    const section = await screen.findByRole('region', { name: title });
    const texts = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(texts[0]).toContain(basis);
    expect(texts[1]).toContain(shareholders);
    // Each links to the step where it was declared.
    expect(
      within(section)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/application/company-information', '/application/related-persons']);
  });

  it('shows only the notice that applies', async () => {
    serveOverview({ review: reviewOf({}, { hasSpecificFieldOfActivity: true }) });
    renderOverview();
    await findForm();
    await screen.findByRole('note');
    expect(screen.getAllByRole('note').map((note) => note.querySelector('p')?.textContent)).toEqual(['The company’s field of activity needs a closer look']);
  });

  it('Continue saves the step the layout is at with exactly the schema-valid payload; a complete review leads to signing', async () => {
    const user = userEvent.setup();
    const { callsTo, setReview } = serveOverview({ review: reviewOf({ ApplicationOverview: [{ path: '', code: 'required', params: {} }] }) });
    renderOverview();
    await findForm();
    await user.type(textbox('Additional information (optional)'), 'Ekspordime Soome');
    await chooseOffice(user, 'Tallinn City Centre branch');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(checkbox('Business activity in Estonia'));
    await user.click(checkbox('Other connection'));
    await user.type(textbox('Describe the other connection'), 'Omanik elab Eestis');
    await user.click(checkbox('Other connection'));
    await user.click(radio('Is the company a financial institution?', 'No'));
    await user.click(radio('Which type describes the company?', 'Other active non-financial entity'));
    await user.click(checkbox(/the data in the application is correct/));
    setReview(reviewOf());
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Sign the contract' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Your application is complete. The next step is signing the contract with PIN2.')).toBeTruthy();
    expect(callsTo(stepPut('AdditionalData')).map((call) => call.body)).toEqual([{ version: 3, data: VALID_OVERVIEW }]);
    expect(parseWithIssues(applicationOverviewSchema, VALID_OVERVIEW)).toEqual({ success: true, data: VALID_OVERVIEW });
    expect(callsTo(REVIEW_GET)).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'What is still missing' })).toBeNull();
    // Continue has done its work: the signing below is the one way on.
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();

    // A change after Continue is not what was saved: signing waits for Continue again.
    await user.click(checkbox('Partners in Estonia'));
    expect(screen.queryByRole('heading', { name: 'Sign the contract' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('Continue with an incomplete review lists each missing step with a link and how many fields need attention', async () => {
    const user = userEvent.setup();
    const { callsTo, setReview } = serveOverview({ step: 'ApplicationOverview', steps: { ApplicationOverview: VALID_OVERVIEW } });
    renderOverview();
    await findForm();
    setReview(
      reviewOf({
        CompanyData: [
          { path: 'businessPhone', code: 'invalidPhone', params: {} },
          { path: 'legalAddress.city', code: 'required', params: {} },
          { path: 'legalAddress.city', code: 'maxLength', params: { max: 100 } },
        ],
        RelatedPersons: [{ path: '', code: 'required', params: {} }],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'What is still missing' });
    expect(document.activeElement).toBe(heading);
    const section = heading.closest('section') as HTMLElement;
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Company informationFields needing attention: 2', 'Related personsNot filled in yet']);
    expect(within(items[0]!).getByRole('link', { name: 'Company information' }).getAttribute('href')).toBe('/application/company-information');
    expect(within(items[1]!).getByRole('link', { name: 'Related persons' }).getAttribute('href')).toBe('/application/related-persons');
    expect(callsTo(stepPut('ApplicationOverview'))).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Sign the contract' })).toBeNull();
  });

  it('a failed review after a good save says so in place', async () => {
    const user = userEvent.setup();
    const { on } = serveOverview({ step: 'ApplicationOverview', steps: { ApplicationOverview: VALID_OVERVIEW } });
    renderOverview();
    await findForm();
    on(REVIEW_GET, () => jsonResponse({ code: 'NOT_FOUND', message: 'gone' }, 404));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Your answers are saved, but we could not check the whole application/)).toBeTruthy();
  });

  it('starts from the draft of the layout’s step, which wins over the saved data', async () => {
    serveOverview({
      step: 'ApplicationOverview',
      steps: { ApplicationOverview: VALID_OVERVIEW },
      drafts: {
        ApplicationOverview: {
          additionalInformation: 'Mustand',
          connectionToEstonia: ['PARTNERS_IN_ESTONIA', 'OTHER'],
          connectionToEstoniaOther: 'Kontor Tartus',
          isFinancialInstitution: true,
          giin: '98Q96B.00000.LE.250',
          taxStatusEntityType: 'PASSIVE_NFE',
        },
      },
    });
    renderOverview();
    await findForm();
    expect(textbox('Additional information (optional)').value).toBe('Mustand');
    expect(checkbox('Partners in Estonia').checked).toBe(true);
    expect(checkbox('Business activity in Estonia').checked).toBe(false);
    expect(textbox('Describe the other connection').value).toBe('Kontor Tartus');
    expect(radio('Is the company a financial institution?', 'Yes').checked).toBe(true);
    expect(textbox(/GIIN/).value).toBe('98Q96B.00000.LE.250');
    // A non-financial type cannot be a financial institution's answer, so the draft's is not kept.
    expect(
      within(group('Which type describes the company?'))
        .getAllByRole('radio')
        .some((item) => (item as HTMLInputElement).checked),
    ).toBe(false);
    expect(within(group('Identification location')).getByRole('button', { name: 'Choose an office' })).toBeTruthy();
    expect(checkbox(/the data in the application is correct/).checked).toBe(false);
  });

  it('starts from the saved overview when there is no draft', async () => {
    serveOverview({
      step: 'ApplicationOverview',
      steps: { ApplicationOverview: { ...VALID_OVERVIEW, identificationLocation: { type: 'BRANCH', officeId: 'tallinn-1', isSignedInOffice: true } } },
    });
    renderOverview();
    await findForm();
    expect(textbox('Additional information (optional)').value).toBe('Ekspordime Soome');
    expect(await within(group('Identification location')).findByText('Tallinn City Centre branch')).toBeTruthy();
    expect(checkbox('I want to sign the contract in this office').checked).toBe(true);
    expect(radio('Which type describes the company?', 'Other active non-financial entity').checked).toBe(true);
  });

  it('a server 400 lands on the fields it names and focuses the first', async () => {
    const user = userEvent.setup();
    const { on } = serveOverview({ step: 'ApplicationOverview', steps: { ApplicationOverview: VALID_OVERVIEW } });
    on(stepPut('ApplicationOverview'), () =>
      validationFailed([
        { path: 'identificationLocation.officeId', code: 'incorrectValue' },
        { path: 'additionalInformation', code: 'maxLength', params: { max: 2000 } },
      ]),
    );
    const { router } = renderOverview();
    await findForm();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const additional = textbox('Additional information (optional)');
    await waitFor(() => expect(additional.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Up to 2000 characters')).toBeTruthy();
    const location = group('Identification location');
    expect(location.getAttribute('aria-invalid')).toBe('true');
    expect(within(location).getByText('Incorrect value')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(additional));
    expect(router.state.location.pathname).toBe('/application/overview');
    expect(screen.queryByRole('heading', { name: 'Sign the contract' })).toBeNull();
  });

  it('the confirmation must be ticked', async () => {
    const user = userEvent.setup();
    const { callsTo } = serveOverview({
      step: 'ApplicationOverview',
      steps: { ApplicationOverview: { ...VALID_OVERVIEW, isDataCorrectAndFundsLegal: false } },
    });
    renderOverview();
    await findForm();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const confirmation = checkbox(/the data in the application is correct/);
    await waitFor(() => expect(confirmation.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(confirmation);
    expect(callsTo(stepPut('ApplicationOverview'))).toHaveLength(0);
  });
});
