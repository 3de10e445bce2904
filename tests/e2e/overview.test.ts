import { JOINT_BOARD_MEMBER, type ApplicationSubject } from '@onboarding/domain/test-support';
import { describe, expect, it } from 'vitest';
import { completeRegisterPersons, fillStepsThroughApi, readApplication } from './support/api.js';
import { givePersonalInformation } from './support/journey.js';
import { signInForTesting, tabTo } from './support/pages.js';
import { expectNoAxeViolations } from './support/accessibility.js';
import { useBrowserSuite } from './support/suite.js';

const suite = useBrowserSuite();

/** Lõuna Logistika OÜ: Matti Virtanen of Finland holds 30%. */
const LOUNA: ApplicationSubject = {
  company: { businessName: 'Lõuna Logistika OÜ', registryCode: '19005661' },
  person: { personalId: '50001029996', firstName: 'ADULT', lastName: 'TESTNUMBER', birthDate: '2000-01-02' },
};

/** 60001018800 holds a procura of Mereranna Disain OÜ and declares themselves its board member and sole owner. */
const PROCURA_HOLDER: ApplicationSubject = {
  company: {
    businessName: 'Mereranna Disain OÜ',
    registryCode: '19010030',
    legalAddress: { countryCode: 'EE', county: 'Harju maakond', district: 'Tallinn', city: 'Pirita linnaosa', street: 'Merivälja tee 20', postalCode: '11911' },
    mainFieldOfActivityCode: '74101',
  },
  person: { personalId: '60001018800', firstName: 'OK', lastName: 'TESTNUMBER', birthDate: '2000-01-01' },
};

describe('declarations that differ from the Business Register', () => {
  it('are told on the overview before signing, with the register’s values and a way back to each step', async () => {
    const { page, server } = suite;
    await signInForTesting(page, server.baseUrl, PROCURA_HOLDER.person.personalId);
    await givePersonalInformation(page);
    await fillStepsThroughApi(page, server.baseUrl, PROCURA_HOLDER, 'AdditionalData', 'overview');
    const section = page.getByRole('region', { name: 'Some details differ from the Business Register' });
    await section.waitFor();
    const text = (await section.textContent()) ?? '';
    expect(text).toContain('The Business Register lists you as an authorised person (such as a procura holder), not as a management board member.');
    expect(text).toContain('The management board will be asked to sign the contract.');
    expect(text).toContain('You entered: OK TESTNUMBER 100%.');
    await section.getByRole('link', { name: 'Check “Company information”' }).waitFor();
    await expectNoAxeViolations(page);
  });
});

describe('a company its board represents jointly', () => {
  it('signs in with Mobile-ID, picks the company, and the overview names the other board member who must sign', async () => {
    const { page, server } = suite;
    await page.goto(`${server.baseUrl}/start/authentication?lang=en`);
    await page.getByRole('radio', { name: 'Mobile-ID' }).check();
    await page.getByLabel('Personal ID code').first().fill(JOINT_BOARD_MEMBER.person.personalId);
    await page.getByLabel('Phone number').fill('+37268000769');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.baseUrl}/start/personal-information`, { timeout: 20_000 });
    await givePersonalInformation(page, 'kaheallkirja@example.ee');
    await page.locator('label', { hasText: 'Kaheallkirja Ehitus OÜ' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/start\/application\/opening-reasons/);
    await fillStepsThroughApi(page, server.baseUrl, JOINT_BOARD_MEMBER, 'AdditionalData', 'overview', { relatedPersons: completeRegisterPersons });
    const note = page.getByRole('note', { name: 'Katrin Ilves must also sign the contract' });
    await note.waitFor();
    // The product collects Katrin Ilves's signature itself (decision 39): the applicant invites her after signing.
    expect(await note.textContent()).toContain('After you sign, you invite them on the next page');
    await expectNoAxeViolations(page);
  });
});

describe('overview in Chromium', () => {
  it('notices the foreign shareholder, picks an office by keyboard, and opens signing once the server finds the application complete', async () => {
    const { page, server } = suite;
    await signInForTesting(page, server.baseUrl, LOUNA.person.personalId);
    await givePersonalInformation(page);
    // The register's persons, completed as the related persons screen asks; the beneficial owners' 55% + 30%
    // are corrected to add up to 100%, as the screen's summary tells the user to.
    await fillStepsThroughApi(page, server.baseUrl, LOUNA, 'AdditionalData', 'overview', {
      relatedPersons: (fromRegister) => {
        const completed = completeRegisterPersons(fromRegister);
        return {
          ...completed,
          relatedPersons: completed.relatedPersons.map((person) =>
            person.personalId === LOUNA.person.personalId ? { ...person, beneficiarySharePercent: 70 } : person,
          ),
        };
      },
    });
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

    // The summary of every step, each with its edit link; the notice about the owner abroad.
    for (const step of ['Reasons for opening the account', 'Company information', 'Incomes and expenses', 'Related persons']) {
      await page.getByRole('heading', { name: step }).first().waitFor();
    }
    expect(await page.getByRole('link', { name: /Edit/ }).count()).toBeGreaterThanOrEqual(4);
    const notice = page.getByRole('note').filter({ hasText: 'An owner is not resident in Estonia' });
    await notice.waitFor();
    expect(await page.getByText('The company’s field of activity needs a closer look').count()).toBe(0);
    await expectNoAxeViolations(page);

    // The identification location by keyboard: the tabs with the arrow keys, then an office.
    const chooseOffice = page.getByRole('button', { name: 'Choose an office' });
    await tabTo(page, chooseOffice);
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: 'Choose an identification location' });
    await picker.waitFor();
    await expectNoAxeViolations(page);
    await tabTo(page, picker.getByRole('tab', { name: 'Branches' }));
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => picker.getByRole('tab', { name: 'Banking points' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    await tabTo(page, picker.getByRole('button', { name: /Choose/ }).first());
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'hidden' });

    await page.getByRole('checkbox', { name: 'Business activity in Estonia' }).check({ force: true });
    await page
      .getByRole('radiogroup', { name: 'Is the company a financial institution?' })
      .or(page.getByRole('group', { name: 'Is the company a financial institution?' }))
      .getByRole('radio', { name: 'No' })
      .check({ force: true });
    await page.getByRole('radio', { name: /Other active non-financial entity/ }).check({ force: true });
    await page.getByRole('checkbox', { name: /I confirm that the data in the application is correct/ }).check({ force: true });
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await page.getByRole('heading', { name: 'Sign the contract' }).waitFor();
    const application = await readApplication(page);
    expect(application.currentStep).toBe('ApplicationOverview');
    expect(application.steps.AdditionalData ?? application.steps.ApplicationOverview).toMatchObject({
      connectionToEstonia: ['BUSINESS_ACTIVITY_IN_ESTONIA'],
      isFinancialInstitution: false,
      isDataCorrectAndFundsLegal: true,
      identificationLocation: { type: 'BRANCH' },
    });
    await expectNoAxeViolations(page);
  });
});
