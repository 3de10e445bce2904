import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startApplication } from './support/journey.js';
import { nextDraftSave, readSessionStorage } from './support/pages.js';
import { expectNoAxeViolations } from './support/accessibility.js';
import { useBrowserSuite } from './support/suite.js';

const suite = useBrowserSuite();

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: false }).last();

async function fillCompanyInformation(page: Page) {
  await page.getByRole('radio', { name: 'Management board member' }).check({ force: true });
  await page.getByLabel('Business e-mail').fill('info@joeorg.ee');
  await page.getByLabel('Business phone').fill('+372 5555 1234');
  await page.getByLabel('Describe the field of activity').fill('Juhtimis- ja majandusnõustamine väikeettevõtetele');
  await page.getByLabel('Number of employees').fill('3');
  const markets = page.getByRole('combobox', { name: 'Target market countries' });
  await markets.fill('Eston');
  await page
    .getByRole('option', { name: /Estonia/ })
    .first()
    .click();
  for (const question of [
    'Does the company’s activity require a licence?',
    'Is the company listed on a stock exchange?',
    'Does the company have an account in another credit institution?',
    'Has an account of the company been closed in the last 6 months?',
  ]) {
    // Not forced: Playwright waits until the radio stands still and would take the click itself, so a layout
    // settling on a busy machine cannot send the click elsewhere.
    await page.getByRole('group', { name: question }).getByRole('radio', { name: 'No' }).check();
  }
}

describe('application steps 1-3 in Chromium', () => {
  it('fills the three steps, goes back and forth, reloads and changes language midway, and reaches related persons with all data intact', async () => {
    const { page, server } = suite;
    await startApplication(page, server.baseUrl, { personalId: '38001085718', company: /Jõeorg Konsultatsioonid OÜ/ });

    // Step 1: an empty continue explains itself; then two reasons.
    await continueButton(page).click();
    await page
      .getByText(/at least one/i)
      .first()
      .waitFor();
    await page.getByRole('checkbox', { name: /Settlements in Estonia/ }).check({ force: true });
    await page.getByRole('checkbox', { name: /Deposit/ }).check({ force: true });
    await expectNoAxeViolations(page);
    await continueButton(page).click();
    await page.waitForURL(`${server.baseUrl}/start/application/company-information`);

    // Step 2: the company as the application holds it (shown, not edited), pre-filled from the register; the rest
    // typed; a reload midway keeps the typing (autosave).
    await page.getByLabel('Business e-mail').waitFor();
    expect(await page.getByRole('definition').first().textContent()).toBe('Jõeorg Konsultatsioonid OÜ');
    // The company's contacts start as the representative's own, from the personal information screen.
    expect(await page.getByLabel('Business e-mail').inputValue()).toBe('jaak@example.ee');
    expect(await page.getByLabel('Business phone').inputValue()).toBe('+372 5123 4567');
    expect(await page.getByRole('textbox', { name: 'Business name' }).count()).toBe(0);
    await fillCompanyInformation(page);
    await nextDraftSave(page);
    await page.reload();
    await page.getByLabel('Business e-mail').waitFor();
    expect(await page.getByLabel('Business e-mail').inputValue()).toBe('info@joeorg.ee');
    await expectNoAxeViolations(page);
    await continueButton(page).click();
    await page.waitForURL(`${server.baseUrl}/start/application/incomes`);

    // Back to step 1 and forward again: nothing lost.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${server.baseUrl}/start/application/company-information`);
    expect(await page.getByLabel('Describe the field of activity').inputValue()).toContain('majandusnõustamine');
    await page.goto(`${server.baseUrl}/start/application/incomes`);

    // Step 3 with a language change midway.
    await page.getByRole('group', { name: 'Estimated monthly income' }).getByRole('radio').first().check({ force: true });
    await page.getByRole('button', { name: 'Русский' }).click();
    const incomeInRussian = page.getByRole('group', { name: 'Ожидаемый ежемесячный доход' });
    expect(await incomeInRussian.getByRole('radio').first().isChecked()).toBe(true);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('group', { name: 'Estimated monthly payments' }).getByRole('radio', { name: 'Another amount' }).check({ force: true });
    await page.getByLabel('Monthly payments in euros').fill('612 500');
    await page.getByRole('group', { name: 'Monthly cash deposits' }).getByRole('radio', { name: 'None' }).check({ force: true });
    await page.getByRole('group', { name: 'Monthly cash withdrawals' }).getByRole('radio', { name: 'None' }).check({ force: true });
    await page.getByRole('checkbox', { name: /Business activity/ }).check({ force: true });
    await expectNoAxeViolations(page);
    await continueButton(page).click();
    await page.waitForURL(`${server.baseUrl}/start/application/related-persons`);

    // Everything the three steps saved is on the server.
    const processId = await readSessionStorage(page, 'processId');
    const accessToken = await readSessionStorage(page, 'accessToken');
    const application = (await (
      await fetch(`${server.baseUrl}/onboarding/applications/${processId}`, { headers: { authorization: `Bearer ${accessToken}` } })
    ).json()) as { currentStep: string; steps: Record<string, Record<string, unknown>> };
    expect(application.currentStep).toBe('RelatedPersons');
    expect(application.steps.AccountOpeningReason).toMatchObject({ openingReasons: ['DOMESTICSETTLEMENTS', 'DEPOSIT'] });
    expect(application.steps.CompanyData).toMatchObject({
      businessName: 'Jõeorg Konsultatsioonid OÜ',
      businessEmail: 'info@joeorg.ee',
      numberOfEmployees: 3,
      targetMarketCountryCodes: ['EE'],
      representationBasis: 'MANAGEMENT_BOARD_MEMBER',
    });
    expect(JSON.stringify(application.steps.Incomes)).toContain('612500');
  });
});
