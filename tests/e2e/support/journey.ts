import type { Page } from 'playwright-core';

/** Signs in with Smart-ID through the form, as a person does, and waits for the screen after sign-in. */
export async function signInWithSmartId(page: Page, baseUrl: string, personalId: string): Promise<void> {
  await page.goto(`${baseUrl}/start/authentication?lang=en`);
  await page.getByRole('radio', { name: 'Smart-ID' }).check();
  await page.getByLabel('Personal ID code').first().fill(personalId);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/start\/(personal-information|application)/, { timeout: 20_000 });
}

/** Fills the personal information screen and continues to the choice of company. */
export async function givePersonalInformation(page: Page, email = 'esindaja@example.ee'): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Personal information' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone number').fill('+372 5123 4567');
  await page.getByRole('checkbox', { name: /I am aware that the bank queries official databases/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { level: 1, name: 'Choose a company' }).waitFor();
}
