// Screenshots of each application step in Estonian, English and Russian at 1280 and 360 px, after Continue
// with its messages, and of the related person dialog: npm run screenshots:steps [-- out-dir] [--company <code>]
// [--steps <screen,…>]. --company takes one of the register fixture's companies named in COMPANIES below, signed
// in as a board member (by default Jõeorg Konsultatsioonid OÜ); --steps keeps only the screens named (e.g.
// related-persons). Needs a built web app (npm run build). Files go to ./screenshots/steps/ by default.
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { JAAK_KRISTJAN, type ApplicationSubject } from '@onboarding/domain/test-support';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/browser.js';
import { fillStepsThroughApi } from '../tests/e2e/support/api.js';
import { givePersonalInformation } from '../tests/e2e/support/journey.js';
import { newPage, signInForTesting } from '../tests/e2e/support/pages.js';
import { startServer } from '../tests/e2e/support/server.js';

/** OK TESTNUMBER (60001017869, Mobile-ID and Smart-ID test identity): on the board of each company below. */
const okTestnumber = { personalId: '60001017869', firstName: 'OK', lastName: 'TESTNUMBER', birthDate: '2000-01-01' };
const address = (county: string, district: string, city: string, street: string, postalCode: string) => ({
  countryCode: 'EE',
  county,
  district,
  city,
  street,
  postalCode,
});
/** Companies of the register fixture whose related persons show what the register says of the beneficial owners. */
const COMPANIES: Readonly<Record<string, ApplicationSubject>> = {
  // One beneficial owner the register counts but does not name.
  '19020376': {
    company: {
      businessName: 'Varjatud Kasusaaja OÜ',
      registryCode: '19020376',
      legalAddress: address('Pärnu maakond', 'Pärnu linn', 'Pärnu', 'Riia mnt 11', '80010'),
      mainFieldOfActivityCode: '70221',
    },
    person: okTestnumber,
  },
  // A discrepancy notice filed about one of the two beneficial owners.
  '19019226': {
    company: {
      businessName: 'Lahkneva Teatega OÜ',
      registryCode: '19019226',
      legalAddress: address('Harju maakond', 'Tallinn', 'Kesklinna linnaosa', 'Tartu mnt 18', '10115'),
      mainFieldOfActivityCode: '62021',
    },
    person: okTestnumber,
  },
  // Beneficial owners of 55% and 30%, the rest in minority holdings: the confirmation of decision 34.
  '19005661': {
    company: {
      businessName: 'Lõuna Logistika OÜ',
      registryCode: '19005661',
      legalAddress: address('Tartu maakond', 'Tartu linn', 'Tartu', 'Ringtee tn 35', '50105'),
      mainFieldOfActivityCode: '52291',
    },
    person: okTestnumber,
  },
};

const { values: flags, positionals } = parseArgs({ allowPositionals: true, options: { company: { type: 'string' }, steps: { type: 'string' } } });
const outDir = positionals[0] ?? 'screenshots/steps';
const subject = flags.company === undefined ? JAAK_KRISTJAN : COMPANIES[flags.company];
if (!subject) throw new Error(`--company takes one of ${Object.keys(COMPANIES).join(', ')}`);
const only = flags.steps?.split(',');
const steps = (
  [
    ['AccountOpeningReason', 'opening-reasons'],
    ['CompanyData', 'company-information'],
    ['Incomes', 'incomes'],
    ['RelatedPersons', 'related-persons'],
    ['AdditionalData', 'overview'],
  ] as const
).filter(([, screen]) => only === undefined || only.includes(screen));

mkdirSync(outDir, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${outDir}/${name}.png`, fullPage: true });
  console.log(`${outDir}/${name}.png`);
};
try {
  for (const [step, screen] of steps) {
    const page = await newPage(browser, 1280);
    await signInForTesting(page, server.baseUrl, subject.person.personalId);
    await givePersonalInformation(page);
    await fillStepsThroughApi(page, server.baseUrl, subject, step, screen);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const address = page.url().split('?')[0] ?? page.url();
    for (const language of ['et', 'ru', 'en'] as const) {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
        await page.goto(`${address}?lang=${language}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await shot(page, `${screen}-${String(width)}-${language}`);
      }
    }
    await page.getByRole('button', { name: 'Continue', exact: false }).last().click();
    await shot(page, `${screen}-continue-1280-en`);
    if (screen === 'related-persons') {
      await page.getByRole('button', { name: /Add/ }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: /Save/ }).click();
      await shot(page, `${screen}-dialog-1280-en`);
      // The dialog scrolls within itself: every part of it, a screen at a time.
      const body = dialog.locator('form').first();
      for (let part = 1; part <= 6; part += 1) {
        await body.evaluate((element, index) => {
          // The scripts are type-checked without the DOM library: the little of an element this needs.
          type Box = { scrollTop: number; scrollHeight: number; clientHeight: number; parentElement: Box | null };
          let node = element as unknown as Box | null;
          while (node && node.scrollHeight <= node.clientHeight) node = node.parentElement;
          if (node) node.scrollTop = index * 600;
        }, part);
        await shot(page, `${screen}-dialog-${String(part)}-1280-en`);
      }
    }
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.close();
}
