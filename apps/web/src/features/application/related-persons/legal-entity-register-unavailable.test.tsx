import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onGlobalToast, type GlobalToast } from '../../../app/global-errors';
import i18n from '../../../i18n/i18n';
import { storeTokens } from '../../../lib/auth-session';
import { fakeAccessToken, jsonResponse } from '../../../test/fake-token';
import { renderStep } from '../test/step-test-helpers';
import { RelatedPersonsPage } from './related-persons-page';
import { completeStep, holdingCompanyCard, serveRelatedPersons } from './test-fixtures';

// Typing in a modal under a full parallel run needs more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

const LOOKUP = 'GET /onboarding/register/companies/EE/87654322';
const MESSAGE = /The Business Register does not answer at the moment/;

beforeEach(async () => {
  sessionStorage.clear();
  storeTokens({ accessToken: fakeAccessToken({ exp: Math.floor(Date.now() / 1000) + 3600 }), refreshToken: 'r' });
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('related persons: a legal entity’s look-up when the register does not answer', () => {
  it('says so beside the registry code with a retry, no toast, never "not found", and the name typed stays', async () => {
    const user = userEvent.setup();
    const toasts: GlobalToast[] = [];
    const stopListening = onGlobalToast((toast) => toasts.push(toast));
    let isRegisterUp = false;
    const { callsTo } = serveRelatedPersons(
      { steps: { RelatedPersons: completeStep() } },
      {
        [LOOKUP]: () =>
          isRegisterUp
            ? jsonResponse(holdingCompanyCard)
            : jsonResponse({ code: 'REGISTER_UNAVAILABLE', message: 'The Business Register does not answer.' }, 503),
      },
    );
    renderStep('/application/related-persons', RelatedPersonsPage);
    await user.click(await screen.findByRole('button', { name: 'Add a legal entity' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a legal entity' }));
    await user.type(dialog.getByRole('textbox', { name: 'Registry code (optional)' }), '87654322');

    const message = await dialog.findByText(MESSAGE, undefined, { timeout: 8000 });
    expect(message.closest('[aria-live="polite"]')).not.toBeNull();
    expect(dialog.queryByText('Filled from the Business Register')).toBeNull();
    expect(toasts).toEqual([]);

    // The person goes on by hand meanwhile; the register, once it answers, fills nothing typed.
    const businessName = dialog.getByRole('textbox', { name: 'Business name' }) as HTMLInputElement;
    await user.type(businessName, 'Oma Nimi OÜ');
    isRegisterUp = true;
    const asked = callsTo(LOOKUP).length;
    await user.click(dialog.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(dialog.queryByText(MESSAGE)).toBeNull());
    expect(callsTo(LOOKUP).length).toBeGreaterThan(asked);
    expect(businessName.value).toBe('Oma Nimi OÜ');
    expect((dialog.getByRole('textbox', { name: 'Registry code (optional)' }) as HTMLInputElement).value).toBe('87654322');
    expect(toasts).toEqual([]);
    stopListening();
  });
});
