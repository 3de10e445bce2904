import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n/i18n';
import { AuthenticationErrorPage, messageKeyFromParam } from './authentication-error-page';

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

  it.each([
    ['et', 'ID-kaardi tarkvara juhised ID.ee lehel (avaneb uuel vahelehel)', 'https://www.id.ee/'],
    ['en', 'ID-card software instructions on ID.ee (opens in a new tab)', 'https://www.id.ee/en/'],
    ['ru', 'Инструкции по программе для ID-карты на сайте ID.ee (откроется в новой вкладке)', 'https://www.id.ee/ru/'],
  ])('a browser without ID-card support links to the install instructions (%s)', async (language, name, href) => {
    await i18n.changeLanguage(language);
    try {
      renderAt('/authentication-error?error-code=IDC.NO_IMPLEMENTATION');
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the install instructions only with the message that calls for them', () => {
    renderAt('/authentication-error?error-code=IDC.NO_CERTIFICATES');
    expect(screen.queryByRole('link', { name: /ID\.ee/ })).toBeNull();
  });

  it('offers Try again and Back to home', () => {
    renderAt('/authentication-error?error-code=MID.TIMEOUT');
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/authentication');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});
