import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/i18n';
import { ConflictView } from './conflict-view';
import type { DraftConflict } from './draft-conflict';

const conflict = (resolve: DraftConflict['resolve']): DraftConflict => ({
  step: 'CompanyData',
  fields: [
    { key: 'businessEmail', mine: 'juri@firma.ee', theirs: 'info@firma.ee' },
    { key: 'contactLanguage', mine: 'ET', theirs: '' },
    { key: 'targetMarketCountryCodes', mine: ['EE', 'LV'], theirs: ['FI'] },
  ],
  resolve,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('ConflictView', () => {
  it('names each field both windows changed, with both answers in words; what was typed here is chosen', async () => {
    render(<ConflictView conflict={conflict(vi.fn())} />);
    const dialog = await screen.findByRole('dialog', { name: 'Changed in another window' });
    const email = within(dialog).getByRole('group', { name: 'Business e-mail' });
    expect((within(email).getByRole('radio', { name: /What you typed here/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(email).getByRole('radio', { name: /What was saved in the other window/ }) as HTMLInputElement).checked).toBe(false);
    expect(email.textContent).toContain('juri@firma.ee');
    expect(email.textContent).toContain('info@firma.ee');
    const language = within(dialog).getByRole('group', { name: 'Contact language' });
    expect(language.textContent).toContain('Estonian');
    expect(language.textContent).toContain('Not filled in');
    expect(within(dialog).getByRole('group', { name: 'Target market countries' }).textContent).toContain('EE; LV');
  });

  it('gives the choices to resolve, per field', async () => {
    const resolve = vi.fn();
    render(<ConflictView conflict={conflict(resolve)} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(within(dialog).getByRole('group', { name: 'Business e-mail' })).getByRole('radio', { name: /other window/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use these answers' }));
    expect(resolve).toHaveBeenCalledWith({ businessEmail: 'theirs' });
  });

  it('closing keeps what was typed here', async () => {
    const resolve = vi.fn();
    render(<ConflictView conflict={conflict(resolve)} />);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(resolve).toHaveBeenCalledWith({});
  });

  it('speaks Estonian and Russian too', async () => {
    await i18n.changeLanguage('et');
    const { unmount } = render(<ConflictView conflict={conflict(vi.fn())} />);
    expect((await screen.findByRole('dialog', { name: 'Muudetud teises aknas' })).textContent).toContain('Mida sa siia sisestasid');
    unmount();
    await i18n.changeLanguage('ru');
    render(<ConflictView conflict={conflict(vi.fn())} />);
    expect((await screen.findByRole('dialog', { name: 'Изменено в другом окне' })).textContent).toContain('Что сохранено в другом окне');
  });
});
