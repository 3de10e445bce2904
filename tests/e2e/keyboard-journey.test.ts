import { OK_TESTNUMBER } from '@onboarding/domain/test-support';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readApplication } from './support/api.js';
import { tabTo } from './support/pages.js';
import { confirmationCodeFor } from './support/journey.js';
import { useBrowserSuite } from './support/suite.js';

/*
 * The whole journey by keyboard alone: Tab and Shift+Tab (tabTo), typing,
 * arrow keys, Space and Enter. Locators only find what tabTo is to reach and
 * read the page's state; nothing is clicked, checked or filled through them.
 * OK TESTNUMBER signs in with Smart-ID and signs with it; Näidis Tehnoloogia OÜ
 * is the register's one-person company, so the related persons step needs one
 * person completed in the modal.
 */

const suite = useBrowserSuite();

type FocusGlobals = { document: { activeElement: { tagName: string; id: string; textContent: string | null } | null; body: unknown } };

/** What has the focus, for a failure message: nothing (the body) is a focus lost. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const { document } = globalThis as unknown as FocusGlobals;
    const element = document.activeElement;
    return !element || element === document.body ? 'body' : `${element.tagName.toLowerCase()}#${element.id} ${(element.textContent ?? '').trim().slice(0, 40)}`;
  });

/** After an action the focus is somewhere a keyboard user can go on from, not dropped on the page's body. */
async function expectFocusKept(page: Page) {
  await expect.poll(() => focused(page)).not.toBe('body');
}

/** Tab to a target after the focus, Shift+Tab to one before it. */
async function reach(page: Page, target: Locator) {
  const isBefore = await target.evaluate((element) => {
    const active = (element.ownerDocument as unknown as { activeElement: typeof element | null }).activeElement;
    // Node.DOCUMENT_POSITION_PRECEDING: the target comes before the focused element.
    return active !== null && (active.compareDocumentPosition(element) & 2) !== 0;
  });
  await tabTo(page, target, { backwards: isBefore });
}

async function typeInto(page: Page, field: Locator, text: string) {
  await reach(page, field);
  await page.keyboard.type(text);
}

/** Types over what a field holds (a pre-filled value): select all, then type. */
async function typeOver(page: Page, field: Locator, text: string) {
  await reach(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

async function press(page: Page, target: Locator, key = 'Enter') {
  await reach(page, target);
  await page.keyboard.press(key);
}

/** Ticks a checkbox with Space. */
async function tick(page: Page, checkbox: Locator) {
  await press(page, checkbox, 'Space');
  expect(await checkbox.isChecked()).toBe(true);
}

/**
 * Answers a radio group: Tab enters it at its checked radio (or its first);
 * Space takes the focused one, the arrow keys move to the others.
 */
async function answer(page: Page, group: Locator, option: string | RegExp) {
  const wanted = group.getByRole('radio', { name: option, exact: typeof option === 'string' });
  const checked = group.getByRole('radio', { checked: true });
  await reach(page, (await checked.count()) > 0 ? checked : group.getByRole('radio').first());
  if (await wanted.evaluate((radio) => radio === (radio.ownerDocument as unknown as { activeElement: unknown }).activeElement))
    await page.keyboard.press('Space');
  for (let press = 0; press < 12 && !(await wanted.isChecked()); press += 1) await page.keyboard.press('ArrowDown');
  expect(await wanted.isChecked()).toBe(true);
}

/** A searchable list: type, ArrowDown to the option, Enter. */
async function pick(page: Page, combobox: Locator, search: string, option: string) {
  await typeInto(page, combobox, search);
  const activeOption = async () => {
    const id = await combobox.getAttribute('aria-activedescendant');
    return id ? page.locator(`[id="${id}"]`).textContent() : null;
  };
  for (let press = 0; press < 20 && (await activeOption()) !== option; press += 1) await page.keyboard.press('ArrowDown');
  expect(await activeOption()).toBe(option);
  await page.keyboard.press('Enter');
}

/** A native select: typing the option's first letters chooses it. */
async function select(page: Page, field: Locator, text: string) {
  await typeInto(page, field, text);
  await expect
    .poll(async () => field.evaluate((element) => (element as unknown as { selectedOptions: { text: string }[] }).selectedOptions[0]?.text))
    .toContain(text);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true }).last();

describe('the whole journey by keyboard', () => {
  it(
    'signs in with Smart-ID, fills every step, completes the register person, picks an office and signs, without a pointer',
    { timeout: 180_000 },
    async () => {
      const { page, server } = suite;
      const start = `${server.baseUrl}/start`;
      await page.goto(`${start}/authentication?lang=en`);
      await heading(page, 'Sign in').waitFor();

      // Sign-in: Smart-ID is the method chosen first; the personal code typed, the form sent with Enter.
      await answer(page, page.getByRole('group', { name: 'Sign-in method' }), 'Smart-ID');
      await typeInto(page, page.getByLabel('Personal ID code').first(), OK_TESTNUMBER.person.personalId);
      await press(page, page.getByRole('button', { name: 'Continue', exact: true }));
      await heading(page, 'Verification code').waitFor();
      await page.waitForURL(`${start}/personal-information`, { timeout: 20_000 });
      await heading(page, 'Personal information').waitFor();
      await expectFocusKept(page);

      // Personal information and the registry-query confirmation.
      await typeInto(page, page.getByLabel('E-mail'), 'ok.testnumber@example.ee');
      await typeInto(page, page.getByLabel('Phone number'), '+372 5123 4567');
      await tick(page, page.getByRole('checkbox', { name: /I am aware that the bank queries official databases/ }));
      await press(page, page.getByRole('button', { name: 'Continue', exact: true }));
      // The address is new: the code mailed to it is typed back, the step's heading holding the focus when it appears.
      await page.getByRole('heading', { level: 2, name: 'Confirm your e-mail address' }).waitFor();
      await expectFocusKept(page);
      await typeInto(
        page,
        page.getByRole('textbox', { name: /Confirmation code/ }),
        await confirmationCodeFor(new URL(page.url()).origin, 'ok.testnumber@example.ee'),
      );
      await press(page, page.getByRole('button', { name: 'Confirm', exact: true }));
      await heading(page, 'Choose a company').waitFor();
      await expectFocusKept(page);

      // The company: the radio cards by arrow keys.
      await answer(page, page.getByRole('group', { name: 'Companies' }), /Näidis Tehnoloogia OÜ/);
      await press(page, page.getByRole('button', { name: 'Continue', exact: true }));
      await heading(page, 'Reasons for opening the account').waitFor();
      await expectFocusKept(page);

      // Step 1: two reasons.
      await tick(page, page.getByRole('checkbox', { name: /Settlements in Estonia/ }));
      await tick(page, page.getByRole('checkbox', { name: /Deposit/ }));
      await press(page, continueButton(page));
      await heading(page, 'Company information').waitFor();
      await expectFocusKept(page);

      // Step 2: what the register does not know; the contacts offered from the personal information typed over.
      await answer(page, page.getByRole('group', { name: 'On what basis do you represent the company?' }), 'Management board member');
      await typeOver(page, page.getByLabel('Business e-mail'), 'info@naidis.ee');
      await typeOver(page, page.getByLabel('Business phone'), '+372 5555 1234');
      await answer(page, page.getByRole('group', { name: 'Contact language' }), 'Estonian');
      // The number first, then back with Shift+Tab to the description skipped above it.
      await typeInto(page, page.getByLabel('Number of employees'), '4');
      await typeInto(page, page.getByLabel('Describe the field of activity'), 'Tarkvaraarendus väikeettevõtetele');
      await pick(page, page.getByRole('combobox', { name: 'Target market countries' }), 'Eston', 'Estonia');
      await pick(page, page.getByRole('combobox', { name: 'Target market countries' }), 'Fin', 'Finland');
      for (const question of [
        'Does the company’s activity require a licence?',
        'Is the company listed on a stock exchange?',
        'Does the company have an account in another credit institution?',
        'Has an account of the company been closed in the last 6 months?',
      ]) {
        await answer(page, page.getByRole('group', { name: question }), 'No');
      }
      await press(page, continueButton(page));
      await heading(page, 'Incomes and expenses').waitFor();
      await expectFocusKept(page);

      // Step 3: bands, cash and the source of income.
      await answer(page, page.getByRole('group', { name: 'Estimated monthly income' }), /^Up to /);
      await answer(page, page.getByRole('group', { name: 'Estimated monthly payments' }), /^Up to /);
      await answer(page, page.getByRole('group', { name: 'Monthly cash deposits' }), 'None');
      await answer(page, page.getByRole('group', { name: 'Monthly cash withdrawals' }), 'None');
      await tick(page, page.getByRole('checkbox', { name: /Business activity/ }));
      await press(page, continueButton(page));
      await heading(page, 'Related persons').waitFor();
      await expectFocusKept(page);

      // Step 4: the register's one person, completed in the modal.
      const card = page.getByRole('article', { name: 'OK TESTNUMBER' });
      await press(page, card.getByRole('button', { name: /^Complete the details/ }));
      const modal = page.getByRole('dialog', { name: /OK TESTNUMBER/ });
      await modal.waitFor();
      await pick(page, modal.getByRole('combobox', { name: 'Country of birth' }), 'Eston', 'Estonia');
      const address = modal.getByRole('group', { name: 'Residential address' });
      await select(page, address.getByLabel('County'), 'Tartu');
      await select(page, address.getByLabel('Municipality'), 'Tartu linn');
      await pick(page, address.getByRole('combobox', { name: 'City or settlement' }), 'Tartu', 'Tartu');
      await typeInto(page, address.getByLabel('Street, house and apartment'), 'Turu 2');
      await typeInto(page, address.getByLabel('Postal code'), '51004');
      await answer(page, modal.getByRole('group', { name: 'Is the person an Estonian e-resident?' }), 'No');
      await answer(page, modal.getByRole('group', { name: 'Does the person live and work mostly in Estonia?' }), 'Yes');
      const taxResidence = modal.getByRole('group', { name: 'Tax residence 1' });
      await pick(page, taxResidence.getByRole('combobox', { name: 'Country of tax residence' }), 'Eston', 'Estonia');
      // In Estonia the TIN is the personal code: it is filled in already.
      await expect.poll(() => taxResidence.getByLabel('Tax identification number (TIN)').inputValue()).toBe(OK_TESTNUMBER.person.personalId);
      await answer(page, modal.getByRole('group', { name: 'Is the person a beneficial owner of the company?' }), 'Yes');
      await answer(page, modal.getByRole('group', { name: 'How does the person benefit?' }), 'Through share ownership');
      await typeInto(page, modal.getByLabel('Stake as beneficial owner'), '100');
      await answer(page, modal.getByRole('group', { name: 'Is the person politically exposed (PEP)?' }), 'No');
      await press(page, modal.getByRole('button', { name: 'Save' }));
      await modal.waitFor({ state: 'hidden' });
      // "Complete the details" has gone with the missing details: focus goes to the person's card, not the page.
      await expect.poll(() => card.evaluate((element) => element.contains(element.ownerDocument.activeElement as never))).toBe(true);
      expect(await card.getByText(/Details missing/).count()).toBe(0);
      await press(page, continueButton(page));
      await heading(page, 'Overview').waitFor();
      await expectFocusKept(page);

      // Step 5: the office in the picker, the tabs by arrow keys; the questions.
      const chooseOffice = page.getByRole('button', { name: 'Choose an office' });
      await press(page, chooseOffice);
      const picker = page.getByRole('dialog', { name: 'Choose an identification location' });
      await picker.waitFor();
      await reach(page, picker.getByRole('tab', { name: 'Branches' }));
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => picker.getByRole('tab', { name: 'Banking points' }).getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => picker.getByRole('tab', { name: 'Branches' }).getAttribute('aria-selected')).toBe('true');
      await press(page, picker.getByRole('button', { name: /^Choose/ }).first());
      await picker.waitFor({ state: 'hidden' });
      await expectFocusKept(page);
      await tick(page, page.getByRole('checkbox', { name: 'Business activity in Estonia' }));
      await answer(page, page.getByRole('group', { name: 'Is the company a financial institution?' }), 'No');
      await answer(page, page.getByRole('group', { name: 'Which type describes the company?' }), /Other active non-financial entity/);
      await tick(page, page.getByRole('checkbox', { name: /I confirm that the data in the application is correct/ }));
      await press(page, page.getByRole('button', { name: 'Continue', exact: true }));
      await page.getByRole('heading', { name: 'Sign the contract' }).waitFor();
      await expectFocusKept(page);

      // Signing with Smart-ID on the phone, to the success page.
      await answer(page, page.getByRole('group', { name: 'Signing method' }), 'Smart-ID');
      await press(page, page.getByRole('button', { name: 'Sign the contract' }));
      await page.getByTestId('signing-verification-code').waitFor();
      await page.waitForURL(`${start}/success`, { timeout: 20_000 });
      await page.getByText('Contract signed').waitFor();
      await expectFocusKept(page);
      expect((await readApplication(page)).currentStep).toBe('ApplicationSubmitted');
    },
  );
});
