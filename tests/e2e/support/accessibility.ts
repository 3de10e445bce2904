import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForAnimationsToEnd } from './pages.js';

/** WCAG 2.2's rules (target-size and any axe adds under these tags), which axe leaves off unless asked. */
const WCAG_22_RULES = Object.fromEntries(axe.getRules(['wcag22a', 'wcag22aa']).map((rule) => [rule.ruleId, { enabled: true }]));

/**
 * axe-core over the page as it is once every CSS animation and transition has
 * ended: a modal fading in (docs/requirements.md section 9: 300 ms) has blended
 * colours that no one reads, which axe would report as low contrast. A spinner
 * turns for ever; it is not waited for. Legacy mode runs axe in the page itself
 * (the app has no frames whose results would need merging in a page of their
 * own), and only the violations are detailed: a run then takes a third of the
 * time. WCAG 2.2's rules run too.
 */
export async function expectNoAxeViolations(page: Page, { disabledRules = [] }: { disabledRules?: readonly string[] } = {}): Promise<void> {
  await waitForAnimationsToEnd(page);
  const rules = { ...WCAG_22_RULES, ...Object.fromEntries(disabledRules.map((rule) => [rule, { enabled: false }])) };
  expect(
    (
      await new AxeBuilder({ page })
        .setLegacyMode(true)
        .options({ resultTypes: ['violations'], rules })
        .analyze()
    ).violations,
  ).toEqual([]);
}

/**
 * A mail is shown inside a mail program's page, which has the landmarks and the page's one main heading; the
 * rules about a page's own structure do not apply to it.
 */
export const MAIL_PAGE_RULES = ['landmark-one-main', 'region', 'page-has-heading-one'] as const;
