import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n/i18n';
import { Component as AuthenticationErrorPage, messageKeyFromParam } from './authentication-error-page';

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '/authentication-error', element: <AuthenticationErrorPage /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('authentication error screen', () => {
  it('shows the title and message of the error-code key', () => {
    renderAt('/authentication-error?error-code=SID.TIMEOUT');
    expect(screen.getByRole('heading', { level: 1, name: 'Smart-ID sign-in timed out' })).toBeTruthy();
    expect(screen.getByText(/did not confirm the sign-in in the Smart-ID app/)).toBeTruthy();
  });

  it('defaults to the technical error', () => {
    renderAt('/authentication-error');
    expect(screen.getByRole('heading', { level: 1, name: 'An error occurred' })).toBeTruthy();
    expect(messageKeyFromParam('VALIDATION.required')).toBe('COMMON.TECHNICAL_ERROR');
    expect(messageKeyFromParam('MID.DEVICE_PROBLEM')).toBe('MID.DEVICE_PROBLEM');
  });

  it('offers Try again and Back to home', () => {
    renderAt('/authentication-error?error-code=MID.TIMEOUT');
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/authentication');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});
