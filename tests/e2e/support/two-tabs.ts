import type { Page } from 'playwright-core';
import { startApplication } from './journey.js';

type StorageGlobals = {
  sessionStorage: { length: number; key(index: number): string | null; getItem(key: string): string | null; setItem(key: string, value: string): void };
};

export const sessionEntries = (page: Page): Promise<[string, string][]> =>
  page.evaluate(() => {
    const { sessionStorage } = globalThis as unknown as StorageGlobals;
    return Array.from({ length: sessionStorage.length }, (_, index) => sessionStorage.key(index) ?? '').map((key): [string, string] => [
      key,
      sessionStorage.getItem(key) ?? '',
    ]);
  });

/** Signs in, starts the application for the representative's company and opens the company information step. */
export async function openCompanyInformation(page: Page, baseUrl: string, { personalId, company }: { personalId: string; company: RegExp }): Promise<void> {
  await startApplication(page, baseUrl, { personalId, company });
  await page.getByRole('checkbox', { name: /Deposit/ }).check({ force: true });
  await page.getByRole('button', { name: 'Continue' }).last().click();
  await page.waitForURL(`${baseUrl}/start/application/company-information`);
  await page.getByLabel('Business e-mail').waitFor();
}

/** A second tab of the same browser and session, as a duplicated tab has, on the same screen. */
export async function duplicateTab(page: Page): Promise<Page> {
  const entries = await sessionEntries(page);
  const second = await page.context().newPage();
  await second.addInitScript((stored) => {
    const { sessionStorage } = globalThis as unknown as StorageGlobals;
    // Only on the first load: a reload must read what the tab itself stored since.
    if (sessionStorage.getItem('accessToken') === null) for (const [key, value] of stored) sessionStorage.setItem(key, value);
  }, entries);
  await second.goto(page.url());
  await second.getByLabel('Business e-mail').waitFor();
  return second;
}
