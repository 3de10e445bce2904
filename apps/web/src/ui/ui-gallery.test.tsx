import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../i18n/i18n';
import { ICON_NAMES } from './icon';
import { ToastProvider } from './toast';
import { UiGallery } from './ui-gallery';

describe('UiGallery', () => {
  it('shows every icon and opens a modal and a toast', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <ToastProvider>
        <UiGallery />
      </ToastProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: i18n.t('UI.GALLERY.TITLE') })).toBeDefined();
    for (const name of ICON_NAMES) expect(container.querySelector(`[data-icon="${name}"]`)).not.toBeNull();

    const modals = screen.getByRole('region', { name: i18n.t('UI.GALLERY.MODALS') });
    await user.click(within(modals).getAllByRole('button', { name: 'medium' })[0] as HTMLElement);
    expect(screen.getByRole('dialog', { name: i18n.t('UI.GALLERY.MODAL_TITLE') })).toBeDefined();
    await user.keyboard('{Escape}');

    const toasts = screen.getByRole('region', { name: i18n.t('UI.GALLERY.TOASTS') });
    await user.click(within(toasts).getByRole('button', { name: 'error' }));
    expect(screen.getByText(i18n.t('UI.GALLERY.TOAST_ERROR_TITLE'))).toBeDefined();
  });
});
