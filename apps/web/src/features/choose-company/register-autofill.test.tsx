import type { RegisterCompanyLookup, RepresentativeCompanies } from '@onboarding/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearGlobalError, onGlobalToast, readGlobalErrorState, type GlobalToast } from '../../app/global-errors';
import { createRoutes } from '../../app/router';
import i18n from '../../i18n/i18n';
import { storeTokens } from '../../lib/auth-session';
import { applicationView, consentedRepresentative } from '../../test/application-fixture';
import { fakeAccessToken, jsonResponse } from '../../test/fake-token';
import { stubFetch } from '../../test/fetch-stub';
import { renderRoutes } from '../../test/render-app';
import { LOOKUP_DELAY_MS } from './register-autofill';
import { setPageSettings } from '../../test/page-settings';

setPageSettings();

const companies: RepresentativeCompanies = {
  companies: [{ businessName: 'Registri Firma OÜ', registryCode: '12345678', registryCountryCode: 'EE', entry: 'NEW' }],
  pendingManualApplication: null,
};

const registerCompany: RegisterCompanyLookup = {
  businessName: 'Registri Firma OÜ',
  registryCode: '12345678',
  registryCountryCode: 'EE',
  legalAddress: { countryCode: 'EE', county: 'Harju maakond', district: '', city: 'Tallinn', street: 'Pikk 1', postalCode: '10123' },
  emtakVersion: '2008',
  mainFieldOfActivityCode: '62011',
  isListedCompany: false,
};

const LOOKUP = 'GET /onboarding/register/companies/EE/12345678';
const UNKNOWN_LOOKUP = 'GET /onboarding/register/companies/EE/87654322';
const isRegisterLookup = ([url]: [string, RequestInit?]) => url.startsWith('/onboarding/register/');

function serve() {
  return stubFetch({
    'GET /onboarding/representative': () => jsonResponse(consentedRepresentative()),
    'GET /onboarding/representative/companies': () => jsonResponse(companies),
    'GET /onboarding/reference/countries': () =>
      jsonResponse({
        countries: [
          { code: 'EE', name: { et: 'Eesti', en: 'Estonia', ru: 'Эстония' } },
          { code: 'FI', name: { et: 'Soome', en: 'Finland', ru: 'Финляндия' } },
        ],
      }),
    [LOOKUP]: () => jsonResponse(registerCompany),
    [UNKNOWN_LOOKUP]: () => jsonResponse({ code: 'NOT_FOUND', message: 'Not in the register' }, 404),
  });
}

async function openManualForm(user: ReturnType<typeof userEvent.setup>) {
  const view = renderRoutes(createRoutes(), '/choose-company');
  await user.click(await screen.findByRole('radio', { name: 'My company is not in the list' }));
  await screen.findByRole('option', { name: 'Finland' });
  return {
    ...view,
    businessName: screen.getByRole('textbox', { name: 'Business name' }) as HTMLInputElement,
    registryCode: screen.getByRole('textbox', { name: 'Registry code (optional)' }) as HTMLInputElement,
    country: screen.getByRole('combobox', { name: 'Country of registration' }) as HTMLSelectElement,
  };
}

/** Longer than the lookup's debounce, for the cases where nothing is to happen. */
const waitPastDebounce = () => act(() => new Promise((resolve) => setTimeout(resolve, LOOKUP_DELAY_MS + 200)));

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  sessionStorage.clear();
  storeTokens({ accessToken: fakeAccessToken({ exp: Math.floor(Date.now() / 1000) + 3600 }), refreshToken: 'r' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => clearGlobalError());
});

describe('choose-company: auto-fill from the business register', () => {
  it('a registry code of one of the person’s companies: offers to choose it in the list, where the register decides', async () => {
    const user = userEvent.setup();
    const { on, callsTo } = serve();
    on('POST /onboarding/applications', () => jsonResponse({ kind: 'APPLICATION', application: applicationView({ processId: 'p-new' }) }));
    const { businessName, registryCode, router } = await openManualForm(user);
    await user.type(businessName, 'Minu firma');
    await user.type(registryCode, '12345678');

    const message = await screen.findByText('Registri Firma OÜ is in the Business Register and in your list of companies above.', undefined, { timeout: 3000 });
    expect(message.closest('[aria-live="polite"]')).not.toBeNull();
    // Typed one character at a time, looked up once: the lookup waits for the typing to stop.
    expect(callsTo(LOOKUP)).toHaveLength(1);
    expect(callsTo(LOOKUP)[0]?.init.headers).toMatchObject({ Authorization: expect.stringMatching(/^Bearer /) });
    // Offered, never chosen by itself.
    expect(businessName.value).toBe('Minu firma');

    const choose = screen.getByRole('button', { name: 'Choose this company' });
    expect(choose.getAttribute('aria-describedby')).toBe(message.id);
    await user.click(choose);
    const listed = screen.getByRole('radio', { name: /Registri Firma OÜ/ });
    expect((listed as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(listed);
    expect(screen.queryByRole('textbox', { name: 'Business name' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/opening-reasons'));
    expect(callsTo('POST /onboarding/applications')[0]?.body).toEqual({ source: 'REGISTER', registryCode: '12345678', registryCountryCode: 'EE' });
  });

  it('takes the offer away when the code is changed', async () => {
    const user = userEvent.setup();
    serve();
    const { registryCode } = await openManualForm(user);
    await user.type(registryCode, '12345678');
    expect(await screen.findByRole('button', { name: 'Choose this company' }, { timeout: 3000 })).toBeTruthy();
    await user.type(registryCode, '9');
    expect(screen.queryByRole('button', { name: 'Choose this company' })).toBeNull();
  });

  it('a code the register does not know (404): no offer, no retry, no error dialog or toast', async () => {
    const user = userEvent.setup();
    const { callsTo, unexpected } = serve();
    const { registryCode } = await openManualForm(user);
    await user.type(registryCode, '87654322');
    await waitFor(() => expect(callsTo(UNKNOWN_LOOKUP)).toHaveLength(1));
    await waitPastDebounce();
    expect(callsTo(UNKNOWN_LOOKUP)).toHaveLength(1);
    expect(screen.queryByText(/in your list of companies/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Choose this company' })).toBeNull();
    expect(readGlobalErrorState().isDialogOpen).toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText('An error occurred')).toBeNull();
    expect(unexpected).toEqual([]);
  });

  it('a register that does not answer: says so beside the field with a retry, keeps what is typed, never "not found"', async () => {
    const user = userEvent.setup();
    const toasts: GlobalToast[] = [];
    const stopListening = onGlobalToast((toast) => toasts.push(toast));
    let isRegisterUp = false;
    const { on, unexpected } = serve();
    on(LOOKUP, () =>
      isRegisterUp ? jsonResponse(registerCompany) : jsonResponse({ code: 'REGISTER_UNAVAILABLE', message: 'The Business Register does not answer.' }, 503),
    );
    const { businessName, registryCode } = await openManualForm(user);
    await user.type(businessName, 'Minu firma');
    await user.type(registryCode, '12345678');

    const message = await screen.findByText(/The Business Register does not answer at the moment/, undefined, { timeout: 8000 });
    expect(message.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Choose this company' })).toBeNull();
    // The person may go on by hand: everything typed is still there, and nothing says the code is unknown.
    expect(businessName.value).toBe('Minu firma');
    expect(registryCode.value).toBe('12345678');
    expect(screen.queryByText(/has no company with this registry code/)).toBeNull();
    expect(toasts).toEqual([]);
    expect(readGlobalErrorState().isDialogOpen).toBe(false);
    expect(screen.queryByText('An error occurred')).toBeNull();

    isRegisterUp = true;
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(retry.getAttribute('aria-describedby')).toBe(message.id);
    await user.click(retry);
    expect(await screen.findByRole('button', { name: 'Choose this company' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/The Business Register does not answer at the moment/)).toBeNull();
    expect(businessName.value).toBe('Minu firma');
    expect(unexpected).toEqual([]);
    stopListening();
  }, 20_000);

  it('an invalid code, or one of another country: no lookup', async () => {
    const user = userEvent.setup();
    const { fetchMock, unexpected } = serve();
    const { registryCode, country } = await openManualForm(user);
    await user.type(registryCode, '12-AB');
    await waitPastDebounce();
    await user.clear(registryCode);
    await user.type(registryCode, '123456789');
    await waitPastDebounce();
    expect(fetchMock.mock.calls.filter(isRegisterLookup)).toHaveLength(0);

    await user.selectOptions(country, 'FI');
    await user.clear(registryCode);
    await user.type(registryCode, '12345678');
    await waitPastDebounce();
    expect(fetchMock.mock.calls.filter(isRegisterLookup)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Choose this company' })).toBeNull();
    expect(unexpected).toEqual([]);
  });
});
