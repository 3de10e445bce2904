import type { Representative } from '@onboarding/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../app/router';
import i18n from '../../i18n/i18n';
import { storeTokens } from '../../lib/auth-session';
import { stubFetch } from '../../test/fetch-stub';
import { fakeAccessToken, jsonResponse } from '../../test/fake-token';
import { renderRoutes } from '../../test/render-app';

const representative: Representative = {
  personalId: '38001085718',
  personalIdCountryCode: 'EE',
  givenName: 'Jüri',
  surname: 'Tamm',
  email: null,
  phone: null,
  language: null,
  hasConsentedToRegistryQueries: false,
  consentedAt: null,
  isEmailConfirmed: false,
  personOutcome: null,
};

/** The code the stub server "mails"; any other is wrong. */
const CODE = '042917';

/**
 * The representative as the server keeps it: a save is what the next read answers (the choose-company guard reads
 * it); another address than the saved one is not confirmed until CODE comes back.
 */
function serve(saved: Partial<Representative> = {}) {
  let stored: Representative = { ...representative, ...saved };
  let triesLeft = 5;
  return stubFetch({
    'GET /onboarding/representative': () => jsonResponse(stored),
    'PUT /onboarding/representative/personal-information': ({ body }) => {
      const next = body as Partial<Representative>;
      stored = { ...stored, ...next, isEmailConfirmed: stored.isEmailConfirmed && next.email === stored.email };
      return jsonResponse(stored);
    },
    'POST /onboarding/representative/email-confirmation/code': () => jsonResponse({ email: stored.email, validMinutes: 10 }, 202),
    'POST /onboarding/representative/email-confirmation': ({ body }) => {
      if ((body as { code: string }).code === CODE) {
        stored = { ...stored, isEmailConfirmed: true };
        return jsonResponse(stored);
      }
      triesLeft -= 1;
      return jsonResponse(
        { code: 'VALIDATION_FAILED', message: 'invalid', fields: [{ path: 'code', code: 'wrongConfirmationCode', params: { triesLeft } }] },
        400,
      );
    },
    'GET /onboarding/representative/companies': () => jsonResponse({ companies: [], pendingManualApplication: null }),
  });
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  sessionStorage.clear();
  storeTokens({ accessToken: fakeAccessToken({ exp: Math.floor(Date.now() / 1000) + 3600 }), refreshToken: 'r' });
});
afterEach(() => vi.unstubAllGlobals());

describe('personal information screen', () => {
  it('greets the person and prefills what they saved before', async () => {
    serve({ email: 'juri@firma.ee', phone: '+372 5555 5555', hasConsentedToRegistryQueries: true });
    renderRoutes(createRoutes(), '/personal-information');
    expect(await screen.findByText('Hello, Jüri Tamm!')).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: 'E-mail' })) as HTMLInputElement).value).toBe('juri@firma.ee');
    expect((screen.getByRole('textbox', { name: /Phone number/ }) as HTMLInputElement).value).toBe('+372 5555 5555');
    expect((screen.getByRole('checkbox', { name: /queries official databases/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('after a Mobile-ID sign-in prefills the phone number signed in with, until another is saved', async () => {
    storeTokens({
      accessToken: fakeAccessToken({ authenticationMethod: 'MOBILE_ID', phoneNumber: '+37200000766', exp: Math.floor(Date.now() / 1000) + 3600 }),
      refreshToken: 'r',
    });
    const user = userEvent.setup();
    const { callsTo } = serve();
    const { router } = renderRoutes(createRoutes(), '/personal-information');
    const phone = (await screen.findByRole('textbox', { name: /Phone number/ })) as HTMLInputElement;
    expect(phone.value).toBe('+37200000766');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'mary@firma.ee');
    await user.click(screen.getByRole('checkbox', { name: /queries official databases/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByRole('textbox', { name: /Confirmation code/ }), CODE);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose-company'));
    expect(callsTo('PUT /onboarding/representative/personal-information')[0]?.body).toMatchObject({ phone: '+37200000766' });
  });

  it('prefers the saved phone number to the one of a Mobile-ID sign-in', async () => {
    storeTokens({
      accessToken: fakeAccessToken({ authenticationMethod: 'MOBILE_ID', phoneNumber: '+37200000766', exp: Math.floor(Date.now() / 1000) + 3600 }),
      refreshToken: 'r',
    });
    serve({ phone: '+372 5555 5555' });
    renderRoutes(createRoutes(), '/personal-information');
    expect(((await screen.findByRole('textbox', { name: /Phone number/ })) as HTMLInputElement).value).toBe('+372 5555 5555');
  });

  it('shows a field error only after the field is touched, by the domain rules', async () => {
    const user = userEvent.setup();
    serve();
    renderRoutes(createRoutes(), '/personal-information');
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    await user.type(email, 'juri@x.e');
    expect(screen.queryByText('Invalid e-mail address')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Invalid e-mail address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain('error');
  });

  it('on Continue without input shows every error, focuses the first and sends nothing', async () => {
    const user = userEvent.setup();
    const { callsTo } = serve();
    renderRoutes(createRoutes(), '/personal-information');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(3);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'E-mail' }));
    expect(callsTo('PUT /onboarding/representative/personal-information')).toHaveLength(0);
  });

  it('saves e-mail, phone, consent and the page language, then opens choose-company', async () => {
    const user = userEvent.setup();
    const { callsTo } = serve();
    const { router } = renderRoutes(createRoutes(), '/personal-information');
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), ' juri@firma.ee ');
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '+372 5555 5555');
    await user.click(screen.getByRole('checkbox', { name: /queries official databases/ }));
    expect(screen.getByText('The bank will write to you in the language of this page: English.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByRole('textbox', { name: /Confirmation code/ }), CODE);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose-company'));
    expect(callsTo('PUT /onboarding/representative/personal-information')[0]?.body).toEqual({
      email: 'juri@firma.ee',
      phone: '+372 5555 5555',
      hasConsentedToRegistryQueries: true,
      language: 'en',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a company' })).toBeTruthy();
  });

  it('puts the server’s field errors on the fields and stays', async () => {
    const user = userEvent.setup();
    const { on } = serve({ email: 'juri@firma.ee', phone: '+372 5555 5555', hasConsentedToRegistryQueries: true });
    on('PUT /onboarding/representative/personal-information', () =>
      jsonResponse({ code: 'VALIDATION_FAILED', message: 'invalid', fields: [{ path: 'phone', code: 'invalidPhone', params: {} }] }, 400),
    );
    const { router } = renderRoutes(createRoutes(), '/personal-information');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Incorrect telephone number')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Phone number/ }));
    expect(router.state.location.pathname).toBe('/personal-information');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks for the code mailed to a new address, with the focus on its heading, and says where it went', async () => {
    const user = userEvent.setup();
    const { callsTo } = serve({ phone: '+372 5555 5555', hasConsentedToRegistryQueries: true });
    renderRoutes(createRoutes(), '/personal-information');
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'juri@firma.ee');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Confirm your e-mail address' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('We sent a confirmation code to juri@firma.ee. The code is valid for 10 minutes.')).toBeTruthy();
    expect(callsTo('POST /onboarding/representative/email-confirmation/code')).toHaveLength(1);
  });

  it('shows a wrong code on the field with the tries left, and stays', async () => {
    const user = userEvent.setup();
    serve({ phone: '+372 5555 5555', hasConsentedToRegistryQueries: true });
    const { router } = renderRoutes(createRoutes(), '/personal-information');
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'juri@firma.ee');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const code = await screen.findByRole('textbox', { name: /Confirmation code/ });
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Wrong code. Tries left: 4')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    expect(router.state.location.pathname).toBe('/personal-information');
  });

  it('goes on without a code when the saved address is confirmed already', async () => {
    const user = userEvent.setup();
    const { callsTo } = serve({ email: 'juri@firma.ee', phone: '+372 5555 5555', hasConsentedToRegistryQueries: true, isEmailConfirmed: true });
    const { router } = renderRoutes(createRoutes(), '/personal-information');
    await screen.findByRole('textbox', { name: 'E-mail' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose-company'));
    expect(callsTo('POST /onboarding/representative/email-confirmation/code')).toHaveLength(0);
  });

  it('a returning person sees their confirmed details and the consent with its date: Continue goes on, nothing typed again', async () => {
    const user = userEvent.setup();
    const { callsTo } = serve({
      email: 'juri@firma.ee',
      phone: '+372 5555 5555',
      language: 'en',
      hasConsentedToRegistryQueries: true,
      consentedAt: '2026-11-20T10:00:00.000Z',
      isEmailConfirmed: true,
    });
    const { router } = renderRoutes(createRoutes(), '/personal-information');
    expect(await screen.findByText('juri@firma.ee')).toBeTruthy();
    expect(screen.getByText('+372 5555 5555')).toBeTruthy();
    expect(screen.getByText(/^On 20 November 2026 you confirmed that you are aware that the bank queries official databases/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).toBeNull();
    // Told what the facts are, not asked to enter them.
    expect(screen.getByText('These are the contact details you gave before. Check them and continue, or change them.')).toBeTruthy();
    expect(screen.queryByText(/^Enter your contact details/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose-company'));
    expect(callsTo('PUT /onboarding/representative/personal-information')).toHaveLength(0);
  });

  it('a returning person may change the saved details: the form opens filled in', async () => {
    const user = userEvent.setup();
    serve({
      email: 'juri@firma.ee',
      phone: '+372 5555 5555',
      language: 'et',
      hasConsentedToRegistryQueries: true,
      consentedAt: '2026-11-20T10:00:00.000Z',
      isEmailConfirmed: true,
    });
    renderRoutes(createRoutes(), '/personal-information');
    await user.click(await screen.findByRole('button', { name: 'Change my details' }));
    expect(((await screen.findByRole('textbox', { name: 'E-mail' })) as HTMLInputElement).value).toBe('juri@firma.ee');
    expect(screen.getByText(/^Enter your contact details/)).toBeTruthy();
  });

  it('says when a new code may be asked for once the codes of the day are used, and lets the address be changed', async () => {
    const user = userEvent.setup();
    const { on } = serve({ phone: '+372 5555 5555', hasConsentedToRegistryQueries: true });
    on('POST /onboarding/representative/email-confirmation/code', () =>
      jsonResponse({ code: 'RATE_LIMITED', message: 'limited', retryAfterSeconds: 3600 }, 429),
    );
    renderRoutes(createRoutes(), '/personal-information');
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'juri@firma.ee');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/try again after/i);
    await user.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    expect(((await screen.findByRole('textbox', { name: 'E-mail' })) as HTMLInputElement).value).toBe('juri@firma.ee');
  });
});
