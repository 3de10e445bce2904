import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/i18n';
import { jsonResponse } from '../../../test/fake-token';
import { ReadyToSign } from './ready-to-sign';
import {
  APPLICATION_URL,
  cancelUrl,
  CERTIFICATE,
  ended,
  HASH,
  idCardSignatureUrl,
  renderWithSigning,
  serveSigning,
  signButton,
  signed,
  SIGNING_URL,
  statusUrl,
  stubCard,
  waiting,
} from './signing-test-helpers';

vi.setConfig({ testTimeout: 15_000 });

const onActiveChange = vi.fn();
const renderView = (options?: Parameters<typeof renderWithSigning>[1]) => renderWithSigning(<ReadyToSign onSigningActiveChange={onActiveChange} />, options);
const liveRegion = () => screen.getAllByRole('status').find((element) => element.className === 'visually-hidden') as HTMLElement;
const findStateHeading = (name: string) => screen.findByRole('heading', { level: 3, name });
/** The visible panel of the current state (the live region repeats its words). */
const panel = () => within(screen.getByRole('heading', { level: 3 }).parentElement as HTMLElement);

beforeEach(async () => {
  sessionStorage.clear();
  onActiveChange.mockReset();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  // The tab opener and the saving link's click are spied on by the contract's tests.
  vi.restoreAllMocks();
});

/** The contract's PDF as the server sends it to read inline, and object URLs for it (jsdom has none). */
function serveContractPdf(on: ReturnType<typeof serveSigning>['on']): void {
  on(
    'GET /onboarding/applications/p-1/contract?disposition=inline',
    () =>
      new Response(new TextEncoder().encode('%PDF-1.7'), {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="contract-p-1.pdf"' },
      }),
  );
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = vi.fn(() => 'blob:contract');
      static override revokeObjectURL = vi.fn();
    },
  );
}

describe('signing view: method choice', () => {
  it('offers Smart-ID, Mobile-ID and the ID-card, Smart-ID first and chosen', async () => {
    serveSigning();
    renderView();
    const methods = await screen.findByRole('group', { name: 'Signing method' });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['SMART_ID', 'MOBILE_ID', 'ID_CARD']);
    expect((within(methods).getByRole('radio', { name: 'Smart-ID' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('textbox', { name: /Phone number/ })).toBeNull();
    expect(signButton()).toBeTruthy();
  });

  it.each([
    ['MOBILE_ID', 'Mobile-ID', ['MOBILE_ID', 'SMART_ID', 'ID_CARD']],
    ['ID_CARD', 'ID-card', ['ID_CARD', 'SMART_ID', 'MOBILE_ID']],
  ] as const)('after a %s sign-in offers that method first and chosen', async (authenticationMethod, name, order) => {
    serveSigning();
    renderView({ claims: { authenticationMethod } });
    const methods = await screen.findByRole('group', { name: 'Signing method' });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(order);
    expect((within(methods).getByRole('radio', { name }) as HTMLInputElement).checked).toBe(true);
  });

  it('after a Mobile-ID sign-in prefills the number signed in with, not the saved one, and signs with it', async () => {
    const user = userEvent.setup();
    const { callsTo } = serveSigning({ phone: '+372 5555 1234' });
    renderView({ claims: { authenticationMethod: 'MOBILE_ID', phoneNumber: '+37200000766' } });
    const phone = (await screen.findByRole('textbox', { name: /Phone number/ })) as HTMLInputElement;
    expect(phone.value).toBe('+37200000766');
    // The saved number arrives later and does not replace it.
    await waitFor(() => expect(callsTo('GET /onboarding/representative').length).toBeGreaterThan(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(phone.value).toBe('+37200000766');
    await user.click(signButton());
    // Signed to the end, so that no status poll outlives the test.
    await screen.findByRole('heading', { level: 1, name: 'Submitted' });
    expect(callsTo(SIGNING_URL).map((call) => call.body)).toEqual([{ method: 'MOBILE_ID', phoneNumber: '+37200000766', language: 'en' }]);
  });

  it('opens the contract to read before signing in a new tab of the browser: the PDF the server draws up, fetched with the bearer token', async () => {
    const user = userEvent.setup();
    const { on, callsTo } = serveSigning();
    serveContractPdf(on);
    // The tab is opened at the click, while the browser still takes it for the person's doing; the PDF follows.
    const tab = { location: { href: 'about:blank' }, document: { title: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Read the contract (PDF) (opens in a new tab)' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:contract'));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]?.[1]).toBe('_blank');
    expect(saved).toEqual([]);
    expect(tab.close).not.toHaveBeenCalled();
    expect(callsTo('GET /onboarding/applications/p-1/contract?disposition=inline')).toHaveLength(1);
    expect(callsTo(SIGNING_URL)).toHaveLength(0);
  });

  it('saves the contract instead where the browser blocks the new tab', async () => {
    const user = userEvent.setup();
    const { on } = serveSigning();
    serveContractPdf(on);
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Read the contract (PDF) (opens in a new tab)' }));
    await waitFor(() => expect(saved).toEqual(['contract-p-1.pdf']));
  });

  it('closes the new tab and says so when the contract cannot be read', async () => {
    const user = userEvent.setup();
    const { on } = serveSigning();
    on('GET /onboarding/applications/p-1/contract?disposition=inline', () => new Response(JSON.stringify({ code: 'INTERNAL', message: 'x' }), { status: 500 }));
    const tab = { location: { href: 'about:blank' }, document: { title: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Read the contract (PDF) (opens in a new tab)' }));
    expect(await screen.findByText('The contract could not be opened. Please try again.')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('about:blank');
  });

  it('Mobile-ID prefills the saved phone number; the domain phone rule checks it before anything is started', async () => {
    const user = userEvent.setup();
    // The request stays waiting for PIN2: with a 5 ms poll a signed status would end the state before it is read.
    const { callsTo } = serveSigning({ statuses: [waiting('1234')] });
    renderView();
    await user.click(await screen.findByRole('radio', { name: 'Mobile-ID' }));
    const phone = screen.getByRole('textbox', { name: /Phone number/ }) as HTMLInputElement;
    await waitFor(() => expect(phone.value).toBe('+372 5555 1234'));

    await user.clear(phone);
    await user.type(phone, '12ab');
    await user.click(signButton());
    expect(await screen.findByText('Incorrect telephone number')).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    await user.clear(phone);
    await user.click(signButton());
    expect(await screen.findByText('Required field')).toBeTruthy();
    expect(callsTo(SIGNING_URL)).toHaveLength(0);

    await user.type(phone, '+372 5123 4567');
    await user.click(signButton());
    await findStateHeading('Check the verification code');
    expect(callsTo(SIGNING_URL).map((call) => call.body)).toEqual([{ method: 'MOBILE_ID', phoneNumber: '+372 5123 4567', language: 'en' }]);
    expect(panel().getByText(/A signing request was sent to your phone/)).toBeTruthy();
  });

  it('puts the server’s verdict on the phone number back on the field', async () => {
    const user = userEvent.setup();
    const { on } = serveSigning();
    on(SIGNING_URL, () => jsonResponse({ code: 'VALIDATION_FAILED', message: 'x', fields: [{ path: 'phoneNumber', code: 'invalidPhone', params: {} }] }, 400));
    renderView();
    await user.click(await screen.findByRole('radio', { name: 'Mobile-ID' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: /Phone number/ }) as HTMLInputElement).value).toBe('+372 5555 1234'));
    await user.click(signButton());
    expect(await screen.findByText('Incorrect telephone number')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Phone number/ })));
  });

  it('an application that is no longer complete cannot be signed: it says so and loads the application again', async () => {
    const user = userEvent.setup();
    const { on, callsTo } = serveSigning();
    on(SIGNING_URL, () => jsonResponse({ code: 'CONFLICT', message: 'The application is not complete.' }, 409));
    renderView();
    await user.click(await screenSignButton());
    expect(await screen.findByText('The application has changed and is not ready for signing. Press Continue to check it again.')).toBeTruthy();
    await waitFor(() => expect(callsTo(APPLICATION_URL)).toHaveLength(2));
  });
});

const screenSignButton = async () => {
  await screen.findByRole('group', { name: 'Signing method' });
  return signButton();
};

describe('signing view: Smart-ID and Mobile-ID states', () => {
  it('waiting: the verification code, check it and enter PIN2, Cancel; polls until SIGNED, then the submitted application opens /success', async () => {
    const user = userEvent.setup();
    const { callsTo, setStatuses } = serveSigning({ statuses: [waiting('1234')] });
    const { router, queryClient } = renderView();
    await user.click(await screenSignButton());

    const heading = await findStateHeading('Check the verification code');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByTestId('signing-verification-code').textContent).toBe('1234');
    expect(panel().getByText('Make sure the verification code matches the code in the Smart-ID app, then enter PIN2.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(liveRegion().textContent).toContain('Your verification code is 1 2 3 4');
    expect(onActiveChange).toHaveBeenLastCalledWith(true);
    await waitFor(() => expect(callsTo(statusUrl()).length).toBeGreaterThanOrEqual(2));

    setStatuses([signed()]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(callsTo(SIGNING_URL).map((call) => call.body)).toEqual([{ method: 'SMART_ID', flow: 'QR', language: 'en' }]);
    expect(queryClient.getQueryData<{ status: string }>(['application', 'p-1'])?.status).toBe('SUBMITTED');
    expect(callsTo(cancelUrl())).toHaveLength(0);
  });

  it('terminated: time ran out, styled as a failure, with Try again and another method', async () => {
    const user = userEvent.setup();
    serveSigning({ statuses: [waiting('1234'), ended('TERMINATED', 'timeout')] });
    renderView();
    await user.click(await screenSignButton());
    const heading = await findStateHeading('Time ran out');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(panel().getByText('You did not confirm the signing in time, so the contract was not signed. Please try again.')).toBeTruthy();
    expect(heading.closest('[data-state]')?.getAttribute('data-state')).toBe('TERMINATED');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose another method' })).toBeTruthy();
    expect(liveRegion().textContent).toContain('Time ran out');
    expect(onActiveChange).toHaveBeenLastCalledWith(false);
  });

  it.each([
    ['SMART_ID', 'user_not_found', 'Smart-ID account not found', /There is no Smart-ID account for this ID code/],
    ['SMART_ID', 'document_unusable', 'Smart-ID cannot be used', /update it and follow the instructions/],
    ['MOBILE_ID', 'user_not_found', 'Mobile-ID user not found', /Mobile-ID is not activated/],
    ['MOBILE_ID', 'delivery_error', 'Problem with your phone', /problem with the SIM card/],
    ['MOBILE_ID', 'sim_error', 'Problem with your phone', /problem with the SIM card/],
    ['SMART_ID', 'unexpected', 'An error occurred', /Please repeat your last action/],
    ['SMART_ID', 'certificate_revoked', 'Certificate revoked', /has been revoked, so it cannot be used to sign/],
    ['MOBILE_ID', 'ocsp_unavailable', 'Certificate check unavailable', /try again in a moment/],
    ['SMART_ID', 'container_invalid', 'Technical error', /did not pass its final check/],
  ])('unsuccessful (%s %s): the reason in words, with Try again and another method', async (method, failureCode, title, message) => {
    const user = userEvent.setup();
    serveSigning({ statuses: [ended('UNSUCCESSFUL', failureCode)] });
    renderView();
    if (method === 'MOBILE_ID') {
      await user.click(await screen.findByRole('radio', { name: 'Mobile-ID' }));
      await waitFor(() => expect((screen.getByRole('textbox', { name: /Phone number/ }) as HTMLInputElement).value).not.toBe(''));
    }
    await user.click(await screenSignButton());
    await findStateHeading('Signing failed');
    expect(panel().getByText(title)).toBeTruthy();
    expect(panel().getByText(message)).toBeTruthy();
    expect(liveRegion().textContent).toContain(title);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose another method' })).toBeTruthy();
  });

  it('cancelled on the phone, then Try again signs', async () => {
    const user = userEvent.setup();
    const { callsTo, setStatuses } = serveSigning({ statuses: [waiting('1234'), ended('CANCELLED', 'user_cancelled')] });
    const { router } = renderView();
    await user.click(await screenSignButton());
    await findStateHeading('Signing cancelled');
    expect(panel().getByText(/The signing was cancelled and the contract was not signed/)).toBeTruthy();

    setStatuses([waiting('5678'), signed()]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(callsTo(SIGNING_URL).map((call) => call.body)).toEqual([
      { method: 'SMART_ID', flow: 'QR', language: 'en' },
      { method: 'SMART_ID', flow: 'QR', language: 'en' },
    ]);
  });

  it('Cancel while waiting cancels the session on the server, shows the cancelled state; another method goes back to the choice', async () => {
    const user = userEvent.setup();
    const { callsTo, on, setStatuses } = serveSigning({ statuses: [waiting('1234')] });
    // As the server does: a cancelled session answers CANCELLED from then on.
    on(cancelUrl(), () => {
      setStatuses([ended('CANCELLED', 'user_cancelled')]);
      return jsonResponse(null, 204);
    });
    renderView();
    await user.click(await screenSignButton());
    await findStateHeading('Check the verification code');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    const heading = await findStateHeading('Signing cancelled');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(callsTo(cancelUrl())).toHaveLength(1);
    const pollsAfterCancel = callsTo(statusUrl()).length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(statusUrl())).toHaveLength(pollsAfterCancel);

    await user.click(screen.getByRole('button', { name: 'Choose another method' }));
    expect(await screen.findByRole('group', { name: 'Signing method' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Sign the contract' })));
  });

  it('another method while waiting is one action: the session is cancelled and the choice opens', async () => {
    const user = userEvent.setup();
    const { callsTo, on, setStatuses } = serveSigning({ statuses: [waiting('1234')] });
    on(cancelUrl(), () => {
      setStatuses([ended('CANCELLED', 'user_cancelled')]);
      return jsonResponse(null, 204);
    });
    renderView();
    await user.click(await screenSignButton());
    await findStateHeading('Check the verification code');
    await user.click(screen.getByRole('button', { name: 'Sign with another method' }));
    expect(await screen.findByRole('group', { name: 'Signing method' })).toBeTruthy();
    expect(callsTo(cancelUrl())).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Signing cancelled' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Sign the contract' })));
  });

  it('a phone that signed just before Cancel still submits: the status after the cancel decides', async () => {
    const user = userEvent.setup();
    const { on, setStatuses } = serveSigning({ statuses: [waiting('1234')] });
    // The cancel arrives after the phone signed: the server keeps the signed session.
    on(cancelUrl(), () => {
      setStatuses([signed()]);
      return jsonResponse(null, 204);
    });
    const { router } = renderView();
    await user.click(await screenSignButton());
    await findStateHeading('Check the verification code');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
  });

  it('contract_changed: says the application changed and starts again on the reloaded application', async () => {
    const user = userEvent.setup();
    const { callsTo, setStatuses } = serveSigning({ statuses: [ended('UNSUCCESSFUL', 'contract_changed')] });
    const { router } = renderView();
    await user.click(await screenSignButton());
    await findStateHeading('Signing failed');
    expect(panel().getByText('The application changed')).toBeTruthy();
    expect(panel().getByText(/Start again to sign the current contract/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

    setStatuses([signed()]);
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(callsTo(APPLICATION_URL).length).toBeGreaterThanOrEqual(2);
    expect(callsTo(SIGNING_URL)).toHaveLength(2);
  });

  it('already_submitted: says so, loads the application again and offers what happens next', async () => {
    const user = userEvent.setup();
    const { callsTo } = serveSigning({ statuses: [ended('UNSUCCESSFUL', 'already_submitted')] });
    const { router } = renderView();
    await user.click(await screenSignButton());
    await findStateHeading('Signing failed');
    expect(panel().getByText('The application is already submitted')).toBeTruthy();
    await waitFor(() => expect(callsTo(APPLICATION_URL)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'See what happens next' }));
    expect(router.state.location.pathname).toBe('/success');
  });

  it('a status call that keeps failing stops the signing and says the connection was lost', async () => {
    const user = userEvent.setup();
    const { on, callsTo } = serveSigning();
    on(statusUrl(), () => Promise.reject(new TypeError('Failed to fetch')));
    renderView();
    await user.click(await screenSignButton());
    await findStateHeading('Signing failed');
    expect(panel().getByText('Connection lost')).toBeTruthy();
    await waitFor(() => expect(callsTo(cancelUrl())).toHaveLength(1));
  });

  it('leaving the screen while waiting cancels the session', async () => {
    const user = userEvent.setup();
    const { callsTo } = serveSigning({ statuses: [waiting('1234')] });
    const { router } = renderView();
    await user.click(await screenSignButton());
    await findStateHeading('Check the verification code');
    await act(() => router.navigate('/application/incomes'));
    await waitFor(() => expect(callsTo(cancelUrl())).toHaveLength(1));
    expect(callsTo(cancelUrl())[0]?.init.keepalive).toBe(true);
  });
});

describe('signing view: ID-card', () => {
  const chooseIdCard = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('radio', { name: 'ID-card' }));
    await user.click(signButton());
  };

  it('reads the certificate, starts, signs the server’s hash and sends the signature; SIGNED opens /success', async () => {
    const user = userEvent.setup();
    const { card, signerFor } = stubCard();
    const { callsTo, on } = serveSigning({ statuses: [waiting()] });
    on(idCardSignatureUrl(), () => jsonResponse(signed()));
    const { router } = renderView({ signerFor });
    await chooseIdCard(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(signerFor).toHaveBeenCalledWith('38001085718');
    expect(card.getSigningCertificate).toHaveBeenCalledWith({ lang: 'en' });
    expect(callsTo(SIGNING_URL).map((call) => call.body)).toEqual([{ method: 'ID_CARD', certificate: CERTIFICATE }]);
    expect(card.sign).toHaveBeenCalledWith(CERTIFICATE, { hash: HASH, hashType: 'SHA256' }, { lang: 'en' });
    expect(callsTo(idCardSignatureUrl()).map((call) => call.body)).toEqual([{ signature: 'c2lnbmF0dXJl' }]);
  });

  it('waiting for the card: Enter PIN2 and Cancel', async () => {
    const user = userEvent.setup();
    const card = { getSigningCertificate: vi.fn(() => new Promise<{ certificate: string }>(() => undefined)), sign: vi.fn() };
    serveSigning();
    renderView({ signerFor: () => card });
    await chooseIdCard(user);
    const heading = await findStateHeading('Enter PIN2');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(panel().getByText(/enter PIN2 in the window of your ID-card software/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await findStateHeading('Signing cancelled')).toBeTruthy();
  });

  it('user_cancel at the PIN2 prompt: cancelled, and the session is cancelled on the server', async () => {
    const user = userEvent.setup();
    const { signerFor } = stubCard({ signature: 'user_cancel' });
    const { callsTo } = serveSigning({ statuses: [waiting()] });
    renderView({ signerFor });
    await chooseIdCard(user);
    await findStateHeading('Signing cancelled');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    await waitFor(() => expect(callsTo(cancelUrl())).toHaveLength(1));
    expect(callsTo(idCardSignatureUrl())).toHaveLength(0);
  });

  it.each([
    ['no_certificates', 'Certificates not found', /Check that your ID-card is in the card reader/],
    ['no_implementation', 'Your browser does not support the ID-card', /Install the ID-card browser extension/],
    ['not_allowed', 'Signing is not allowed on this page', /only on a secure \(https\) page/],
    ['driver_error', 'Problem with the card reader', /could not be read/],
    ['technical_error', 'ID-card software error', /ran into an error/],
    ['invalid_argument', 'The ID-card could not sign', /refused the signing request/],
  ] as const)('%s while reading the certificate: the message, and nothing started on the server', async (code, title, message) => {
    const user = userEvent.setup();
    const { signerFor } = stubCard({ certificate: code });
    const { callsTo } = serveSigning();
    renderView({ signerFor });
    await chooseIdCard(user);
    await findStateHeading('Signing failed');
    expect(panel().getByText(title)).toBeTruthy();
    expect(panel().getByText(message)).toBeTruthy();
    expect(callsTo(SIGNING_URL)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    if (code === 'no_implementation')
      expect(screen.getByRole('link', { name: 'ID-card software instructions on ID.ee (opens in a new tab)' }).getAttribute('href')).toBe(
        'https://www.id.ee/en/',
      );
  });

  it('pin_blocked at signing: says PIN2 is blocked', async () => {
    const user = userEvent.setup();
    const { signerFor } = stubCard({ signature: 'pin_blocked' });
    serveSigning({ statuses: [waiting()] });
    renderView({ signerFor });
    await chooseIdCard(user);
    await findStateHeading('Signing failed');
    expect(panel().getByText('PIN2 is blocked')).toBeTruthy();
  });

  it('a certificate the server refuses ends the signing before PIN2 is asked for', async () => {
    const user = userEvent.setup();
    const { card, signerFor } = stubCard();
    serveSigning({ statuses: [ended('UNSUCCESSFUL', 'invalid_certificate')] });
    renderView({ signerFor });
    await chooseIdCard(user);
    await findStateHeading('Signing failed');
    expect(panel().getByText('Invalid certificate')).toBeTruthy();
    expect(card.sign).not.toHaveBeenCalled();
  });

  it('a signature for a session that has ended meanwhile shows how it ended', async () => {
    const user = userEvent.setup();
    const { signerFor } = stubCard();
    const { on, setStatuses } = serveSigning({ statuses: [waiting()] });
    on(idCardSignatureUrl(), () => {
      setStatuses([ended('CANCELLED', 'user_cancelled')]);
      return jsonResponse({ code: 'CONFLICT', message: 'This signing has already ended.' }, 409);
    });
    renderView({ signerFor });
    await chooseIdCard(user);
    expect(await findStateHeading('Signing cancelled')).toBeTruthy();
  });
});

describe('signing view: Smart-ID without a Smart-ID sign-in', () => {
  const LINK = 'https://smart-id.com/device-link?deviceLinkType=QR&elapsedSeconds=0&sessionToken=abc&sessionType=cert&version=1.0&lang=eng&authCode=x';

  it('shows the QR code to choose the account, renews it, then asks for PIN2 with no code and lands on /success', async () => {
    const user = userEvent.setup();
    // Each state is held until the test has seen it: the poll here runs every 5 ms.
    const { on, callsTo, setStatuses } = serveSigning({ statuses: [{ state: 'WAITING_FOR_PIN2', isChoosingAccount: true }] });
    on(SIGNING_URL, () => jsonResponse({ signingSessionId: 's-1', deviceLink: LINK, deviceLinkFlow: 'QR', expiresInSeconds: 60 }));
    const renewal = 'GET /onboarding/applications/p-1/signing/s-1/device-link?language=en';
    on(renewal, () => jsonResponse({ deviceLink: `${LINK}-renewed` }));
    renderView({ claims: { authenticationMethod: 'MOBILE_ID', phoneNumber: '+37200000766' } });
    await user.click(await screen.findByRole('radio', { name: 'Smart-ID' }));
    await user.click(signButton());
    expect(await findStateHeading('Scan the QR code with the Smart-ID app')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code for signing with Smart-ID' })).toBeTruthy();
    // A computer: the code, not the app's link; the language for SK's page.
    expect(callsTo(SIGNING_URL).map((call) => call.body)).toEqual([{ method: 'SMART_ID', flow: 'QR', language: 'en' }]);
    // The code is renewed every second while it is shown.
    await waitFor(() => expect(callsTo(renewal).length).toBeGreaterThan(0), { timeout: 3000 });
    expect(screen.getByRole('img', { name: 'QR code for signing with Smart-ID' })).toBeTruthy();

    // The phone chose the account: PIN2 is asked in the app, with no code to compare.
    setStatuses([waiting()]);
    expect(await findStateHeading('Enter PIN2')).toBeTruthy();
    expect(panel().getByText('Enter PIN2 in the Smart-ID app to sign.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'QR code for signing with Smart-ID' })).toBeNull();
    expect(screen.queryByTestId('signing-verification-code')).toBeNull();
    setStatuses([signed()]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Submitted' })).toBeTruthy();
  });
});
