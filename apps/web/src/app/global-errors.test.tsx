import { onboardingEndpoints } from '@onboarding/domain';
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/i18n';
import { apiRequest } from '../lib/api-client';
import { stubFetch } from '../test/fetch-stub';
import { jsonResponse } from '../test/fake-token';
import { ToastProvider } from '../ui';
import { GlobalErrorNotifier } from './global-error-notifier';
import { clearGlobalError, readGlobalErrorState } from './global-errors';
import { createQueryClient } from './query-client';
import { setPageSettings } from '../test/page-settings';

setPageSettings();

/** A screen whose query fails; retries are off so the failure is reported at once. */
function FailingQuery() {
  useQuery({ queryKey: ['representative'], queryFn: () => apiRequest(onboardingEndpoints.representative, { retries: 0 }), retry: false });
  return null;
}

/** A screen with a mutation that does not handle its own errors. */
function UnhandledMutation() {
  const mutation = useMutation({ mutationFn: () => apiRequest(onboardingEndpoints.companies, { retries: 0 }) });
  return (
    <button type="button" onClick={() => mutation.mutate()}>
      Do it
    </button>
  );
}

function renderWith(children: React.ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <GlobalErrorNotifier />
        {children}
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  act(() => clearGlobalError());
  vi.unstubAllGlobals();
});

describe('global API errors (docs/requirements.md sections 7 and 8)', () => {
  it('a 5xx answer shows the general error toast with the support e-mail and phone', async () => {
    stubFetch({ 'GET /onboarding/representative': () => jsonResponse({ code: 'INTERNAL_ERROR', message: 'x' }, 503) });
    renderWith(<FailingQuery />);
    expect(await screen.findByText('An error occurred')).toBeTruthy();
    expect(screen.getByText('Please repeat your last action. If the problem persists, contact customer support at abi@pank.ee or +372 600 0000.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a network failure shows the network toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWith(<FailingQuery />);
    expect(await screen.findByText('Network error')).toBeTruthy();
    expect(screen.getByText(/Check your internet connection/)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('401 shows nothing: the API client has logged the user out', async () => {
    stubFetch({ 'GET /onboarding/representative': () => jsonResponse({ code: 'UNAUTHORIZED', message: 'x' }, 401) });
    renderWith(<FailingQuery />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('An error occurred')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('an error with nowhere else to go opens the global dialog once; closing it clears the global error state', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /onboarding/representative/companies': () => jsonResponse({ code: 'CONFLICT', message: 'x' }, 409) });
    renderWith(<UnhandledMutation />);
    await user.click(screen.getByRole('button', { name: 'Do it' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'An error occurred' });
    expect(dialog.querySelector('a[href="mailto:abi@pank.ee"]')).toBeTruthy();
    expect(readGlobalErrorState().isDialogOpen).toBe(true);

    // A second error while it is open does not stack another dialog.
    await user.click(screen.getByRole('button', { name: 'Do it', hidden: true }));
    await waitFor(() => expect(screen.getAllByRole('alertdialog')).toHaveLength(1));

    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(readGlobalErrorState().isDialogOpen).toBe(false);
  });
});
