import { BANK_CONTACT_WORKING_DAYS } from '@onboarding/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../app/router';
import i18n from '../../i18n/i18n';
import { storeTokens } from '../../lib/auth-session';
import { stubFetch } from '../../test/fetch-stub';
import { fakeAccessToken, jsonResponse } from '../../test/fake-token';
import { renderRoutes } from '../../test/render-app';
import { setPageSettings } from '../../test/page-settings';

const hours = { et: 'E–R 9.00–18.00', en: 'Mon–Fri 9:00–18:00', ru: 'Пн–Пт 9:00–18:00' };
const BANK_OFFICES = [
  {
    id: 'tartu-1',
    type: 'BRANCH',
    name: { et: 'Tartu kontor', en: 'Tartu branch', ru: 'Отделение в Тарту' },
    address: 'Riia 2',
    city: 'Tartu',
    postalCode: '51004',
    countyCode: 'EE-79',
    isCashFree: false,
    openingHours: hours,
  },
  {
    id: 'mustamae-1',
    type: 'BANKING_POINT',
    name: { et: 'Mustamäe pangapunkt', en: 'Mustamäe banking point', ru: 'Пункт обслуживания Мустамяэ' },
    address: 'Tammsaare tee 116',
    city: 'Tallinn',
    postalCode: '12918',
    countyCode: 'EE-37',
    isCashFree: true,
    openingHours: hours,
  },
];

// No online bank: the page offers none.
setPageSettings({ onlineBankUrl: '' });

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  sessionStorage.clear();
  storeTokens({ accessToken: fakeAccessToken({ exp: Math.floor(Date.now() / 1000) + 3600 }), refreshToken: 'r' });
  stubFetch({
    'GET /onboarding/representative': () => jsonResponse(null, 418),
    'GET /onboarding/reference/bank-offices': () => jsonResponse({ bankOffices: BANK_OFFICES }),
    'POST /oauth2/v2/authorize/logout': () => jsonResponse(null, 204),
  });
});
afterEach(() => vi.unstubAllGlobals());

async function open(entry: string) {
  const view = renderRoutes(createRoutes(), entry);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

/** The screen's own actions: links and buttons in the main content, without the support contacts. */
const actionNames = () =>
  [...document.getElementById('main-content')!.querySelectorAll('a, button')]
    .filter((element) => !/^(mailto|tel):/.test(element.getAttribute('href') ?? ''))
    .map((element) => element.textContent);

describe('error and outcome screens (docs/requirements.md section 8)', () => {
  it.each([
    ['/error', 'An error occurred', /repeat your last action/, ['Back to home', 'Try again']],
    ['/error/technical', 'We need to specify some details', new RegExp(`within ${BANK_CONTACT_WORKING_DAYS} working days`), ['Back to home']],
    ['/error/network', 'Network error', /Check your internet connection/, ['Back to home', 'Try again']],
    ['/error/minor', 'Please visit a bank office', /parent or legal representative/, ['Log out']],
    ['/error/cannot-open', 'The account cannot be opened', /cannot open an account for this company online/, ['Choose another company', 'Back to home']],
    ['/error/document-invalid', 'A valid identity document is required', /apply for a new document/, ['Log out']],
    ['/error/application-superseded', 'The application is pending', /replaced by a newer one/, ['Choose another company', 'Back to home']],
    [
      '/error/started-with-other-representative',
      'The application is pending',
      /only one representative may work on it/,
      ['Choose another company', 'Back to home'],
    ],
    [
      '/error/already-submitted',
      'The application has already been submitted',
      new RegExp(`within ${BANK_CONTACT_WORKING_DAYS} working days`),
      ['Choose another company', 'Back to home'],
    ],
  ])('%s: %s', async (entry, title, message, actions) => {
    await open(entry);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(actionNames().sort()).toEqual([...actions].sort());
    await waitFor(() => expect(document.title).toBe(`${title} — Business account opening`));
  });

  it('names the support contacts as links where the text asks for them', async () => {
    await open('/error');
    const main = document.getElementById('main-content')!;
    expect(main.querySelector('a[href="mailto:abi@pank.ee"]')).toBeTruthy();
    expect(main.querySelector('a[href="tel:+3726000000"]')).toBeTruthy();
  });

  it('Try again goes back to where it failed; Back to home goes home', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(createRoutes(), '/error/technical');
    await screen.findByRole('heading', { level: 1, name: 'We need to specify some details' });
    await router.navigate('/error/network');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/technical'));
    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/personal-information'));
  });

  it.each(['/error/minor', '/error/document-invalid'])(
    '%s: only an office settles it, so the page names the branches and whom to ask, and Log out ends the session',
    async (entry) => {
      const user = userEvent.setup();
      const { router } = await open(entry);
      const branches = await screen.findByRole('region', { name: 'Our branches' });
      expect(branches.textContent).toContain('Tartu branch');
      expect(branches.textContent).toContain('Riia 2, 51004 Tartu');
      // Branches only: an office of the bank's own staff.
      expect(branches.textContent).not.toContain('Mustamäe banking point');
      expect(branches.querySelector('a[href="mailto:abi@pank.ee"]')).toBeTruthy();
      // Home led back to this very page: there is none, and the session can be ended here.
      expect(screen.queryByRole('link', { name: 'Back to home' })).toBeNull();
      await user.click(within(document.getElementById('main-content')!).getByRole('button', { name: 'Log out' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/authentication'));
      expect(await screen.findByText('You have logged out')).toBeTruthy();
    },
  );
});
