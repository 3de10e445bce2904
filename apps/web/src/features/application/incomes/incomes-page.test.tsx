import { incomesSchema, parseWithIssues } from '@onboarding/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/i18n';
import { renderStep, serveApplication, validationFailed } from '../test/step-test-helpers';
import { formatEuros, parseAmount } from '../fields/amounts';
import { IncomesPage } from './incomes-page';

const PATH = '/application/incomes';
const STEP_PUT = 'PUT /onboarding/applications/p-1/steps/Incomes';
const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const group = (name: string) => screen.getByRole('group', { name });
const radioLabels = (name: string) =>
  within(group(name))
    .getAllByRole('radio')
    .map((radio) => nbsp((radio as HTMLInputElement).labels?.[0]?.textContent ?? ''));
const incomeAmount = () => screen.getByRole('textbox', { name: 'Monthly income in euros' }) as HTMLInputElement;

/** Everything but the income: one place to vary it. */
async function fillRest(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(group('Estimated monthly payments')).getByRole('radio', { name: /^Up to/ }));
  await user.click(within(group('Monthly cash deposits')).getByRole('radio', { name: 'None' }));
  await user.click(within(group('Monthly cash withdrawals')).getByRole('radio', { name: /More than/ }));
  await user.click(screen.getByRole('checkbox', { name: /Business activity/ }));
}

async function chooseCustomIncome(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(within(group('Estimated monthly income')).getByRole('radio', { name: /Another amount/ }));
  if (text) await user.type(incomeAmount(), text);
}

beforeEach(async () => {
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('incomes screen', () => {
  it('shows the five bands with their meanings in euros, cash ranges up to "more than 15 000" and the four sources', async () => {
    serveApplication('Incomes', 'RelatedPersons');
    renderStep(PATH, IncomesPage);
    await screen.findByRole('group', { name: 'Estimated monthly income' });
    expect(radioLabels('Estimated monthly income')).toEqual([
      'Up to €15,000',
      '€15,001 – €50,000',
      '€50,001 – €100,000',
      '€100,001 – €500,000',
      'Over €500,000',
      'Another amount',
    ]);
    expect(radioLabels('Estimated monthly payments')).toHaveLength(6);
    expect(radioLabels('Monthly cash deposits')).toEqual(['None', 'Up to €5,000', '€5,001 – €15,000', 'More than €15,000']);
    expect(radioLabels('Monthly cash withdrawals')).toEqual(['None', 'Up to €5,000', '€5,001 – €15,000', 'More than €15,000']);
    const sources = within(group('Where does the company’s money come from?')).getAllByRole('checkbox');
    expect(sources.map((box) => box.getAttribute('value'))).toEqual(['BUSINESS_ACTIVITY', 'PARTNER', 'SUPPLIER', 'OTHER']);
  });

  it.each([
    ['et', ['Kuni 15 000 €', '15 001–50 000 €'], 'Rohkem kui 15 000 €'],
    ['ru', ['До 15 000 €', '15 001–50 000 €'], 'Более 15 000 €'],
  ])('formats amounts for %s', async (language, bands, cashTop) => {
    await i18n.changeLanguage(language);
    serveApplication('Incomes', 'RelatedPersons');
    renderStep(PATH, IncomesPage);
    const radios = await screen.findAllByRole('radio');
    const labels = radios.map((radio) => nbsp((radio as HTMLInputElement).labels?.[0]?.textContent ?? ''));
    expect(labels.slice(0, 2)).toEqual(bands);
    expect(labels).toContain(cashTop);
    expect(nbsp(formatEuros(15000, 'et'))).toBe('15 000 €');
    expect(nbsp(formatEuros(15000, 'ru'))).toBe('15 000 €');
    expect(formatEuros(15000, 'en')).toBe('€15,000');
  });

  it('reads amounts per language, whole euros only', () => {
    expect(parseAmount('15 000', 'et')).toEqual({ kind: 'number', value: 15000 });
    expect(parseAmount('15\u00a0000', 'ru')).toEqual({ kind: 'number', value: 15000 });
    expect(parseAmount('15000', 'en')).toEqual({ kind: 'number', value: 15000 });
    expect(parseAmount('15,000', 'en')).toEqual({ kind: 'number', value: 15000 });
    expect(parseAmount('1200,5', 'et')).toEqual({ kind: 'number', value: 1200.5 });
    expect(parseAmount('15,00', 'et')).toEqual({ kind: 'invalid' });
    expect(parseAmount('abc', 'en')).toEqual({ kind: 'invalid' });
    expect(parseAmount(' ', 'en')).toEqual({ kind: 'empty' });
  });

  it('on Continue without input shows every error including "received payments not marked", focuses the first, sends nothing', async () => {
    const user = userEvent.setup();
    const { callsTo } = serveApplication('Incomes', 'RelatedPersons');
    renderStep(PATH, IncomesPage);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Received payments not marked')).toBeTruthy();
    expect(screen.getAllByText('Required field')).toHaveLength(4);
    expect(document.activeElement).toBe(within(group('Estimated monthly income')).getAllByRole('radio')[0]);
    expect(callsTo(STEP_PUT)).toHaveLength(0);
  });

  it('no income source alone gives the domain code receivedPaymentsNotMarked', async () => {
    const user = userEvent.setup();
    const { callsTo } = serveApplication('Incomes', 'RelatedPersons');
    renderStep(PATH, IncomesPage);
    await screen.findByRole('group', { name: 'Estimated monthly income' });
    await user.click(within(group('Estimated monthly income')).getByRole('radio', { name: 'Up to €15,000' }));
    await fillRest(user);
    await user.click(screen.getByRole('checkbox', { name: /Business activity/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Received payments not marked')).toBeTruthy();
    expect(screen.queryByText('Required field')).toBeNull();
    expect(callsTo(STEP_PUT)).toHaveLength(0);
    const input = {
      estimatedMonthlyIncome: { band: 15000 },
      estimatedMonthlyPayments: { band: 15000 },
      monthlyCashDeposit: 0,
      monthlyCashWithdrawal: 15001,
      incomeSources: [],
    };
    expect(parseWithIssues(incomesSchema, input)).toMatchObject({ issues: [{ path: 'incomeSources', code: 'receivedPaymentsNotMarked' }] });
  });

  it.each([
    ['0', 'Amount must be positive', 0],
    ['-5', 'Amount must be positive', -5],
    ['1200.5', 'Invalid amount', 1200.5],
    ['99999999999', 'Invalid amount', 99999999999],
    ['500000', 'Minimum amount 500,001', 500000],
    ['12abc', 'Invalid amount', null],
    ['', 'Required field', null],
  ])('custom amount %j gives "%s" like the domain', async (text, message, domainInput) => {
    const user = userEvent.setup();
    const { callsTo } = serveApplication('Incomes', 'RelatedPersons');
    renderStep(PATH, IncomesPage);
    await screen.findByRole('group', { name: 'Estimated monthly income' });
    await fillRest(user);
    await chooseCustomIncome(user, text);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(incomeAmount().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(incomeAmount());
    expect(callsTo(STEP_PUT)).toHaveLength(0);
    if (domainInput !== null) {
      const codes = {
        'Amount must be positive': 'amountMustBePositive',
        'Invalid amount': 'invalidAmount',
        'Minimum amount 500,001': 'minAmount',
      } as Record<string, string>;
      const result = parseWithIssues(incomesSchema.shape.estimatedMonthlyIncome, { customAmount: domainInput });
      expect(result).toMatchObject({ issues: [{ path: 'customAmount', code: codes[message] }] });
    }
  });

  it('Continue sends exactly the schema-valid payload: a typed "615 000" is the integer 615000', async () => {
    const user = userEvent.setup();
    const { callsTo } = serveApplication('Incomes', 'RelatedPersons');
    const { router } = renderStep(PATH, IncomesPage);
    await screen.findByRole('group', { name: 'Estimated monthly income' });
    await fillRest(user);
    await user.click(screen.getByRole('checkbox', { name: /Suppliers/ }));
    await chooseCustomIncome(user, '615 000');
    await user.tab();
    expect(incomeAmount().value).toBe('615,000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/related-persons'));
    const data = {
      estimatedMonthlyIncome: { customAmount: 615000 },
      estimatedMonthlyPayments: { band: 15000 },
      monthlyCashDeposit: 0,
      monthlyCashWithdrawal: 15001,
      incomeSources: ['BUSINESS_ACTIVITY', 'SUPPLIER'],
    };
    expect(callsTo(STEP_PUT).map((call) => call.body)).toEqual([{ version: 3, data }]);
    expect(parseWithIssues(incomesSchema, data)).toEqual({ success: true, data });
  });

  it('starts from the saved step data, the custom amount in the page language', async () => {
    await i18n.changeLanguage('et');
    serveApplication('RelatedPersons', 'AdditionalData', {
      steps: {
        Incomes: {
          estimatedMonthlyIncome: { customAmount: 1200000 },
          estimatedMonthlyPayments: { band: 50000 },
          monthlyCashDeposit: 5000,
          monthlyCashWithdrawal: 0,
          incomeSources: ['PARTNER'],
        },
      },
    });
    renderStep(PATH, IncomesPage);
    const amount = (await screen.findByRole('textbox', { name: 'Igakuine sissetulek eurodes' })) as HTMLInputElement;
    expect(nbsp(amount.value)).toBe('1 200 000');
    const payments = within(group('Eeldatavad igakuised maksed')).getAllByRole('radio') as HTMLInputElement[];
    expect(payments.filter((radio) => radio.checked).map((radio) => radio.value)).toEqual(['50000']);
    const deposit = within(group('Igakuised sularaha sissemaksed')).getAllByRole('radio') as HTMLInputElement[];
    expect(deposit.filter((radio) => radio.checked).map((radio) => nbsp(radio.labels?.[0]?.textContent ?? ''))).toEqual(['Kuni 5000 €']); // Estonian groups digits from five up (CLDR);
    expect((within(group('Igakuised sularaha väljamaksed')).getByRole('radio', { name: 'Puudub' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Partnerid/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('starts from a draft, keeping a half-typed amount as it was', async () => {
    serveApplication('Incomes', 'RelatedPersons', {
      drafts: { Incomes: { estimatedMonthlyIncome: { customAmount: '12 5x' }, estimatedMonthlyPayments: { band: 500001 }, incomeSources: ['OTHER'] } },
    });
    renderStep(PATH, IncomesPage);
    await screen.findByRole('group', { name: 'Estimated monthly income' });
    expect(incomeAmount().value).toBe('12 5x');
    expect((within(group('Estimated monthly payments')).getByRole('radio', { name: 'Over €500,000' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Other sources/ }) as HTMLInputElement).checked).toBe(true);
    expect(
      within(group('Monthly cash deposits'))
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
  });

  it('a server 400 shows on the field it names', async () => {
    const user = userEvent.setup();
    const { on } = serveApplication('Incomes', 'RelatedPersons');
    on(STEP_PUT, () => validationFailed([{ path: 'estimatedMonthlyIncome.customAmount', code: 'maxValue', params: { max: 40 } }]));
    renderStep(PATH, IncomesPage);
    await screen.findByRole('group', { name: 'Estimated monthly income' });
    await fillRest(user);
    await chooseCustomIncome(user, '900000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Must be less than or equal to 40')).toBeTruthy();
    expect(incomeAmount().getAttribute('aria-invalid')).toBe('true');
  });

  it('a language change rewrites a typed amount in the new format', async () => {
    const user = userEvent.setup();
    serveApplication('Incomes', 'RelatedPersons');
    renderStep(PATH, IncomesPage);
    await screen.findByRole('group', { name: 'Estimated monthly income' });
    await chooseCustomIncome(user, '15000');
    await user.tab();
    expect(incomeAmount().value).toBe('15,000');
    await i18n.changeLanguage('ru');
    const amount = (await screen.findByRole('textbox', { name: 'Ежемесячный доход в евро' })) as HTMLInputElement;
    await waitFor(() => expect(nbsp(amount.value)).toBe('15 000'));
  });
});
