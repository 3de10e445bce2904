import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/accessibility.js';
import { readApplication } from './support/api.js';
import { confirmationCodeFor } from './support/journey.js';
import { newPage } from './support/pages.js';
import { inEveryLanguageAndWidth } from './support/screens.js';
import { useBrowserSuite } from './support/suite.js';
import { countryIn, startOf, textsOf, type Language, type Say } from './support/texts.js';

/*
 * Whole journeys as a person makes them, each in its own language and at its own width, found on the page by the
 * app's own texts in that language: an Estonian on a phone with Mobile-ID, and a Russian speaker at a computer with
 * the ID-card who saves, leaves, and comes back by the mailed link. (The English journey with Smart-ID at a computer
 * is the keyboard journey's.) Every screen passed is axe-clean; with JOURNEY_SCREENSHOTS set to a folder, each is also
 * kept there in every language at 360 and 1280 px.
 */

const suite = useBrowserSuite({ SIMULATOR_COMPLETION_DELAY_MS: '300' });
const SCREENSHOTS = process.env.JOURNEY_SCREENSHOTS;

type Journey = { name: string; language: Language; width: number; say: Say };

const journeyOf = (name: string, language: Language, width: number): Journey => ({ name, language, width, say: textsOf(language) });

/**
 * The screen is axe-clean; with a folder, kept in every language at both widths, then back in the journey's own. A
 * dialog shuts the page's language switch away: it is kept in the journey's language only.
 */
async function lookAt(page: Page, journey: Journey, screen: string, { isDialog = false } = {}): Promise<void> {
  if (!SCREENSHOTS) return expectNoAxeViolations(page);
  if (isDialog) {
    await expectNoAxeViolations(page);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
      await page.screenshot({ path: `${SCREENSHOTS}/${journey.name}-${screen}-${journey.language}-${String(width)}.png`, fullPage: true });
    }
  } else {
    await inEveryLanguageAndWidth(page, SCREENSHOTS, `${journey.name}-${screen}`);
    await page.locator(`header nav button[lang="${journey.language}"]`).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(journey.language);
  }
  await page.setViewportSize({ width: journey.width, height: journey.width < 600 ? 780 : 900 });
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Chooses a radio of a group by clicking its label, as a person does (the radios themselves are styled away). */
const answer = (group: Locator, option: string | RegExp) =>
  group.getByRole('radio', { name: option, exact: typeof option === 'string' }).check({ force: true });

async function pickCountry(page: Page, field: Locator, country: string): Promise<void> {
  await field.fill(country.slice(0, 4));
  await page.getByRole('option', { name: country, exact: true }).first().click();
}

/** Personal information, with the code mailed to the new address typed back, to the company list. */
async function givePersonalInformation(page: Page, { say }: Journey, email: string): Promise<void> {
  await heading(page, say('SCREENS.PERSONAL_INFORMATION.TITLE')).waitFor();
  await page.getByLabel(say('PERSONAL_INFORMATION.EMAIL_LABEL')).fill(email);
  await page.getByLabel(say('PERSONAL_INFORMATION.PHONE_LABEL')).fill('+372 5123 4567');
  await page.getByRole('checkbox', { name: say('PERSONAL_INFORMATION.CONSENT_LABEL') }).check({ force: true });
  await page.getByRole('button', { name: say('PERSONAL_INFORMATION.CONTINUE'), exact: true }).click();
  await page.getByRole('heading', { level: 2, name: say('PERSONAL_INFORMATION.CONFIRM_TITLE') }).waitFor();
  await page.getByRole('textbox', { name: say('PERSONAL_INFORMATION.CODE_LABEL') }).fill(await confirmationCodeFor(new URL(page.url()).origin, email));
  await page.getByRole('button', { name: say('PERSONAL_INFORMATION.CONFIRM'), exact: true }).click();
}

async function chooseCompany(page: Page, journey: Journey, company: string): Promise<void> {
  const { say } = journey;
  await heading(page, say('SCREENS.CHOOSE_COMPANY.TITLE')).waitFor();
  await lookAt(page, journey, 'choose-company');
  await page.locator('label', { hasText: company }).click();
  await page.getByRole('button', { name: say('CHOOSE_COMPANY.CONTINUE'), exact: true }).click();
  await heading(page, say('SCREENS.OPENING_REASONS.TITLE')).waitFor();
}

const continueButton = (page: Page, say: Say) => page.getByRole('button', { name: say('APPLICATION.ACTIONS.CONTINUE'), exact: true }).last();

async function fillOpeningReasons(page: Page, journey: Journey): Promise<void> {
  const { say } = journey;
  await page.getByRole('checkbox', { name: startOf(say('APPLICATION.OPENING_REASONS.REASONS.DOMESTICSETTLEMENTS.LABEL')) }).check({ force: true });
  await page.getByRole('checkbox', { name: startOf(say('APPLICATION.OPENING_REASONS.REASONS.DEPOSIT.LABEL')) }).check({ force: true });
  await lookAt(page, journey, 'opening-reasons');
  await continueButton(page, say).click();
  await heading(page, say('SCREENS.COMPANY_INFORMATION.TITLE')).waitFor();
}

async function fillCompanyInformation(page: Page, journey: Journey): Promise<void> {
  const { say, language } = journey;
  const fields = 'APPLICATION.COMPANY_INFORMATION.FIELDS';
  await answer(
    page.getByRole('group', { name: say(`${fields}.REPRESENTATION_BASIS`) }),
    say('APPLICATION.COMPANY_INFORMATION.REPRESENTATION.MANAGEMENT_BOARD_MEMBER'),
  );
  await page.getByLabel(say(`${fields}.ACTIVITY_DESCRIPTION`)).fill('Sisekujundus ja disainiteenused');
  await page.getByLabel(say(`${fields}.NUMBER_OF_EMPLOYEES`)).fill('2');
  await pickCountry(page, page.getByRole('combobox', { name: say(`${fields}.TARGET_MARKETS`) }), countryIn(language, 'EE'));
  const no = say('APPLICATION.COMPANY_INFORMATION.NO');
  for (const question of [
    say('APPLICATION.COMPANY_INFORMATION.LICENSE.HAS_LICENSE'),
    say('APPLICATION.COMPANY_INFORMATION.FLAGS.IS_LISTED_COMPANY'),
    say('APPLICATION.COMPANY_INFORMATION.FLAGS.HAS_ACCOUNT_IN_OTHER_CREDIT_INSTITUTION'),
    say('APPLICATION.COMPANY_INFORMATION.FLAGS.HAS_ACCOUNT_CLOSED_IN_LAST_SIX_MONTHS', { months: 6 }),
  ]) {
    await page.getByRole('group', { name: question }).getByRole('radio', { name: no, exact: true }).check();
  }
  await lookAt(page, journey, 'company-information');
  await continueButton(page, say).click();
  await heading(page, say('SCREENS.INCOMES.TITLE')).waitFor();
}

async function fillIncomes(page: Page, journey: Journey): Promise<void> {
  const { say } = journey;
  const incomes = 'APPLICATION.INCOMES';
  await answer(page.getByRole('group', { name: say(`${incomes}.INCOME_LEGEND`) }), startOf(say(`${incomes}.BAND.UP_TO`)));
  await answer(page.getByRole('group', { name: say(`${incomes}.PAYMENTS_LEGEND`) }), startOf(say(`${incomes}.BAND.UP_TO`)));
  await answer(page.getByRole('group', { name: say(`${incomes}.CASH_DEPOSIT_LEGEND`) }), say(`${incomes}.CASH.NONE`));
  await answer(page.getByRole('group', { name: say(`${incomes}.CASH_WITHDRAWAL_LEGEND`) }), say(`${incomes}.CASH.NONE`));
  await page.getByRole('checkbox', { name: startOf(say(`${incomes}.SOURCES.BUSINESS_ACTIVITY.LABEL`)) }).check({ force: true });
  await lookAt(page, journey, 'incomes');
}

/** Completes, in the person dialog, what the register did not give about each person whose card asks for it. */
async function completeRelatedPersons(page: Page, journey: Journey): Promise<void> {
  const { say, language } = journey;
  const rp = 'APPLICATION.RELATED_PERSONS';
  await heading(page, say('SCREENS.RELATED_PERSONS.TITLE')).waitFor();
  await lookAt(page, journey, 'related-persons');
  const complete = page.getByRole('button', { name: startOf(say(`${rp}.CARD.COMPLETE_NAMED`)) });
  for (let person = 0; person < 4 && (await complete.count()) > 0; person += 1) {
    await complete.first().click();
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    if (person === 0) await lookAt(page, journey, 'person-dialog', { isDialog: true });
    const birthCountry = modal.getByRole('combobox', { name: say(`${rp}.FIELDS.BIRTH_COUNTRY`) });
    if ((await birthCountry.count()) > 0 && !(await birthCountry.inputValue())) await pickCountry(page, birthCountry, countryIn(language, 'EE'));
    const address = modal.getByRole('group', { name: say(`${rp}.SECTIONS.RESIDENTIAL_ADDRESS`) });
    const street = address.getByLabel(say('APPLICATION.COMPANY_INFORMATION.ADDRESS.STREET'));
    if ((await street.count()) > 0 && !(await street.inputValue())) {
      await address.getByLabel(say('APPLICATION.COMPANY_INFORMATION.ADDRESS.COUNTY')).selectOption('Tartu maakond');
      await address.getByLabel(say('APPLICATION.COMPANY_INFORMATION.ADDRESS.DISTRICT')).selectOption('Tartu linn');
      const city = address.getByRole('combobox', { name: say('APPLICATION.COMPANY_INFORMATION.ADDRESS.CITY') });
      await city.fill('Tartu');
      await page.getByRole('option', { name: 'Tartu', exact: true }).first().click();
      await street.fill('Turu 2');
      await address.getByLabel(say('APPLICATION.COMPANY_INFORMATION.ADDRESS.POSTAL_CODE')).fill('51004');
    }
    const yes = say('APPLICATION.COMPANY_INFORMATION.YES');
    const no = say('APPLICATION.COMPANY_INFORMATION.NO');
    const answers: [string, string][] = [
      [say(`${rp}.FIELDS.IS_E_RESIDENT`), no],
      [say(`${rp}.FIELDS.LIVES_AND_WORKS_IN_ESTONIA`), yes],
      [say(`${rp}.PEP.IS_PEP`), no],
    ];
    for (const [question, option] of answers) {
      const group = modal.getByRole('group', { name: question });
      if ((await group.count()) > 0 && (await group.getByRole('radio', { checked: true }).count()) === 0) await answer(group, option);
    }
    const taxCountry = modal.getByRole('group', { name: say(`${rp}.TAX_RESIDENCE.ROW`, { number: 1 }) }).getByRole('combobox');
    if ((await taxCountry.count()) > 0 && !(await taxCountry.inputValue())) await pickCountry(page, taxCountry, countryIn(language, 'EE'));
    await modal.getByRole('button', { name: say(`${rp}.MODAL.SAVE`), exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
  }
  expect(await complete.count()).toBe(0);
  await continueButton(page, say).click();
}

/** The overview's questions, the first office of the picker, and on to signing. */
async function answerOverview(page: Page, journey: Journey): Promise<void> {
  const { say } = journey;
  const overview = 'APPLICATION.OVERVIEW';
  await heading(page, say('SCREENS.OVERVIEW.TITLE')).waitFor();
  await lookAt(page, journey, 'overview');
  await page.getByRole('button', { name: say(`${overview}.IDENTIFICATION.CHOOSE`), exact: true }).click();
  const picker = page.getByRole('dialog', { name: say(`${overview}.IDENTIFICATION.PICKER.TITLE`) });
  await picker.waitFor();
  await lookAt(page, journey, 'office-picker', { isDialog: true });
  await picker
    .getByRole('button', { name: startOf(say(`${overview}.IDENTIFICATION.PICKER.CHOOSE`)) })
    .first()
    .click();
  await picker.waitFor({ state: 'hidden' });
  await page.getByRole('checkbox', { name: say(`${overview}.CONNECTION.OPTIONS.BUSINESS_ACTIVITY_IN_ESTONIA`) }).check({ force: true });
  await answer(page.getByRole('group', { name: say(`${overview}.TAX.FINANCIAL_INSTITUTION`) }), say('APPLICATION.COMPANY_INFORMATION.NO'));
  await page.getByRole('radio', { name: startOf(say(`${overview}.TAX.TYPES.ACTIVE_NFE_OTHER.LABEL`)) }).check({ force: true });
  await page.getByRole('checkbox', { name: startOf(say(`${overview}.CONFIRMATION`)) }).check({ force: true });
  await page.getByRole('button', { name: say('APPLICATION.ACTIONS.CONTINUE'), exact: true }).click();
  await page.getByRole('heading', { name: say(`${overview}.READY_TO_SIGN.TITLE`) }).waitFor();
  await lookAt(page, journey, 'signing');
}

async function signAndSubmit(page: Page, journey: Journey, method: 'MOBILE_ID' | 'ID_CARD'): Promise<void> {
  const { say } = journey;
  await page.getByRole('radio', { name: say(`APPLICATION.SIGNING.METHOD.${method}`), exact: true }).check({ force: true });
  await page.getByRole('button', { name: say('APPLICATION.SIGNING.SUBMIT'), exact: true }).click();
  await page.waitForURL(/\/start\/success$/, { timeout: 20_000 });
  await page.getByText(say('SUCCESS.SIGNED'), { exact: true }).first().waitFor();
  await lookAt(page, journey, 'success');
  expect((await readApplication(page)).currentStep).toBe('ApplicationSubmitted');
}

describe('whole journeys in the person’s language', { timeout: 240_000 }, () => {
  it('in Estonian on a phone with Mobile-ID: the number typed as people type it, every step, signed with PIN2', async () => {
    const { page, server } = suite;
    const journey = journeyOf('et-360-mobile-id', 'et', 360);
    const { say } = journey;
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${server.baseUrl}/start/authentication?lang=et`);
    await heading(page, say('SCREENS.AUTHENTICATION.TITLE')).waitFor();
    await page.getByRole('radio', { name: say('AUTH.METHOD.MOBILE_ID'), exact: true }).check({ force: true });
    await page.getByLabel(say('AUTH.PERSONAL_ID_LABEL')).first().fill('60001019906');
    await page.getByLabel(say('AUTH.PHONE_LABEL')).fill('0000 0766');
    await lookAt(page, journey, 'sign-in');
    await page.getByRole('button', { name: say('AUTH.SUBMIT'), exact: true }).click();
    await heading(page, say('SCREENS.AUTHENTICATION_VERIFICATION_CODE.TITLE')).waitFor();
    await givePersonalInformation(page, journey, 'mary.ann@example.ee');
    await chooseCompany(page, journey, 'Mereranna Disain OÜ');
    await fillOpeningReasons(page, journey);
    await fillCompanyInformation(page, journey);
    await fillIncomes(page, journey);
    await continueButton(page, say).click();
    await completeRelatedPersons(page, journey);
    await answerOverview(page, journey);
    await signAndSubmit(page, journey, 'MOBILE_ID');

    // Afterwards: the application's history as a person reads it, and the way home, where the contact details
    // confirmed on the way are offered as given, with the day of the consent.
    await page.getByRole('button', { name: say('SUCCESS.HISTORY.SHOW'), exact: true }).click();
    await page.getByText(say('SUCCESS.HISTORY.EVENTS.APPLICATION_CREATED'), { exact: true }).waitFor();
    await lookAt(page, journey, 'history');
    await page
      .getByRole('link', { name: say('SUCCESS.HOME'), exact: true })
      .or(page.getByRole('button', { name: say('SUCCESS.HOME'), exact: true }))
      .click();
    await heading(page, say('SCREENS.PERSONAL_INFORMATION.TITLE')).waitFor();
    await page.getByText(say('PERSONAL_INFORMATION.SAVED.INTRO'), { exact: true }).waitFor();
    await page.getByText('mary.ann@example.ee').waitFor();
    await lookAt(page, journey, 'personal-information-saved');
  });

  it('in Russian at a computer with the ID-card: saved midway, back by the mailed link, signed with the card', async () => {
    const { page, server, browser } = suite;
    const journey = journeyOf('ru-1280-id-card', 'ru', 1280);
    const { say } = journey;
    const signInWithIdCard = async (on: Page) => {
      await heading(on, say('SCREENS.AUTHENTICATION.TITLE')).waitFor();
      await on.getByRole('radio', { name: say('AUTH.METHOD.ID_CARD'), exact: true }).check({ force: true });
      await on.getByRole('textbox', { name: say('AUTH.ID_CARD_SIMULATED_LABEL') }).fill('38001085718');
      await on.getByRole('button', { name: say('AUTH.ID_CARD_SUBMIT'), exact: true }).click();
    };
    await page.goto(`${server.baseUrl}/start/authentication?lang=ru`);
    await signInWithIdCard(page);
    await givePersonalInformation(page, journey, 'jaak@example.ee');
    await chooseCompany(page, journey, 'Jõeorg Konsultatsioonid OÜ');
    await fillOpeningReasons(page, journey);
    await fillCompanyInformation(page, journey);
    await fillIncomes(page, journey);

    // Halfway through the incomes, saved for later: the link goes to the confirmed address, in Russian.
    await page.getByRole('button', { name: say('APPLICATION.SAVE_AND_CONTINUE_LATER.OPEN'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: say('APPLICATION.SAVE_AND_CONTINUE_LATER.TITLE') });
    await dialog.waitFor();
    await lookAt(page, journey, 'save-and-continue-later', { isDialog: true });
    await dialog.getByRole('button', { name: say('APPLICATION.SAVE_AND_CONTINUE_LATER.CONFIRM'), exact: true }).click();
    await page.getByText(say('APPLICATION.SAVE_AND_CONTINUE_LATER.SENT_TITLE'), { exact: true }).waitFor();
    await lookAt(page, journey, 'link-sent', { isDialog: true });
    const mailbox = (await (await fetch(`${server.baseUrl}/dev/mailbox/messages.json?recipient=jaak@example.ee`)).json()) as {
      template: string;
      language: string;
      links: string[];
    }[];
    const mail = mailbox.find((message) => message.template === 'SAVE_AND_CONTINUE_LATER');
    expect(mail?.language).toBe('ru');
    const link = new URL(mail?.links[0] ?? '');
    await page.context().close();

    // The next day, in a new browser: the link asks for the sign-in, then opens the incomes where they were left.
    const later = await newPage(browser, 1280);
    await later.goto(`${server.baseUrl}${link.pathname}${link.search}`);
    await signInWithIdCard(later);
    await heading(later, say('SCREENS.INCOMES.TITLE')).waitFor();
    const income = later.getByRole('group', { name: say('APPLICATION.INCOMES.INCOME_LEGEND') });
    expect(await income.getByRole('radio', { checked: true }).count()).toBe(1);
    await continueButton(later, say).click();
    await completeRelatedPersons(later, journey);
    await answerOverview(later, journey);
    await signAndSubmit(later, journey, 'ID_CARD');
    await later.context().close();
  });
});
