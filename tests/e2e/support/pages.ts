import type { Browser, Locator, Page } from 'playwright-core';

/** A fresh browser context and page, as a new visitor has. */
export async function newPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 780 : 900 } });
  return context.newPage();
}

/** Signs in through the test sign-in form (magic sign-in), for journeys that start after sign-in. */
export async function signInForTesting(page: Page, baseUrl: string, personalId = '38001085718'): Promise<void> {
  await page.goto(`${baseUrl}/start/authentication?lang=en`);
  const section = page.getByRole('region', { name: 'Test sign-in' });
  await section.getByLabel('Personal ID code').fill(personalId);
  await section.getByRole('button', { name: 'Sign in for testing' }).click();
  await page.waitForURL(`${baseUrl}/start/personal-information`);
  // The screen has rendered, so the signed-in layout and its session clock run.
  await page.getByRole('heading', { level: 1, name: 'Personal information' }).waitFor();
}

// The page's globals as the callbacks below use them; the tests are type-checked without the DOM library.
type PageGlobals = {
  sessionStorage: { getItem(key: string): string | null };
  document: { activeElement: { id: string } | null; querySelector(selector: string): unknown };
};

type AnimatedDocument = { getAnimations(): { finished: Promise<unknown>; effect: { getComputedTiming(): { iterations: number } } | null }[] };

/** Waits until every CSS animation and transition of the page has ended; one that runs for ever (a spinner) is not waited for. */
export async function waitForAnimationsToEnd(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      (globalThis as unknown as { document: AnimatedDocument }).document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().iterations ?? 1))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The sign-in screen comes drawn by the server with its controls disabled until the app has hydrated them
 * (apps/web/src/features/auth/controls-until-hydrated.tsx). Clicks and typing wait for that by themselves;
 * focusing by script does not, and axe would read the colours of controls still fading in from disabled.
 */
export async function waitForHydratedControls(page: Page): Promise<void> {
  await page.waitForFunction(() => (globalThis as unknown as PageGlobals).document.querySelector('fieldset[disabled]') === null);
  await waitForAnimationsToEnd(page);
}

/** A value the web app keeps in session storage (docs/requirements.md section 3: tokens, processId, clockOffset). */
export const readSessionStorage = (page: Page, key: string): Promise<string | null> =>
  page.evaluate((name) => (globalThis as unknown as PageGlobals).sessionStorage.getItem(name), key);

/** The id of the element that has the keyboard focus. */
export const focusedElementId = (page: Page): Promise<string | undefined> =>
  page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.id);

/**
 * Moves the keyboard focus with Tab (Shift+Tab when `backwards`) until it is
 * on `target`, as a keyboard user gets there; fails if it never arrives.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, maxPresses = 60 } = {}): Promise<void> {
  const handle = await target.elementHandle();
  if (!handle) throw new Error('tabTo: the target is not on the page');
  for (let press = 0; press < maxPresses; press += 1) {
    if (await handle.evaluate((element) => element === (element.ownerDocument as unknown as { activeElement: unknown }).activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`tabTo: ${String(target)} was not reached in ${String(maxPresses)} presses`);
}

/**
 * Resolves once the step's draft is saved with everything done on the page so far: the next draft save sent
 * after the call (autosave waits for a pause in typing, so it carries every earlier change), answered.
 */
export async function nextDraftSave(page: Page): Promise<void> {
  const request = await page.waitForRequest((sent) => sent.method() === 'PUT' && sent.url().includes('/drafts/'));
  const response = await request.response();
  if (!response?.ok()) throw new Error(`the draft save was answered ${String(response?.status())}`);
}
