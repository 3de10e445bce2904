const RELOAD_FLAG = 'lazy-load-reloaded';

/**
 * SPEC.md section 2: a failed load of a lazily loaded part triggers a full reload
 * of the same path. After a deploy, old chunk names vanish; one reload fetches the
 * new index.html. A flag in session storage keeps it to one reload per path, so a
 * chunk that keeps failing reaches the error boundary instead of looping.
 */
export function lazyWithReload<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const path = window.location.pathname;
    try {
      const loaded = await load();
      if (readFlag() === path) clearFlag();
      return loaded;
    } catch (error) {
      if (readFlag() !== path && writeFlag(path)) {
        window.location.reload();
        // Keep the router waiting while the page reloads.
        return new Promise<T>(() => undefined);
      }
      throw error;
    }
  };
}

function readFlag(): string | null {
  try {
    return window.sessionStorage.getItem(RELOAD_FLAG);
  } catch {
    return null;
  }
}

/** False when storage refuses: without a remembered reload, no reload is better than a loop. */
function writeFlag(path: string): boolean {
  try {
    window.sessionStorage.setItem(RELOAD_FLAG, path);
    return true;
  } catch {
    return false;
  }
}

function clearFlag(): void {
  try {
    window.sessionStorage.removeItem(RELOAD_FLAG);
  } catch {
    // Nothing to clear.
  }
}
