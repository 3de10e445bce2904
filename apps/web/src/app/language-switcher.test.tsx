import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/i18n';
import { LanguageSwitcher } from './language-switcher';

function renderSwitcher() {
  const router = createMemoryRouter([{ path: '*', element: <LanguageSwitcher /> }], { initialEntries: ['/start/authentication?lang=ru'] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the language switcher', () => {
  afterEach(async () => {
    await i18n.changeLanguage('et');
  });

  it('names each language in its own language, starting with the code it shows (label in name)', () => {
    renderSwitcher();
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => [button.textContent, button.getAttribute('aria-label'), button.getAttribute('lang')])).toEqual([
      ['ET', 'ET, Eesti keel', 'et'],
      ['EN', 'EN, English', 'en'],
      ['RU', 'RU, Русский', 'ru'],
    ]);
    for (const button of buttons) expect(button.getAttribute('aria-label')?.startsWith(button.textContent ?? '')).toBe(true);
  });

  it('marks the current language, switches on click and drops ?lang so the choice stays', async () => {
    const router = renderSwitcher();
    expect(screen.getByRole('button', { name: 'ET, Eesti keel' }).getAttribute('aria-current')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'EN, English' }));
    // The new language's texts load first (i18n.ts), then it switches.
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(screen.getByRole('button', { name: 'EN, English' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'ET, Eesti keel' }).getAttribute('aria-current')).toBeNull();
    expect(router.state.location.search).toBe('');
  });
});
