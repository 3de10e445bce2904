import type { Browser, Page } from 'playwright-core';

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
