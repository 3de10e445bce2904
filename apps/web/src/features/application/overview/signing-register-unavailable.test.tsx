import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onGlobalToast, type GlobalToast } from '../../../app/global-errors';
import i18n from '../../../i18n/i18n';
import { jsonResponse } from '../../../test/fake-token';
import { ReadyToSign } from './ready-to-sign';
import { renderWithSigning, serveSigning, signButton, SIGNING_URL, waiting } from './signing-test-helpers';

vi.setConfig({ testTimeout: 15_000 });

const CONTRACT_URL = 'GET /onboarding/applications/p-1/contract?disposition=inline';
const MESSAGE = /The Business Register does not answer at the moment/;
const registerUnavailable = () => jsonResponse({ code: 'REGISTER_UNAVAILABLE', message: 'The Business Register does not answer.' }, 503);

let toasts: GlobalToast[] = [];
let stopListening = () => undefined as unknown;

beforeEach(async () => {
  sessionStorage.clear();
  toasts = [];
  stopListening = onGlobalToast((toast) => toasts.push(toast));
  await i18n.changeLanguage('en');
});
afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * Signing starts only on register facts fresh enough; when they are old and the Business Register does not answer,
 * the server signs nothing (503 REGISTER_UNAVAILABLE), and the method choice says so in place, with a retry.
 */
describe('signing view: a register that does not answer', () => {
  it('does not start signing: says so with a retry, keeps the choice and the number, no toast; the retry starts it', async () => {
    const user = userEvent.setup();
    let isRegisterUp = false;
    const { on, callsTo } = serveSigning({ statuses: [waiting('1234')] });
    const started = serveSigningStart(on, () => isRegisterUp);
    renderWithSigning(<ReadyToSign onSigningActiveChange={() => undefined} />);
    await user.click(await screen.findByRole('radio', { name: 'Mobile-ID' }));
    const phone = screen.getByRole('textbox', { name: /Phone number/ }) as HTMLInputElement;
    await waitFor(() => expect(phone.value).toBe('+372 5555 1234'));
    await user.clear(phone);
    await user.type(phone, '+372 5123 4567');
    await user.click(signButton());

    const message = await screen.findByText(MESSAGE, undefined, { timeout: 8000 });
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByRole('heading', { level: 3, name: 'Check the verification code' })).toBeNull();
    expect((screen.getByRole('radio', { name: 'Mobile-ID' }) as HTMLInputElement).checked).toBe(true);
    expect(phone.value).toBe('+372 5123 4567');
    expect(screen.queryByText(/Signing could not be started/)).toBeNull();
    expect(toasts).toEqual([]);

    isRegisterUp = true;
    const alert = message.closest('[role="alert"]') as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Check the verification code' })).toBeTruthy();
    expect(started()).toBeGreaterThanOrEqual(2);
    expect(callsTo(SIGNING_URL).map((call) => call.body)).toContainEqual({ method: 'MOBILE_ID', phoneNumber: '+372 5123 4567', language: 'en' });
    expect(new Set(callsTo(SIGNING_URL).map((call) => JSON.stringify(call.body))).size).toBe(1);
    expect(toasts).toEqual([]);
  });

  it('the contract to read: says so in place, not that it could not be downloaded, with a retry', async () => {
    const user = userEvent.setup();
    const { on, callsTo } = serveSigning();
    on(CONTRACT_URL, registerUnavailable);
    // Each read opens a tab at the click; the failed read closes it again.
    const tab = { location: { href: 'about:blank' }, document: { title: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    renderWithSigning(<ReadyToSign onSigningActiveChange={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Read the contract (PDF) (opens in a new tab)' }));
    const message = await screen.findByText(MESSAGE, undefined, { timeout: 8000 });
    expect(screen.queryByText(/could not be downloaded|could not be opened/i)).toBeNull();
    const before = callsTo(CONTRACT_URL).length;
    await user.click(within(message.parentElement as HTMLElement).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo(CONTRACT_URL).length).toBeGreaterThan(before));
    expect(callsTo(SIGNING_URL)).toHaveLength(0);
    expect(toasts).toEqual([]);
  });
});

/** The start answers 503 REGISTER_UNAVAILABLE until the register is up; answers how many starts were asked. */
function serveSigningStart(on: ReturnType<typeof serveSigning>['on'], isRegisterUp: () => boolean) {
  let count = 0;
  on(SIGNING_URL, () => {
    count += 1;
    return isRegisterUp() ? jsonResponse({ signingSessionId: 's-1', verificationCode: '1234' }) : registerUnavailable();
  });
  return () => count;
}
