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

/**
 * Fills the personal information screen and continues to the choice of company, typing back the code mailed to the
 * address (read from the dev mailbox) unless the person confirmed that address before.
 */
export async function givePersonalInformation(page: Page, email = 'esindaja@example.ee'): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Personal information' }).waitFor();
  // A person who confirmed their details before sees them as facts: the journey types them again, as a change.
  const emailField = page.getByLabel('E-mail');
  const change = page.getByRole('button', { name: 'Change my details' });
  await emailField.or(change).waitFor();
  if (await change.isVisible()) await change.click();
  await emailField.fill(email);
  await page.getByLabel('Phone number').fill('+372 5123 4567');
  await page.getByRole('checkbox', { name: /I am aware that the bank queries official databases/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const chooseCompany = page.getByRole('heading', { level: 1, name: 'Choose a company' });
  const confirmation = page.getByRole('heading', { level: 2, name: 'Confirm your e-mail address' });
  await chooseCompany.or(confirmation).waitFor();
  if (await confirmation.isVisible()) await confirmEmailOnScreen(page, email);
  await chooseCompany.waitFor();
}

/**
 * The code in the newest confirmation mail to `email`, as the dev mailbox shows it; the mail goes out through
 * the outbox a moment after the screen asks for the code, so this asks again for up to ten seconds.
 */
export async function confirmationCodeFor(baseUrl: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await fetch(`${baseUrl}/dev/mailbox/messages.json?recipient=${encodeURIComponent(email)}`);
    const messages = (await response.json()) as { template: string; text: string }[];
    const code = /^\d{6}$/m.exec(messages.find((message) => message.template === 'EMAIL_CONFIRMATION_CODE')?.text ?? '')?.[0];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation code was mailed to ${email}`);
}

/** Types the mailed code into the confirmation step of the personal information screen. */
export async function confirmEmailOnScreen(page: Page, email: string): Promise<void> {
  const code = await confirmationCodeFor(new URL(page.url()).origin, email);
  await page.getByRole('textbox', { name: /Confirmation code/ }).fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

/**
 * Answers the overview's questions (first branch, business activity in Estonia, not a financial institution) and
 * continues to signing, or to what signing waits for (its heading given as `readyHeading`).
 */
export async function answerOverview(page: Page, readyHeading: string | RegExp = 'Sign the contract'): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  await page.getByRole('button', { name: 'Choose an office' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an identification location' });
  await picker
    .getByRole('button', { name: /Choose/ })
    .first()
    .click();
  await picker.waitFor({ state: 'hidden' });
  await page.getByRole('checkbox', { name: 'Business activity in Estonia' }).check({ force: true });
  await page.getByRole('group', { name: 'Is the company a financial institution?' }).getByRole('radio', { name: 'No' }).check({ force: true });
  await page.getByRole('radio', { name: /Other active non-financial entity/ }).check({ force: true });
  await page.getByRole('checkbox', { name: /I confirm that the data in the application is correct/ }).check({ force: true });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('heading', { name: readyHeading }).waitFor();
}

/** Signs in for testing, gives personal information and starts the application for `company`: on its first step. */
export async function startApplication(page: Page, baseUrl: string, { personalId, company }: { personalId: string; company: RegExp }): Promise<void> {
  await signInForTesting(page, baseUrl, personalId);
  await givePersonalInformation(page, 'jaak@example.ee');
  await page.locator('label', { hasText: company }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${baseUrl}/start/application/opening-reasons`);
}

/**
 * Opens a mailed invitation's link (its path) on `page` as the person it names: the link asks for their sign-in
 * first, here with Smart-ID by personal code, and then opens the invitation.
 */
export async function openInvitationAs(page: Page, baseUrl: string, path: string, personalId: string): Promise<void> {
  await page.goto(`${baseUrl}${path}?lang=en`);
  await page.waitForURL(`${baseUrl}/start/authentication`);
  await page.getByRole('radio', { name: 'Smart-ID' }).check();
  await page.getByLabel('Personal ID code').first().fill(personalId);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${baseUrl}${path}`);
}
