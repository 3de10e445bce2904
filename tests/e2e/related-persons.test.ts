import { OK_TESTNUMBER, type ApplicationSubject } from '@onboarding/domain/test-support';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillStepsThroughApi, readApplication } from './support/api.js';
import { givePersonalInformation } from './support/journey.js';
import { signInForTesting, tabTo } from './support/pages.js';
import { expectNoAxeViolations } from './support/accessibility.js';
import { useBrowserSuite } from './support/suite.js';

const suite = useBrowserSuite();

/** Põhjala Puit AS: owned through Põhjala Grupp OÜ, which Laane Invest OÜ half owns (the register fixture's two-level chain). */
const CHAIN: ApplicationSubject = { ...OK_TESTNUMBER, company: { businessName: 'Põhjala Puit AS', registryCode: '19001278' } };

async function openRelatedPersons(page: Page, baseUrl: string, subject: ApplicationSubject) {
  await signInForTesting(page, baseUrl, subject.person.personalId);
  await givePersonalInformation(page);
  await fillStepsThroughApi(page, baseUrl, subject, 'RelatedPersons', 'related-persons');
  await page.getByRole('heading', { level: 1, name: 'Related persons' }).waitFor();
}

const tree = (page: Page) => page.getByRole('region', { name: 'Ownership structure' });
const summary = (page: Page) => page.getByRole('region', { name: 'Check before continuing' });
const card = (page: Page, name: string) => page.getByRole('article', { name });

describe('related persons in Chromium', () => {
  it('pre-fills the two-level chain from the register, explains a broken total, and takes a PEP, a second tax residence and a legal-entity owner', async () => {
    const { page, server } = suite;
    await openRelatedPersons(page, server.baseUrl, CHAIN);

    // The chain as the register has it: the holding, its two owners, and the owner of the second holding.
    const structure = tree(page);
    await structure.getByText('Põhjala Grupp OÜ').first().waitFor();
    for (const name of ['Põhjala Grupp OÜ', 'Laane Invest OÜ', 'JAAK-KRISTJAN JÕEORG', 'OK TESTNUMBER']) {
      await expect.poll(() => structure.getByText(name, { exact: false }).count()).toBeGreaterThan(0);
    }
    expect(await structure.locator('ul ul ul').count()).toBeGreaterThan(0);
    await expect.poll(() => card(page, 'Laane Invest OÜ').getByText('From the Business Register').count()).toBe(1);
    await expectNoAxeViolations(page);

    // Laane Invest OÜ's share in Põhjala Grupp OÜ from 50% to 40%: the nested level no longer adds up, and the page says so.
    await card(page, 'Põhjala Grupp OÜ').getByRole('button', { name: /^Edit/ }).click();
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    await modal.getByLabel('Share in Põhjala Puit AS').fill('85');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });
    await summary(page).getByText('First-level owners hold 85%; 15% is not accounted for.').waitFor();
    await card(page, 'Põhjala Grupp OÜ').getByText('First-level owners hold 85%; 15% is not accounted for.').waitFor();
    expect(await card(page, 'Põhjala Grupp OÜ').getByText('From the Business Register').count()).toBe(0);
    await card(page, 'Põhjala Grupp OÜ').getByRole('button', { name: /^Edit/ }).click();
    await modal.getByLabel('Share in Põhjala Puit AS').fill('100');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect
      .poll(() =>
        summary(page)
          .getByText(/not accounted for/)
          .count(),
      )
      .toBe(0);

    // A legal-entity owner: its name comes from the register, which answers about the companies she represents
    // (here her one-person OÜ) and the application's chain, nobody else's; Põhjala Grupp OÜ gives up 10%.
    await page.getByRole('button', { name: 'Add a legal entity' }).click();
    await modal.getByLabel('Registry code (optional)').fill('19000149');
    await expect.poll(() => modal.getByLabel('Business name').inputValue()).toBe('Näidis Tehnoloogia OÜ');
    await modal.getByLabel('Share in Põhjala Puit AS').fill('10');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });
    await card(page, 'Põhjala Grupp OÜ').getByRole('button', { name: /^Edit/ }).click();
    await modal.getByLabel('Share in Põhjala Puit AS').fill('90');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });
    await structure.getByText('Näidis Tehnoloogia OÜ').waitFor();
    await expect
      .poll(() =>
        summary(page)
          .getByText(/not accounted for|too much/)
          .count(),
      )
      .toBe(0);
    await expectNoAxeViolations(page);
  });

  it('on a phone: the summary waits for Continue, tells the namesakes apart, and the full-screen person dialog survives a reload', async () => {
    const { page, server } = suite;
    await page.setViewportSize({ width: 360, height: 740 });
    await openRelatedPersons(page, server.baseUrl, CHAIN);
    await card(page, 'Laane Invest OÜ').waitFor();
    // Nothing done yet: no list of what is wrong.
    expect(await summary(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await summary(page).waitFor();
    // The register's namesakes: each link says whom it means.
    const links = await summary(page)
      .getByRole('link', { name: /^Complete the details of OK TESTNUMBER, / })
      .allTextContents();
    expect(links.length).toBeGreaterThan(1);
    expect(new Set(links).size).toBe(links.length);

    await page.getByRole('button', { name: 'Add a private person' }).click();
    const modal = page.getByRole('dialog', { name: 'Add a private person' });
    await modal.waitFor();
    await expect.poll(() => modal.boundingBox()).toEqual({ x: 0, y: 0, width: 360, height: 740 });
    await modal.getByLabel('First name', { exact: true }).fill('Anna');
    await modal.getByLabel('Last name', { exact: true }).fill('Virtanen');
    await page.reload();
    await modal.waitFor();
    await modal.getByText('What you typed before the page was reloaded is back. Save to keep it.').waitFor();
    expect(await modal.getByLabel('First name', { exact: true }).inputValue()).toBe('Anna');
    expect(await modal.getByLabel('Last name', { exact: true }).inputValue()).toBe('Virtanen');
    // Cancelled, it is gone for good.
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.reload();
    await card(page, 'Laane Invest OÜ').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('adds a politically exposed person with two tax residences by keyboard alone', async () => {
    const { page, server } = suite;
    await openRelatedPersons(page, server.baseUrl, CHAIN);
    const addPerson = page.getByRole('button', { name: 'Add a private person' });
    await tabTo(page, addPerson);
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Add a private person' });
    await modal.waitFor();
    await expectNoAxeViolations(page);

    const type = async (label: string | RegExp, text: string, scope = modal) => {
      await tabTo(page, scope.getByLabel(label, { exact: typeof label === 'string' }).first());
      await page.keyboard.type(text);
    };
    const chooseCountry = async (label: string, name: string, scope = modal) => {
      await type(label, name, scope);
      await modal.getByRole('option', { name }).first().waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
    };
    const answer = async (question: string, option: string) => {
      const group = modal.getByRole('radiogroup', { name: question }).or(modal.getByRole('group', { name: question }));
      await tabTo(page, group.getByRole('radio').first());
      while (!(await group.getByRole('radio', { name: option, exact: true }).isChecked())) await page.keyboard.press('ArrowDown');
    };

    await type('First name', 'Anna');
    await type('Last name', 'Virtanen');
    await tabTo(page, modal.getByLabel('Date of birth'));
    await page.keyboard.type('02011985');
    await chooseCountry('Country of birth', 'Finland');
    await chooseCountry('Nationality', 'Finland');
    await tabTo(page, modal.getByRole('checkbox', { name: 'Supervisory board member' }));
    await page.keyboard.press('Space');
    const address = modal.getByRole('group', { name: 'Residential address' });
    await chooseCountry('Country', 'Finland', address);
    await type('City or settlement', 'Helsinki', address);
    await type('Street, house and apartment', 'Mannerheimintie 1', address);
    await type('Postal code', '00100', address);
    await chooseCountry('Country of residence', 'Finland');
    await answer('Residency', 'Non-resident');
    await answer('Is the person an Estonian e-resident?', 'No');
    await answer('Does the person live and work mostly in Estonia?', 'No');
    const firstResidence = modal.getByRole('group', { name: 'Tax residence 1' });
    await chooseCountry('Country of tax residence', 'Finland', firstResidence);
    await type('Tax identification number (TIN)', '020185-123A', firstResidence);
    await tabTo(page, modal.getByRole('button', { name: 'Add a tax residence' }));
    await page.keyboard.press('Enter');
    const secondResidence = modal.getByRole('group', { name: 'Tax residence 2' });
    await chooseCountry('Country of tax residence', 'Sweden', secondResidence);
    await type('Tax identification number (TIN)', '198502011234', secondResidence);
    await answer('Is the person a beneficial owner of the company?', 'No');
    await answer('Is the person politically exposed (PEP)?', 'Yes');
    await type('First name of the position holder', 'Anna');
    await type('Last name of the position holder', 'Virtanen');
    await tabTo(page, modal.getByLabel('Date of birth of the position holder'));
    await page.keyboard.type('02011985');
    await chooseCountry('Country of birth of the position holder', 'Finland');
    await type('Public position', 'Member of the Helsinki City Council');
    await tabTo(page, modal.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await modal.waitFor({ state: 'hidden' });

    // Focus goes back to where the modal was opened from; the card shows the new person without gaps.
    expect(await addPerson.evaluate((element) => element === (element.ownerDocument as unknown as { activeElement: unknown }).activeElement)).toBe(true);
    const anna = card(page, 'Anna Virtanen');
    await anna.waitFor();
    expect(await anna.getByText(/Details missing/).count()).toBe(0);
    expect(await anna.getByText('Supervisory board member').count()).toBe(1);

    // What the server keeps (the autosaved draft): the political exposure and both tax residences.
    type Person = { firstName?: string; isPep?: boolean; pep?: { governmentPosition?: string }; taxResidences?: { countryCode: string }[] };
    await expect
      .poll(
        async () => {
          const draft = (await readApplication(page)).drafts.RelatedPersons as { relatedPersons?: Person[] } | undefined;
          const saved = draft?.relatedPersons?.find((person) => person.firstName === 'Anna');
          return (
            saved && {
              isPep: saved.isPep,
              position: saved.pep?.governmentPosition,
              taxCountries: saved.taxResidences?.map((residence) => residence.countryCode),
            }
          );
        },
        { timeout: 10_000 },
      )
      .toEqual({ isPep: true, position: 'Member of the Helsinki City Council', taxCountries: ['FI', 'SE'] });
  });
});
