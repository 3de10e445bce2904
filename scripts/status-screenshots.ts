// Screenshots of where applications stand after submission, at 360 px and 1280 px in Estonian, English and
// Russian: the company list with a submitted, an approved and a more-information-needed application beside an
// existing account and a blocked company, and the step the bank reopened with the manager's message.
// npm run screenshots:statuses [-- out-dir]. Needs a built web app (npm run build).
import { mkdirSync } from 'node:fs';
import { OK_TESTNUMBER } from '@onboarding/domain/test-support';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { applications } from '../apps/api/src/db/schema.js';
import { callApi, fillStepsThroughApi } from '../tests/e2e/support/api.js';
import { launchBrowser } from '../tests/e2e/support/browser.js';
import { newPage, signInForTesting } from '../tests/e2e/support/pages.js';
import { startServer } from '../tests/e2e/support/server.js';

const outDir = process.argv[2] ?? 'screenshots/statuses';
const widths = [360, 1280];
const locales = ['et', 'en', 'ru'] as const;
const MESSAGE =
  'Tere! Palun lisa <b>müügitulu prognoos</b> järgmiseks 12 kuuks ja täpsusta, kes on ettevõtte tegelikud kasusaajad.\n' +
  'Abi leiad <a href="https://pank.example/abi" target="_blank">juhendist</a>.';

mkdirSync(outDir, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
const shot = async (page: Page, name: string, fullPage = true) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${outDir}/${name}.png`, fullPage });
  console.log(`${outDir}/${name}.png`);
};

/** As if signed and submitted: the screenshots are about what the bank does after it. */
const submit = async (processId: string) => {
  await server.app.database.db
    .update(applications)
    .set({ status: 'SUBMITTED', currentStep: 'ApplicationSubmitted', submittedAt: new Date() })
    .where(eq(applications.processId, processId));
};
const versionOf = async (processId: string) =>
  (await server.app.database.db.select({ version: applications.version }).from(applications).where(eq(applications.processId, processId)))[0]!.version;

try {
  const page = await newPage(browser, 1280);
  await signInForTesting(page, server.baseUrl, OK_TESTNUMBER.person.personalId);
  // Näidis Tehnoloogia OÜ: filled in, submitted, and reopened by the bank for its incomes and related persons.
  const reopened = await fillStepsThroughApi(page, server.baseUrl, OK_TESTNUMBER, 'none', 'overview');
  await submit(reopened);
  await server.app.decisions.recordDecision({
    processId: reopened,
    applicationVersion: await versionOf(reopened),
    decision: { type: 'MORE_INFORMATION_NEEDED', steps: ['RelatedPersons', 'Incomes'], message: MESSAGE },
    clientId: 'screenshots',
  });
  // Põhjala Puit AS submitted; Läänemere Energia AS submitted and approved.
  const created = async (registryCode: string) =>
    (
      (await callApi(page, 'POST', '/onboarding/applications', { source: 'REGISTER', registryCode, registryCountryCode: 'EE' })).json as {
        application: { processId: string };
      }
    ).application.processId;
  await submit(await created('19001278'));
  const approved = await created('19002355');
  await submit(approved);
  await server.app.decisions.recordDecision({
    processId: approved,
    applicationVersion: await versionOf(approved),
    decision: { type: 'APPROVED', accountNumber: 'EE382200221020145685' },
    clientId: 'screenshots',
  });

  for (const locale of locales) {
    for (const width of widths) {
      await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
      await page.goto(`${server.baseUrl}/start/choose-company?lang=${locale}`);
      await page.getByRole('radio').first().waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, `choose-company-${String(width)}-${locale}`);
      await page.goto(`${server.baseUrl}/start/application/incomes?processId=${reopened}&lang=${locale}`);
      await page.locator('blockquote').waitFor();
      await page.waitForLoadState('networkidle');
      // The request and the stepper are at the top; the step's form below them is as before.
      await shot(page, `reopened-step-${String(width)}-${locale}`, false);
    }
  }
  await page.context().close();
} finally {
  await browser.close();
  await server.close();
}
