import type { ReactNode } from 'react';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/i18n';
import { TOAST_DURATION_MS, useToast, type ToastOptions } from './toast-context';
import { ToastProvider } from './toast-provider';

function Trigger({ options, label = 'Notify' }: { options: ToastOptions; label?: string }) {
  const { showToast } = useToast();
  return (
    <button type="button" onClick={() => showToast(options)}>
      {label}
    </button>
  );
}

const wrapper = ({ children }: { children: ReactNode }) => <ToastProvider>{children}</ToastProvider>;
const closeLabel = () => i18n.t('UI.CLOSE_NOTIFICATION');

afterEach(() => {
  vi.useRealTimers();
});

describe('Toast', () => {
  it('announces success and info politely inside a named notifications region', async () => {
    const user = userEvent.setup();
    render(<Trigger options={{ variant: 'success', title: 'You have logged out', message: 'Thank you.' }} />, { wrapper });
    const region = screen.getByRole('region', { name: i18n.t('UI.NOTIFICATIONS') });
    const polite = region.querySelector('[aria-live="polite"]');
    expect(polite?.textContent).toBe('');

    await user.click(screen.getByRole('button', { name: 'Notify' }));
    const title = screen.getByText('You have logged out');
    expect(title.closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
    expect(polite?.textContent).toContain('Thank you.');
  });

  it('announces errors assertively', async () => {
    const user = userEvent.setup();
    render(<Trigger options={{ variant: 'error', title: 'Network error', message: 'Try again.' }} />, { wrapper });
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    expect(screen.getByText('Network error').closest('[aria-live]')?.getAttribute('aria-live')).toBe('assertive');
  });

  it('is reached by keyboard and dismissed by its close button', async () => {
    const user = userEvent.setup();
    render(<Trigger options={{ title: 'Saved', duration: null }} />, { wrapper });
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    await user.tab();
    const close = screen.getByRole('button', { name: closeLabel() });
    expect(document.activeElement).toBe(close);
    await user.keyboard('{Enter}');
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('dismisses itself after the duration', () => {
    vi.useFakeTimers();
    render(<Trigger options={{ title: 'Saved' }} />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('Saved')).toBeDefined();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('waits while it has focus, so a keyboard user can read it', () => {
    vi.useFakeTimers();
    render(<Trigger options={{ title: 'Saved' }} />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    act(() => screen.getByRole('button', { name: closeLabel() }).focus());
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 2));
    expect(screen.getByText('Saved')).toBeDefined();
    act(() => screen.getByRole('button', { name: 'Notify' }).focus());
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('can be dismissed by id', () => {
    const { result } = renderHook(() => useToast(), { wrapper });
    let id = '';
    act(() => {
      id = result.current.showToast({ title: 'First', duration: null });
      result.current.showToast({ title: 'Second', duration: null });
    });
    act(() => result.current.dismissToast(id));
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeDefined();
  });

  it('explains a missing provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useToast())).toThrow(/ToastProvider/);
    vi.restoreAllMocks();
  });
});
