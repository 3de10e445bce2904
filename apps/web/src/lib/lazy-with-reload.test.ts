import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyWithReload, RELOAD_WINDOW_MS } from './lazy-with-reload';

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

  const failing = () => lazyWithReload(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
  const reloadedAt = (path: string, at: number) => window.sessionStorage.setItem('lazy-load-reloaded', JSON.stringify({ path, at }));

  it('gives the error to the error boundary when the chunk fails again after the reload', async () => {
    reloadedAt('/start/application/incomes', Date.now() - 1000);
    await expect(failing()()).rejects.toThrow('Failed to fetch');
    expect(reload).not.toHaveBeenCalled();
  });

  it('still gives the error to the error boundary when another part loaded fine meanwhile (the texts, say)', async () => {
    reloadedAt('/start/application/incomes', Date.now() - 1000);
    await lazyWithReload(async () => 'texts')();
    await expect(failing()()).rejects.toThrow('Failed to fetch');
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads again for a failure on another path, or long after the last reload (a later deploy)', async () => {
    reloadedAt('/start/application/company-information', Date.now() - 1000);
    void failing()();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    reloadedAt('/start/application/incomes', Date.now() - RELOAD_WINDOW_MS - 1);
    void failing()();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it('does not reload when storage refuses to remember it', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    await expect(failing()()).rejects.toThrow('Failed to fetch');
    expect(reload).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
