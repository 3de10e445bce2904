import { applicationOverviewSchema, FINANCIAL_INSTITUTION_TYPES, NON_FINANCIAL_ENTITY_TYPES, parseWithIssues } from '@onboarding/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/i18n';
import { findForm, group, renderOverview, serveOverview, stepPut, VALID_OVERVIEW } from './overview-test-helpers';

const TYPE_GROUP = 'Which type describes the company?';
const giin = () => screen.queryByRole('textbox', { name: 'GIIN (Global Intermediary Identification Number)' }) as HTMLInputElement | null;
const typeValues = () =>
  within(group(TYPE_GROUP))
    .getAllByRole('radio')
    .map((radio) => (radio as HTMLInputElement).value);
const answer = async (user: ReturnType<typeof userEvent.setup>, value: 'Yes' | 'No') =>
  user.click(within(group('Is the company a financial institution?')).getByRole('radio', { name: value }));

beforeEach(async () => {
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('tax status', () => {
  it('shows the types the yes/no answer allows, each with a label and an explanation, and forgets a type of the other kind', async () => {
    const user = userEvent.setup();
    serveOverview();
    renderOverview();
    await findForm();
    expect(screen.queryByRole('group', { name: TYPE_GROUP })).toBeNull();
    expect(giin()).toBeNull();

    await answer(user, 'No');
    expect(typeValues()).toEqual([...NON_FINANCIAL_ENTITY_TYPES]);
    const passive = within(group(TYPE_GROUP)).getByRole('radio', { name: 'Passive non-financial entity' });
    expect(passive.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/for example a holding company/)).toBeTruthy();
    await user.click(passive);
    expect((passive as HTMLInputElement).checked).toBe(true);

    await answer(user, 'Yes');
    expect(typeValues()).toEqual([...FINANCIAL_INSTITUTION_TYPES]);
    expect(
      within(group(TYPE_GROUP))
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
    expect(screen.getByRole('radio', { name: 'Other investment entity' })).toBeTruthy();

    await answer(user, 'No');
    expect((within(group(TYPE_GROUP)).getByRole('radio', { name: 'Passive non-financial entity' }) as HTMLInputElement).checked).toBe(false);
  });

  it('a financial institution needs a GIIN in the IRS format; the hint shows the format', async () => {
    const user = userEvent.setup();
    const { callsTo } = serveOverview({ steps: { ApplicationOverview: { ...VALID_OVERVIEW } } });
    renderOverview();
    await findForm();
    await answer(user, 'Yes');
    await user.click(screen.getByRole('radio', { name: 'Other investment entity' }));
    expect(giin()).toBeTruthy();
    expect(screen.getByText(/XXXXXX\.XXXXX\.XX\.XXX/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(giin()?.getAttribute('aria-invalid')).toBe('true'));
    expect(within(giin()?.closest('div')?.parentElement as HTMLElement).getByText('Required field')).toBeTruthy();
    expect(document.activeElement).toBe(giin());
    expect(callsTo(stepPut('AdditionalData'))).toHaveLength(0);

    await user.type(giin()!, '98Q96B.00000.LE.25');
    await waitFor(() => expect(screen.getByText('Invalid format')).toBeTruthy());
    expect(
      parseWithIssues(applicationOverviewSchema, {
        ...VALID_OVERVIEW,
        isFinancialInstitution: true,
        taxStatusEntityType: 'OTHER_INVESTMENT_ENTITY',
        giin: '98Q96B.00000.LE.25',
      }),
    ).toMatchObject({
      issues: [{ path: 'giin', code: 'invalidFormat' }],
    });

    // Lower case is the same GIIN: it goes in capitals.
    await user.type(giin()!, '0');
    await waitFor(() => expect(screen.queryByText('Invalid format')).toBeNull());
    await user.clear(giin()!);
    await user.type(giin()!, '98q96b.00000.le.250');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(callsTo(stepPut('AdditionalData'))).toHaveLength(1));
    expect(callsTo(stepPut('AdditionalData'))[0]?.body).toMatchObject({
      data: { isFinancialInstitution: true, giin: '98Q96B.00000.LE.250', taxStatusEntityType: 'OTHER_INVESTMENT_ENTITY' },
    });
  });
});
