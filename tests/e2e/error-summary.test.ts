import { describe, expect, it } from 'vitest';
import { focusedElementId } from './support/pages.js';
import { useBrowserSuite } from './support/suite.js';
import { openCompanyInformation } from './support/two-tabs.js';

const suite = useBrowserSuite();

describe('the error summary of the company information step', () => {
  it('after Continue with errors, is focused and in view at the top, and each link brings its field into view', async () => {
    const { page, server } = suite;
    await page.setViewportSize({ width: 360, height: 780 });
    await openCompanyInformation(page, server.baseUrl, { personalId: '38001085718', company: /Jõeorg Konsultatsioonid OÜ/ });
    // The Continue button is at the bottom of a long page.
    await page.getByRole('button', { name: 'Continue' }).last().click();
    const summary = page.getByRole('region', { name: 'Check these fields' });
    await summary.waitFor();
    await expect
      .poll(() => summary.evaluate((element) => element === (element.ownerDocument as unknown as { activeElement: unknown }).activeElement))
      .toBe(true);
    const inView = async (box: { y: number; height: number } | null) => box !== null && box.y >= 0 && box.y + Math.min(box.height, 200) <= 780;
    expect(await inView(await summary.boundingBox())).toBe(true);

    const links = summary.getByRole('link');
    expect(await links.count()).toBeGreaterThan(3);
    await summary.getByRole('link', { name: /^Describe the field of activity\b.*Required field/ }).click();
    const description = page.getByLabel('Describe the field of activity');
    expect(await focusedElementId(page)).toBe(await description.getAttribute('id'));
    // The page may still be scrolling, or a register note above may just have appeared: asked until it settles.
    await expect.poll(async () => inView(await description.boundingBox()), { timeout: 5000 }).toBe(true);

    // A second Continue from the bottom of the page brings the summary back into view.
    await page.getByRole('button', { name: 'Continue' }).last().click();
    await expect.poll(async () => inView(await summary.boundingBox())).toBe(true);
  });
});
