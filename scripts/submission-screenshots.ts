// Screenshots of what follows a submission and of the "link has been sent"
// dialog, at 360 px and 1280 px in Estonian, English and Russian: the success page, the
// company choice after submission, and the save-and-continue-later dialog.
// npm run screenshots:submission [-- out-dir]. Needs a built web app (npm run build).
import { mkdirSync } from 'node:fs';
import { JAAK_KRISTJAN, OK_TESTNUMBER } from '@onboarding/domain/test-support';
import type { Page } from 'playwright-core';
import { callApi, fillStepsThroughApi } from '../tests/e2e/support/api.js';
import { launchBrowser } from '../tests/e2e/support/browser.js';
import { newPage, signInForTesting } from '../tests/e2e/support/pages.js';
import { startServer } from '../tests/e2e/support/server.js';
import { playThePhone } from '../tests/e2e/support/smart-id.js';

const outDir = process.argv[2] ?? 'screenshots/submission';
const widths = [360, 1280];
const locales = [
  { locale: 'et', open: 'Salvesta ja jätka hiljem', confirm: 'Salvesta ja saada link', sent: 'Link on saadetud' },
  { locale: 'en', open: 'Save and continue later', confirm: 'Save and send the link', sent: 'The link has been sent' },
  { locale: 'ru', open: 'Сохранить и продолжить позже', confirm: 'Сохранить и отправить ссылку', sent: 'Ссылка отправлена' },
] as const;

mkdirSync(outDir, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
const shot = async (page: Page, name: string, fullPage = true) => {
  await page.waitForTimeout(400);
  // A dialog is seen over the viewport, as the person sees it.
  await page.screenshot({ path: `${outDir}/${name}.png`, fullPage });
  console.log(`${outDir}/${name}.png`);
};
try {
  // A submission with the service fee follow-up, signed with the simulated Smart-ID.
  const page = await newPage(browser, 1280);
  await signInForTesting(page, server.baseUrl, OK_TESTNUMBER.person.personalId);
  const processId = await fillStepsThroughApi(page, server.baseUrl, OK_TESTNUMBER, 'none', 'overview');
  const { signingSessionId, deviceLink } = (await callApi(page, 'POST', `/onboarding/applications/${processId}/signing`, { method: 'SMART_ID' })).json as {
    signingSessionId: string;
    deviceLink?: string;
  };
  // Not signed in with Smart-ID: the person's phone scans the QR code, and PIN2 follows there.
  if (deviceLink) {
    await playThePhone(server.app.identitySimulators?.smartIdBaseUrl ?? '', {
      documentNumber: `PNOEE-${OK_TESTNUMBER.person.personalId}-MOCK-Q`,
      deviceLink,
      flowType: 'QR',
    });
  }
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const { state } = (await callApi(page, 'GET', `/onboarding/applications/${processId}/signing/${signingSessionId}`)).json as { state: string };
    if (state !== 'WAITING_FOR_PIN2') break;
    await page.waitForTimeout(500);
  }
  for (const { locale } of locales) {
    for (const width of widths) {
      await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
      await page.goto(`${server.baseUrl}/start/success?lang=${locale}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, `success-${String(width)}-${locale}`);
      await page.goto(`${server.baseUrl}/start/choose-company?lang=${locale}`);
      await page.getByRole('radio').first().waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, `choose-company-${String(width)}-${locale}`);
    }
  }
  await page.context().close();

  // The link-sent dialog: one mail per language (the send limits allow a few an hour), looked at in both widths.
  const later = await newPage(browser, 1280);
  await signInForTesting(later, server.baseUrl, JAAK_KRISTJAN.person.personalId);
  await fillStepsThroughApi(later, server.baseUrl, JAAK_KRISTJAN, 'Incomes', 'incomes');
  for (const { locale, open, confirm, sent } of locales) {
    await later.setViewportSize({ width: 1280, height: 900 });
    await later.goto(`${server.baseUrl}/start/application/incomes?lang=${locale}`);
    await later.getByRole('heading', { level: 1 }).waitFor();
    await later.getByRole('button', { name: open }).click();
    await later.getByRole('button', { name: confirm }).click();
    await later.getByRole('dialog', { name: sent }).waitFor();
    for (const width of widths) {
      await later.setViewportSize({ width, height: width < 600 ? 780 : 900 });
      await shot(later, `link-sent-${String(width)}-${locale}`, false);
    }
  }
  await later.context().close();
} finally {
  await browser.close();
  await server.close();
}
