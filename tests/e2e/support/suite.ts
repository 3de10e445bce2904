import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser.js';
import { newPage } from './pages.js';
import { startServer, type RunningServer } from './server.js';

export type BrowserSuite = { readonly server: RunningServer; readonly browser: Browser; readonly page: Page };

/**
 * One server and one Chromium for a spec file, and a fresh page (a new
 * visitor) for each test. Call at the top of the file.
 */
export function useBrowserSuite(env: Record<string, string> = {}): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(async () => {
    if (browser) page = await newPage(browser);
  });
  afterEach(async () => {
    await page?.context().close();
  });

  const required = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is not ready: use the suite inside tests`);
    return value;
  };
  return {
    get server() {
      return required(server, 'server');
    },
    get browser() {
      return required(browser, 'browser');
    },
    get page() {
      return required(page, 'page');
    },
  };
}
