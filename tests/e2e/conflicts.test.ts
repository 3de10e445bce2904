import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readApplication } from './support/api.js';
import { nextDraftSave } from './support/pages.js';
import { duplicateTab, openCompanyInformation, sessionEntries } from './support/two-tabs.js';
import { useBrowserSuite } from './support/suite.js';

const suite = useBrowserSuite();

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
    await nextDraftSave(first);
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

    await nextDraftSave(second);
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
    await nextDraftSave(page);
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
