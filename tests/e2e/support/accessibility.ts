import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

type AnimatedDocument = { getAnimations(): { finished: Promise<unknown> }[] };

/**
 * axe-core over the page as it is once every CSS animation and transition has
 * ended: a modal fading in (SPEC.md section 9: 300 ms) has blended colours
 * that no one reads, which axe would report as low contrast.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all((globalThis as unknown as { document: AnimatedDocument }).document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}
