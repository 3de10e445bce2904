// Screenshots of the conflict view, which opens when two windows changed the same answers:
// npm run screenshots:conflict [-- out-dir]. 360 and 1280 px, in Estonian, English and Russian.
// Needs a built web app (npm run build). Files go to ./screenshots/conflict/ by default.
import { mkdirSync } from 'node:fs';
import { launchBrowser } from '../tests/e2e/support/browser.js';
import { newPage } from '../tests/e2e/support/pages.js';
import { startServer } from '../tests/e2e/support/server.js';
import { duplicateTab, openCompanyInformation } from '../tests/e2e/support/two-tabs.js';

const outDir = process.argv[2] ?? 'screenshots/conflict';
const languages = [
  ['et', 'Eesti'],
  ['en', 'English'],
  ['ru', 'Русский'],
] as const;
const widths = [360, 1280];

mkdirSync(outDir, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  const first = await newPage(browser, 1280);
  await openCompanyInformation(first, server.baseUrl, { personalId: '38001085718', company: /Jõeorg Konsultatsioonid OÜ/ });
  const second = await duplicateTab(first);
  const field = (name: string) => `input[name="${name}"]`;
  let round = 0;
  for (const width of widths) {
    await second.setViewportSize({ width, height: width < 600 ? 780 : 900 });
    for (const [language, button] of languages) {
      round += 1;
      await second.getByRole('button', { name: button }).click();
      // The first window starts from the latest version and saves an e-mail and a phone.
      await first.reload();
      await first.locator(field('businessEmail')).fill(`arved${String(round)}@joeorg.ee`);
      await first.locator(field('businessPhone')).fill(`+372 5555 1${String(round).padStart(3, '0')}`);
      await first.waitForTimeout(1600);
      await first.locator('[data-state="saved"]').waitFor();
      // The second changes the same two fields: the conflict view opens.
      await second.locator(field('businessEmail')).fill(`juhatus${String(round)}@joeorg.ee`);
      await second.locator(field('businessPhone')).fill(`+372 5555 2${String(round).padStart(3, '0')}`);
      const dialog = second.getByRole('dialog');
      await dialog.waitFor();
      await second.waitForTimeout(500);
      const path = `${outDir}/conflict-${String(width)}-${language}.png`;
      await second.screenshot({ path });
      console.log(path);
      await dialog.getByRole('button').last().click();
      await dialog.waitFor({ state: 'detached' });
      await second.waitForTimeout(1600);
      await second.locator('[data-state="saved"]').waitFor();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
