const RELOAD_FLAG = 'lazy-load-reloaded';

/** A second failure on a path within this time of its reload is not a deploy the reload could fix. */
export const RELOAD_WINDOW_MS = 30_000;

type Reload = { path: string; at: number };

/**
 * docs/requirements.md section 2: a failed load of a lazily loaded part triggers a full
 * reload of the same path. After a deploy, old chunk names vanish; one reload fetches the
 * new index.html. A note in session storage of when each path last reloaded keeps
 * it to one reload per path within RELOAD_WINDOW_MS, so a part that keeps failing
 * reaches the error boundary instead of looping. The note is not cleared when a
 * part loads: the texts or another part loading fine says nothing of the part that failed.
 */
export function lazyWithReload<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      const path = window.location.pathname;
      const last = readReload();
      const isReloadedJustNow = last?.path === path && Date.now() - last.at < RELOAD_WINDOW_MS;
      if (!isReloadedJustNow && writeReload({ path, at: Date.now() })) {
        window.location.reload();
        // Keep the router waiting while the page reloads.
        return new Promise<T>(() => undefined);
      }
      throw error;
    }
  };
}

function readReload(): Reload | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(RELOAD_FLAG) ?? 'null') as Partial<Reload> | null;
    return typeof value?.path === 'string' && typeof value.at === 'number' ? { path: value.path, at: value.at } : null;
  } catch {
    return null;
  }
}

/** False when storage refuses: without a remembered reload, no reload is better than a loop. */
function writeReload(reload: Reload): boolean {
  try {
    window.sessionStorage.setItem(RELOAD_FLAG, JSON.stringify(reload));
    return true;
  } catch {
    return false;
  }
}
