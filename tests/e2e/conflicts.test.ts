import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readApplication } from './support/api.js';
import { givePersonalInformation } from './support/journey.js';
import { signInForTesting } from './support/pages.js';
import { useBrowserSuite } from './support/suite.js';

const suite = useBrowserSuite();

type StorageGlobals = { sessionStorage: { length: number; key(index: number): string | null; getItem(key: string): string | null; setItem(key: string, value: string): void } };

const sessionEntries = (page: Page): Promise<[string, string][]> =>
  page.evaluate(() => {
    const { sessionStorage } = globalThis as unknown as StorageGlobals;
    return Array.from({ length: sessionStorage.length }, (_, index) => sessionStorage.key(index) ?? '').map((key): [string, string] => [key, sessionStorage.getItem(key) ?? '']);
  });

/** Signs in, starts the application for the representative's company and opens the company information step. */
async function openCompanyInformation(page: Page, baseUrl: string, { personalId, company }: { personalId: string; company: RegExp }): Promise<void> {
  await signInForTesting(page, baseUrl, personalId);
  await givePersonalInformation(page, 'jaak@example.ee');
  await page.locator('label', { hasText: company }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: /Deposit/ }).check({ force: true });
  await page.getByRole('button', { name: 'Continue' }).last().click();
  await page.waitForURL(`${baseUrl}/start/application/company-information`);
  await page.getByLabel('Business e-mail').waitFor();
}

/** A second tab of the same browser and session, as a duplicated tab has, on the same screen. */
async function duplicateTab(page: Page): Promise<Page> {
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

const savedState = (page: Page) => page.getByText('All changes saved').waitFor();

describe('two windows of the same application', () => {
  it('merges what each typed, and asks which to keep where both changed the same field', async () => {
    const { page: first, server } = suite;
    await openCompanyInformation(first, server.baseUrl, { personalId: '38001085718', company: /Jõeorg Konsultatsioonid OÜ/ });
    const second = await duplicateTab(first);

    // The first tab saves an e-mail, a phone and the number of employees.
    await first.getByLabel('Business e-mail').fill('first@joeorg.ee');
    await first.getByLabel('Business phone').fill('+372 5555 1111');
    await first.getByLabel('Number of employees').fill('7');
    await first.waitForTimeout(1600);
    await savedState(first);

    // The second tab, which never saw that, changes the e-mail and the phone too, and describes the activity.
    await second.getByLabel('Business e-mail').fill('second@joeorg.ee');
    await second.getByLabel('Business phone').fill('+372 5555 2222');
    await second.getByLabel('Describe the field of activity').fill('Majandusnõustamine');

    const dialog = second.getByRole('dialog', { name: 'Changed in another window' });
    await dialog.waitFor();
    const email = dialog.getByRole('group', { name: 'Business e-mail' });
    expect(await email.textContent()).toContain('second@joeorg.ee');
    expect(await email.textContent()).toContain('first@joeorg.ee');
    expect(await email.getByRole('radio', { name: /What you typed here/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole('group', { name: 'Business phone' }).count()).toBe(1);
    // The field only the first tab changed is already in, behind the dialog.
    expect(await second.getByLabel('Number of employees').inputValue()).toBe('7');

    // The first tab's e-mail, this tab's phone.
    await email.getByRole('radio', { name: /What was saved in the other window/ }).check({ force: true });
    await dialog.getByRole('button', { name: 'Use these answers' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await second.getByLabel('Business e-mail').inputValue()).toBe('first@joeorg.ee');
    expect(await second.getByLabel('Business phone').inputValue()).toBe('+372 5555 2222');

    await second.waitForTimeout(1600);
    await savedState(second);
    const draft = (await readApplication(second)).drafts.CompanyData as Record<string, unknown>;
    expect(draft).toMatchObject({
      businessEmail: 'first@joeorg.ee',
      businessPhone: '+372 5555 2222',
      numberOfEmployees: '7',
      fieldOfActivityDescription: 'Majandusnõustamine',
    });
    await second.close();
  });

  it('keeps typing the server has not got over a reload and leaving the tab, saves it later, and forgets it on logout', async () => {
    const { page, server } = suite;
    await openCompanyInformation(page, server.baseUrl, { personalId: '40504040001', company: /Näidis Tehnoloogia OÜ/ });
    const description = page.getByLabel('Describe the field of activity');
    const hasUnsavedEdits = async () => (await sessionEntries(page)).some(([key]) => key.startsWith('unsavedEdits:'));
    // Draft saves fail, the one a leaving page sends too.
    const failDraftSaves = (isFailing: boolean) => server.failRequests(isFailing ? (method, path) => method === 'PUT' && path.includes('/drafts/') : null);
    failDraftSaves(true);
    await description.fill('Raamatupidamine väikeettevõtetele');
    await page.getByText('Changes not saved yet').waitFor();

    await page.reload();
    await page.getByLabel('Business e-mail').waitFor();
    expect(await description.inputValue()).toBe('Raamatupidamine väikeettevõtetele');
    // Away from the application and back in the same tab, as a tab the browser reopens keeps its session storage.
    const address = page.url();
    await page.goto('about:blank');
    await page.goto(address);
    await page.getByLabel('Business e-mail').waitFor();
    expect(await description.inputValue()).toBe('Raamatupidamine väikeettevõtetele');
    const held = (await readApplication(page)).drafts.CompanyData as { fieldOfActivityDescription?: string } | undefined;
    expect(held?.fieldOfActivityDescription ?? '').toBe('');
    expect(await hasUnsavedEdits()).toBe(true);

    // Once saves get through, it is saved as typing is, and session storage has nothing left to keep.
    failDraftSaves(false);
    await description.fill('Raamatupidamine väikeettevõtetele ja kohvikutele');
    await page.waitForTimeout(1600);
    await savedState(page);
    const saved = (await readApplication(page)).drafts.CompanyData as { fieldOfActivityDescription?: string };
    expect(saved.fieldOfActivityDescription).toBe('Raamatupidamine väikeettevõtetele ja kohvikutele');
    expect(await hasUnsavedEdits()).toBe(false);

    // Typed again while saves fail, then logging out: nothing of it stays in the tab.
    failDraftSaves(true);
    await description.fill('Raamatupidamine');
    await page.getByText('Changes not saved yet').waitFor();
    expect(await hasUnsavedEdits()).toBe(true);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${server.baseUrl}/start/authentication`);
    failDraftSaves(false);
    expect(await hasUnsavedEdits()).toBe(false);
  });
});
