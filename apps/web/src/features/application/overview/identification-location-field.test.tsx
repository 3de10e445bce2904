import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/i18n';
import { draftPut, findForm, group, renderOverview, serveOverview } from './overview-test-helpers';

const DIALOG = 'Choose an identification location';
const dialog = () => screen.getByRole('dialog', { name: DIALOG });
const officeNames = () =>
  within(dialog())
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

beforeEach(async () => {
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('identification location picker', () => {
  it('picks an office by keyboard: arrow keys move between the tabs, the filter hides cash-free offices, Enter chooses', async () => {
    const user = userEvent.setup();
    const { callsTo } = serveOverview();
    renderOverview();
    await findForm();
    const location = group('Identification location');
    const opener = within(location).getByRole('button', { name: 'Choose an office' });
    opener.focus();
    await user.keyboard('{Enter}');

    await screen.findByRole('dialog', { name: DIALOG });
    const branches = within(dialog()).getByRole('tab', { name: 'Branches' });
    await waitFor(() => expect(document.activeElement).toBe(branches));
    // Moving into the picker is not leaving the field: nothing is announced as missing while choosing.
    expect(within(location).queryByText('Required field')).toBeNull();
    expect(branches.getAttribute('aria-selected')).toBe('true');
    expect(within(dialog()).getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(branches.id);
    expect(await within(dialog()).findByText('Offices shown: 2')).toBeTruthy();
    expect(officeNames()).toEqual(['Tallinn City Centre branch', 'Tartu branch']);
    // The cash-free office carries a badge, with its address and opening hours.
    const tartu = within(dialog()).getByRole('heading', { name: 'Tartu branch' }).closest('li') as HTMLElement;
    expect(within(tartu).getByText('Cash-free')).toBeTruthy();
    expect(within(tartu).getByText('Riia 2, 51004 Tartu')).toBeTruthy();
    expect(within(tartu).getByText('Opening hours: Mon–Fri 9:00–18:00')).toBeTruthy();

    await user.keyboard('{ArrowRight}');
    const bankingPoints = within(dialog()).getByRole('tab', { name: 'Banking points' });
    expect(document.activeElement).toBe(bankingPoints);
    expect(bankingPoints.getAttribute('aria-selected')).toBe('true');
    expect(branches.getAttribute('aria-selected')).toBe('false');
    expect(branches.tabIndex).toBe(-1);
    expect(officeNames()).toEqual(['Pärnu banking point', 'Lasnamäe banking point']);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(branches);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(bankingPoints);

    await user.tab();
    expect(document.activeElement).toBe(within(dialog()).getByRole('checkbox', { name: 'Only offices with cash services' }));
    await user.keyboard(' ');
    expect(officeNames()).toEqual(['Lasnamäe banking point']);
    await user.tab();
    expect(document.activeElement).toBe(within(dialog()).getByRole('button', { name: 'Choose Lasnamäe banking point' }));
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const change = within(location).getByRole('button', { name: 'Change' });
    expect(document.activeElement).toBe(change);
    expect(within(location).getByText('Lasnamäe banking point')).toBeTruthy();
    expect(within(location).getByText('Banking point')).toBeTruthy();
    expect(within(location).getByText('Mustakivi tee 13, 13912 Tallinn')).toBeTruthy();
    expect(within(location).getByRole('checkbox', { name: 'I want to sign the contract in this office' })).toBeTruthy();
    await waitFor(() => expect(callsTo(draftPut('AdditionalData')).length).toBeGreaterThan(0), { timeout: 3000 });
    expect(callsTo(draftPut('AdditionalData')).at(-1)?.body).toMatchObject({
      data: { identificationLocation: { type: 'BANKING_POINT', officeId: 'tallinn-3', isSignedInOffice: false } },
    });
  });

  it('opens on the chosen office’s tab; Escape closes it without a change and gives focus back', async () => {
    const user = userEvent.setup();
    serveOverview({ drafts: { AdditionalData: { identificationLocation: { type: 'BANKING_POINT', officeId: 'parnu-2' } } } });
    renderOverview();
    await findForm();
    const location = group('Identification location');
    expect(await within(location).findByText('Pärnu banking point')).toBeTruthy();
    const change = within(location).getByRole('button', { name: 'Change' });
    await user.click(change);
    await screen.findByRole('dialog', { name: DIALOG });
    const bankingPoints = within(dialog()).getByRole('tab', { name: 'Banking points' });
    await waitFor(() => expect(document.activeElement).toBe(bankingPoints));
    expect(bankingPoints.getAttribute('aria-selected')).toBe('true');
    expect(within(dialog()).getByText('Your choice')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(change);
    expect(within(location).getByText('Pärnu banking point')).toBeTruthy();
  });

  it('without an office, Continue marks the group and focuses its button', async () => {
    const user = userEvent.setup();
    serveOverview();
    renderOverview();
    await findForm();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const location = group('Identification location');
    await waitFor(() => expect(location.getAttribute('aria-invalid')).toBe('true'));
    expect(within(location).getByText('Required field')).toBeTruthy();
    expect(document.activeElement).toBe(within(location).getByRole('button', { name: 'Choose an office' }));
  });
});
