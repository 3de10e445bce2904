import type { Page } from 'playwright-core';
import { signInForTesting } from './pages.js';

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

/** Answers the overview's questions (first branch, business activity in Estonia, not a financial institution) and continues to signing. */
export async function answerOverview(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  await page.getByRole('button', { name: 'Choose an office' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an identification location' });
  await picker.getByRole('button', { name: /Choose/ }).first().click();
  await picker.waitFor({ state: 'hidden' });
  await page.getByRole('checkbox', { name: 'Business activity in Estonia' }).check({ force: true });
  await page.getByRole('group', { name: 'Is the company a financial institution?' }).getByRole('radio', { name: 'No' }).check({ force: true });
  await page.getByRole('radio', { name: /Other active non-financial entity/ }).check({ force: true });
  await page.getByRole('checkbox', { name: /I confirm that the data in the application is correct/ }).check({ force: true });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('heading', { name: 'Sign the contract' }).waitFor();
}

/** Signs in for testing, gives personal information and starts the application for `company`: on its first step. */
export async function startApplication(page: Page, baseUrl: string, { personalId, company }: { personalId: string; company: RegExp }): Promise<void> {
  await signInForTesting(page, baseUrl, personalId);
  await givePersonalInformation(page, 'jaak@example.ee');
  await page.locator('label', { hasText: company }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${baseUrl}/start/application/opening-reasons`);
}
