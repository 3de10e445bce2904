import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyWithReload } from './lazy-with-reload';

describe('lazyWithReload', () => {
  const reload = vi.fn();

  beforeEach(() => {
    window.sessionStorage.clear();
    vi.stubGlobal('location', { ...window.location, pathname: '/start/application/incomes', reload });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    reload.mockReset();
  });

  it('returns the module when it loads', async () => {
    await expect(lazyWithReload(async () => 'screen')()).resolves.toBe('screen');
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the same path once when a chunk fails to load', async () => {
    const load = lazyWithReload(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    void load();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('gives the error to the error boundary when the chunk fails again after the reload', async () => {
    window.sessionStorage.setItem('lazy-load-reloaded', '/start/application/incomes');
    const load = lazyWithReload(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    await expect(load()).rejects.toThrow('Failed to fetch');
    expect(reload).not.toHaveBeenCalled();
  });

  it('forgets the reload once the chunk loads again', async () => {
    window.sessionStorage.setItem('lazy-load-reloaded', '/start/application/incomes');
    await lazyWithReload(async () => 'screen')();
    expect(window.sessionStorage.getItem('lazy-load-reloaded')).toBeNull();
  });
});
