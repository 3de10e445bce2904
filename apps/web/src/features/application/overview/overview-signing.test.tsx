import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/i18n';
import { applicationView } from '../../../test/application-fixture';
import { jsonResponse } from '../../../test/fake-token';
import { OverviewPage } from './overview-page';
import { draftPut, findForm, serveOverview, VALID_OVERVIEW } from './overview-test-helpers';
import { cancelUrl, ended, renderWithSigning, SIGNING_URL, signed, statusUrl, waiting } from './signing/signing-test-helpers';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(async () => {
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

/** The overview at ApplicationOverview with a complete review, and a Smart-ID signing whose statuses come in turn. */
function serveOverviewAndSigning(statuses: ReturnType<typeof waiting>[]) {
  const stub = serveOverview({ step: 'ApplicationOverview', steps: { ApplicationOverview: VALID_OVERVIEW } });
  stub.on(SIGNING_URL, () => jsonResponse({ signingSessionId: 's-1', verificationCode: '4321' }));
  let queue = [...statuses];
  stub.on(statusUrl(), () => jsonResponse(queue.length > 1 ? queue.shift() : queue[0]));
  stub.on(cancelUrl(), () => jsonResponse(null, 204));
  return { ...stub, setStatuses: (next: ReturnType<typeof waiting>[]) => (queue = [...next]) };
}

const additionalInformation = () => screen.getByRole('textbox', { name: 'Additional information (optional)' }) as HTMLTextAreaElement;

describe('overview: signing', () => {
  it('locks the answers while waiting for PIN2, so nothing autosaves a new version under the contract; SIGNED opens /success', async () => {
    const user = userEvent.setup();
    const { callsTo, setStatuses } = serveOverviewAndSigning([waiting('4321')]);
    const { router } = renderWithSigning(<OverviewPage />);
    await findForm();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 2, name: 'Sign the contract' });
    expect(additionalInformation().matches(':disabled')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Sign the contract' }));
    await screen.findByRole('heading', { level: 3, name: 'Check the verification code' });
    // The fieldset around the answers is disabled, and with it every field and button in it.
    await waitFor(() => expect(additionalInformation().matches(':disabled')).toBe(true));
    expect(screen.getByRole('button', { name: 'Continue' }).matches(':disabled')).toBe(true);

    setStatuses([signed()]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(callsTo(draftPut('ApplicationOverview'))).toHaveLength(0);
  });

  it('a register that changed stops the signing: the reopened step opens and says what changed, with links to the steps', async () => {
    const user = userEvent.setup();
    const stub = serveOverviewAndSigning([waiting('4321')]);
    stub.on(SIGNING_URL, () =>
      jsonResponse(
        {
          code: 'REGISTER_CHANGED',
          message: 'changed',
          registerChanges: [
            { fact: 'MANAGEMENT_BOARD', step: 'RelatedPersons' },
            { fact: 'STATUS', step: 'CompanyData' },
          ],
        },
        409,
      ),
    );
    const { router } = renderWithSigning(<OverviewPage />);
    await findForm();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 2, name: 'Sign the contract' });
    // The server moved the application back to the company step.
    stub.on('GET /onboarding/applications/p-1', () =>
      jsonResponse(applicationView({ currentStep: 'CompanyData', steps: { ApplicationOverview: VALID_OVERVIEW } })),
    );
    await user.click(screen.getByRole('button', { name: 'Sign the contract' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/application/company-information'));
    const notice = await screen.findByRole('alert', { name: 'The Business Register has changed since you filled in the application' });
    expect(notice.textContent).toContain('The management board');
    expect(notice.textContent).toContain('The company’s status');
    expect([...notice.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      '/application/company-information',
      '/application/related-persons',
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/company-information'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('gives the answers back once the signing has ended', async () => {
    const user = userEvent.setup();
    serveOverviewAndSigning([waiting('4321'), ended('CANCELLED', 'user_cancelled')]);
    renderWithSigning(<OverviewPage />);
    await findForm();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Sign the contract' }));
    await screen.findByRole('heading', { level: 3, name: 'Signing cancelled' });
    await waitFor(() => expect(additionalInformation().matches(':disabled')).toBe(false));
  });
});
