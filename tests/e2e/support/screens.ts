import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectNoAxeViolations } from './accessibility.js';
import { smallTargets } from './targets.js';

/**
 * The screen in every language at a computer's and a phone's width, each free of axe-core violations and, on the
 * phone, of targets too small for a finger (support/targets.ts), and kept as a
 * screenshot `<folder>/<name>-<language>-<width>.png` when a folder is given; the page ends in English at its first
 * width.
 */
export async function inEveryLanguageAndWidth(page: Page, folder: string | undefined, name: string): Promise<void> {
  const html = page.locator('html');
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const language of ['et', 'ru', 'en'] as const) {
    await page.locator(`header nav button[lang="${language}"]`).click();
    await expect.poll(() => html.getAttribute('lang')).toBe(language);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
      await page.locator('h1').first().waitFor();
      await expectNoAxeViolations(page);
      if (width < 600) expect(await smallTargets(page)).toEqual([]);
      if (folder) await page.screenshot({ path: `${folder}/${name}-${language}-${String(width)}.png`, fullPage: true });
    }
  }
  await page.setViewportSize(size);
}
