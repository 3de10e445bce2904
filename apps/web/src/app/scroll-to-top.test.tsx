import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

afterEach(() => vi.useRealTimers());

describe('scroll restoration (docs/requirements.md section 2)', () => {
  it('scrolls to the top 500 ms after a navigation, not before, and once per screen', async () => {
    vi.useFakeTimers();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '*', element: <ScrollToTop /> }], { initialEntries: ['/first'] });
    render(<RouterProvider router={router} />);
    await act(() => vi.advanceTimersByTimeAsync(500));
    scrollTo.mockClear();

    await act(() => router.navigate('/second'));
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });

    // A second navigation within the wait restarts it: the screen that stays is the one scrolled.
    scrollTo.mockClear();
    await act(() => router.navigate('/third'));
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(() => router.navigate('/fourth'));
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('leaves the screen where it is when the person clicks, types or scrolls before the wait ends', async () => {
    vi.useFakeTimers();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '*', element: <ScrollToTop /> }], { initialEntries: ['/first'] });
    render(<RouterProvider router={router} />);
    await act(() => vi.advanceTimersByTimeAsync(500));

    for (const input of [new Event('pointerdown'), new KeyboardEvent('keydown', { key: 'Tab' }), new Event('wheel')]) {
      scrollTo.mockClear();
      await act(() => router.navigate(`/after-${input.type}`));
      await act(() => vi.advanceTimersByTimeAsync(200));
      window.dispatchEvent(input);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(scrollTo, input.type).not.toHaveBeenCalled();
    }
  });
});
