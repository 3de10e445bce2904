import { openingReasonsSchema, parseWithIssues } from '@onboarding/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/i18n';
import { OpeningReasonsPage } from './opening-reasons-page';
import { renderStep, serveApplication, validationFailed } from '../test/step-test-helpers';

const PATH = '/application/opening-reasons';
const STEP_PUT = 'PUT /onboarding/applications/p-1/steps/AccountOpeningReason';
const DRAFT_PUT = 'PUT /onboarding/applications/p-1/drafts/AccountOpeningReason';
const REASON_REQUIRED = 'Choose at least one reason or describe another reason';

const checkbox = (name: string | RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const otherText = () => screen.queryByRole('textbox', { name: 'Describe the other reason' }) as HTMLInputElement | null;

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('opening reasons screen', () => {
  it('shows the five reasons as labelled checkboxes with hints in one named group', async () => {
    serveApplication('AccountOpeningReason', 'CompanyData');
    renderStep(PATH, OpeningReasonsPage);
    const group = await screen.findByRole('group', { name: 'Why does the company need the account?' });
    expect(group.tagName).toBe('FIELDSET');
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['CREDIT_PRODUCT', 'DOMESTICSETTLEMENTS', 'CROSSBORDERSETTLEMENTS', 'DEPOSIT', 'OTHER']);
    expect(checkbox('Settlements in Estonia').getAttribute('aria-describedby')).toBeTruthy();
    expect(otherText()).toBeNull();
  });

  it('no reason and no text: the domain message on the group, focus on it, nothing sent', async () => {
    const user = userEvent.setup();
    const { callsTo } = serveApplication('AccountOpeningReason', 'CompanyData');
    renderStep(PATH, OpeningReasonsPage);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const message = await screen.findByText(REASON_REQUIRED);
    expect(message.closest('[aria-live="polite"]')).not.toBeNull();
    const group = screen.getByRole('group', { name: 'Why does the company need the account?' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(checkbox('Credit product'));
    expect(parseWithIssues(openingReasonsSchema, { openingReasons: [] })).toMatchObject({ issues: [{ code: 'openingReasonRequired' }] });
    expect(callsTo(STEP_PUT)).toHaveLength(0);
  });

  it('OTHER reveals its text; left empty it is required, as the domain says', async () => {
    const user = userEvent.setup();
    const { callsTo } = serveApplication('AccountOpeningReason', 'CompanyData');
    renderStep(PATH, OpeningReasonsPage);
    await user.click(await screen.findByRole('checkbox', { name: /Other reason/ }));
    expect(otherText()).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Required field')).toBeTruthy();
    expect(screen.getByText(REASON_REQUIRED)).toBeTruthy();
    expect(otherText()?.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(STEP_PUT)).toHaveLength(0);
    await user.type(otherText()!, 'Palgamaksed');
    await waitFor(() => expect(screen.queryByText('Required field')).toBeNull());
  });

  it('shows errors only after the group is left, by keyboard', async () => {
    const user = userEvent.setup();
    serveApplication('AccountOpeningReason', 'CompanyData');
    renderStep(PATH, OpeningReasonsPage);
    await screen.findByRole('checkbox', { name: 'Credit product' });
    checkbox('Credit product').focus();
    await user.keyboard(' ');
    expect(checkbox('Credit product').checked).toBe(true);
    await user.keyboard(' ');
    expect(screen.queryByText(REASON_REQUIRED)).toBeNull();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(await screen.findByText(REASON_REQUIRED)).toBeTruthy();
  });

  it('Continue sends exactly the schema-valid payload and opens the step the server answers', async () => {
    const user = userEvent.setup();
    const { callsTo } = serveApplication('AccountOpeningReason', 'CompanyData');
    const { router } = renderStep(PATH, OpeningReasonsPage);
    await user.click(await screen.findByRole('checkbox', { name: /Other reason/ }));
    await user.click(checkbox('Cross-border payments'));
    await user.click(checkbox('Settlements in Estonia'));
    await user.type(otherText()!, '  Palgamaksed ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/company-information'));
    const data = { openingReasons: ['DOMESTICSETTLEMENTS', 'CROSSBORDERSETTLEMENTS', 'OTHER'], otherReason: 'Palgamaksed' };
    expect(callsTo(STEP_PUT).map((call) => call.body)).toEqual([{ version: 3, data }]);
    expect(parseWithIssues(openingReasonsSchema, data)).toEqual({ success: true, data });
  });

  it('drops the other text when OTHER is not ticked', async () => {
    const user = userEvent.setup();
    const { callsTo } = serveApplication('AccountOpeningReason', 'CompanyData', {
      drafts: { AccountOpeningReason: { openingReasons: ['OTHER', 'DEPOSIT'], otherReason: 'Palgad' } },
    });
    renderStep(PATH, OpeningReasonsPage);
    await user.click(await screen.findByRole('checkbox', { name: /Other reason/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(callsTo(STEP_PUT)).toHaveLength(1));
    expect(callsTo(STEP_PUT)[0]?.body).toEqual({ version: 3, data: { openingReasons: ['DEPOSIT'] } });
  });

  it('starts from the saved step data', async () => {
    serveApplication('CompanyData', 'Incomes', { steps: { AccountOpeningReason: { openingReasons: ['CREDIT_PRODUCT', 'OTHER'], otherReason: 'Liising' } } });
    renderStep(PATH, OpeningReasonsPage);
    await screen.findByRole('checkbox', { name: 'Credit product' });
    expect(checkbox('Credit product').checked).toBe(true);
    expect(checkbox('Deposit').checked).toBe(false);
    expect(checkbox(/Other reason/).checked).toBe(true);
    expect(otherText()?.value).toBe('Liising');
  });

  it('starts from the draft, which is newer than the saved data, and autosaves changes as a draft', async () => {
    const user = userEvent.setup();
    const { callsTo } = serveApplication('CompanyData', 'Incomes', {
      steps: { AccountOpeningReason: { openingReasons: ['CREDIT_PRODUCT'] } },
      drafts: { AccountOpeningReason: { openingReasons: ['DEPOSIT'], otherReason: '' } },
    });
    renderStep(PATH, OpeningReasonsPage);
    await screen.findByRole('checkbox', { name: 'Deposit' });
    expect(checkbox('Deposit').checked).toBe(true);
    expect(checkbox('Credit product').checked).toBe(false);
    await user.click(checkbox('Credit product'));
    await waitFor(() => expect(callsTo(DRAFT_PUT)).toHaveLength(1), { timeout: 3000 });
    expect(callsTo(DRAFT_PUT)[0]?.body).toEqual({ version: 3, data: { openingReasons: ['CREDIT_PRODUCT', 'DEPOSIT'], otherReason: '' } });
  });

  it('a server 400 shows on the field it names, in the current language', async () => {
    const user = userEvent.setup();
    const { on } = serveApplication('AccountOpeningReason', 'CompanyData');
    on(STEP_PUT, () => validationFailed([{ path: 'otherReason', code: 'maxLength', params: { max: 2000 } }]));
    const { router } = renderStep(PATH, OpeningReasonsPage);
    await user.click(await screen.findByRole('checkbox', { name: /Other reason/ }));
    await user.type(otherText()!, 'Palgamaksed');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Up to 2000 characters')).toBeTruthy();
    expect(otherText()?.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(otherText());
    expect(router.state.location.pathname).toBe(PATH);
    await i18n.changeLanguage('et');
    expect(await screen.findByRole('checkbox', { name: 'Hoius' })).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
