import { JAAK_KRISTJAN, OK_TESTNUMBER, type ApplicationSubject } from '@onboarding/domain/test-support';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/accessibility.js';
import { smallTargets } from './support/targets.js';
import { fillStepsThroughApi } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { answerOverview, givePersonalInformation } from './support/journey.js';
import { newPage, signInForTesting } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';
import { chooseSigningAccountByQrCode } from './support/smart-id.js';

/*
 * axe-core over every screen and modal of docs/requirements.md section 2, in
 * each language, and at a phone's width every screen in English and the main
 * ones in every language, where nothing scrolls sideways and every target is a
 * finger's size (support/targets.ts). One case is one
 * (screen, language, width). The cases of a group share one signed-in page: a
 * screen is brought up once, in English (the steps below find things by their
 * English names), and then checked in each language by switching the language
 * on the page, as the language switcher does.
 */

const LANGUAGES = ['et', 'en', 'ru'] as const;
type Language = (typeof LANGUAGES)[number];
const PRODUCT_NAMES: Readonly<Record<Language, string>> = { et: 'Ettevõtte konto avamine', en: 'Business account opening', ru: 'Открытие счёта компании' };
const WIDE = 1280;
const NARROW = 360;
/** A folder to keep each case's screen in as `<screen>-<language>-<width>.png`; every screen is then also seen 360 px wide. */
const SCREENSHOTS = process.env.ACCESSIBILITY_SCREENSHOTS;
const fileNameOf = (screen: string) =>
  screen
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

type Screen = {
  name: string;
  /** Brings the group's page to the screen, in English. */
  open: (page: Page, language: Language) => Promise<void>;
  /** Undoes a state laid over another screen (a modal, a held request) before the next screen opens. */
  close?: (page: Page) => Promise<void>;
  /** Also checked 360 px wide. */
  isMain?: boolean;
  /** The screen has no language switcher: it is opened anew in each language (open's second argument). */
  isOpenedPerLanguage?: boolean;
};

/** Screens that share a page; they open in order, and one may build on the state the one before it left. */
type Group = { name: string; setUp: (page: Page) => Promise<void>; screens: readonly Screen[] };

let server: RunningServer | undefined;
let browser: Browser | undefined;
beforeAll(async () => {
  // EID_PORT: the ID-card sign-in is offered only with an eid host.
  server = await startServer({ EID_PORT: '0', SIMULATOR_COMPLETION_DELAY_MS: '300' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
const baseUrl = () => server?.baseUrl ?? '';

/** Opens a route of the app in English (the lang parameter wins over the stored choice). */
async function visit(page: Page, route: string): Promise<void> {
  await page.goto(`${baseUrl()}/start${route}${route.includes('?') ? '&' : '?'}lang=en`);
  await page.locator('h1').first().waitFor();
}

/**
 * Switches the page's language with the language switcher. The click is
 * dispatched to the button, so it also reaches it behind an open modal's
 * backdrop: the modal is then checked in the new language without reopening it.
 */
async function switchLanguage(page: Page, language: Language): Promise<void> {
  const html = page.locator('html');
  if ((await html.getAttribute('lang')) === language) return;
  await page.locator(`header nav button[lang="${language}"]`).dispatchEvent('click');
  await expect.poll(() => html.getAttribute('lang')).toBe(language);
  await expect.poll(() => page.title()).toContain(PRODUCT_NAMES[language]);
}

/** Holds the answers to matching GET requests, so a waiting state stays on screen; the returned function lets them through. */
async function holdRequests(page: Page, pattern: RegExp): Promise<() => Promise<void>> {
  const held: Route[] = [];
  await page.route(pattern, (route) => (route.request().method() === 'GET' ? void held.push(route) : route.fallback()));
  return async () => {
    await page.unroute(pattern);
    await Promise.all(held.splice(0).map((route) => route.continue().catch(() => undefined)));
  };
}

type LayoutGlobals = {
  document: {
    documentElement: { scrollWidth: number; clientWidth: number };
    querySelectorAll(
      selector: string,
    ): Iterable<{ tagName: string; id: string; className: unknown; getBoundingClientRect(): { right: number; width: number } }>;
  };
};

/** The elements that reach past the viewport's right edge, when the page scrolls sideways. */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => {
    const { document } = globalThis as unknown as LayoutGlobals;
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1 && element.getBoundingClientRect().width > 0)
      .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(element.className)}`)
      .slice(0, 10);
  });

/** Sends valid personal information to a server that answers as `answer` does. */
async function sendPersonalInformation(page: Page, answer: (request: Route) => Promise<void>): Promise<void> {
  await page.route('**/onboarding/representative/personal-information', answer);
  await visit(page, '/personal-information');
  await page.getByLabel('E-mail').fill('esindaja@example.ee');
  await page.getByLabel('Phone number').fill('+372 5123 4567');
  await page.getByRole('checkbox', { name: /I am aware/ }).check();
  await clickButton(page, 'Continue');
}
const errorAnswer = (status: number, code: string) => ({ status, contentType: 'application/json', body: JSON.stringify({ code, message: code }) });

/** Waits for the toast and keeps it: a toast pauses under the pointer. */
async function holdToast(page: Page, title: string): Promise<void> {
  const toast = page.getByText(title, { exact: true }).last();
  await toast.waitFor({ timeout: 15_000 });
  await toast.hover();
}

/**
 * A screen is kept over several checks, which on a busy machine take longer than the session's 31 s without input
 * before its warning opens. A person looking at the screen moves the pointer now and then; the suite does too, except
 * while the warning is the screen under check.
 */
let pointerX = 1;
async function stayActive(page: Page): Promise<void> {
  if ((await page.getByRole('alertdialog').count()) > 0) return;
  pointerX = pointerX === 1 ? 2 : 1;
  await page.mouse.move(pointerX, 1);
}

const closeModal = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').or(page.getByRole('alertdialog')).waitFor({ state: 'detached' });
};
const clickButton = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' }).click();
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true }).last();

/** A screen reached by its address alone. */
const route = (name: string, path: string, options: Partial<Screen> = {}): Screen => ({ name, open: (page) => visit(page, path), ...options });

/** A company typed by hand, for a person the register does not know. */
const byHand = (personalId: string, firstName: string, businessName: string): ApplicationSubject => ({
  company: { businessName, registryCode: '' },
  person: { personalId, firstName, lastName: 'TESTNUMBER', birthDate: '1904-03-03' },
});
const POHJALA_PUIT: ApplicationSubject = { ...OK_TESTNUMBER, company: { businessName: 'Põhjala Puit AS', registryCode: '19001278' } };

const startSmartIdSignIn = async (page: Page, personalId: string) => {
  await visit(page, '/authentication');
  await page.getByRole('radio', { name: 'Smart-ID' }).check();
  await page.getByLabel('Personal ID code').first().fill(personalId);
  await clickButton(page, 'Continue');
};

/**
 * 65 idle seconds on the page's clock: the warning comes half a minute before the 90 s inactivity timeout
 * (docs/requirements.md section 4, decision 45).
 */
async function showSessionWarning(page: Page): Promise<void> {
  const warning = page.getByRole('alertdialog', { name: 'Your session is about to end' });
  if (await warning.isVisible()) return;
  await page.clock.fastForward('01:05');
  await warning.waitFor();
}

const signingMethods = (page: Page) => page.getByRole('group', { name: 'Signing method' });
const signWith = async (page: Page, method: 'Smart-ID' | 'Mobile-ID' | 'ID-card') => {
  await signingMethods(page).getByRole('radio', { name: method }).check({ force: true });
  await clickButton(page, 'Sign the contract');
};

/** An application for a company typed by hand, at its overview with the questions answered: signing is on offer. */
const readyToSign = (subject: ApplicationSubject) => async (page: Page) => {
  await signInForTesting(page, baseUrl(), subject.person.personalId);
  await givePersonalInformation(page);
  await fillStepsThroughApi(page, baseUrl(), subject, 'AdditionalData', 'overview');
  await answerOverview(page);
};

const smartIdBaseUrl = () => server?.app.identitySimulators?.smartIdBaseUrl ?? '';

/** A signing on the phone of a Smart-ID demo account, which scans the QR code, to the state it ends in. */
const signingEnd = (name: string, heading: string, personalId: string): Screen => ({
  name,
  isMain: true,
  open: async (page) => {
    await signWith(page, 'Smart-ID');
    await chooseSigningAccountByQrCode(page, smartIdBaseUrl(), personalId);
    await page.getByRole('heading', { name: heading }).waitFor({ timeout: 20_000 });
  },
});

const errorScreens: readonly Screen[] = [
  route('error: general', '/error'),
  route('error: technical', '/error/technical'),
  route('error: network', '/error/network'),
  route('outcome: minor', '/error/minor'),
  route('outcome: cannot open', '/error/cannot-open'),
  route('outcome: document invalid', '/error/document-invalid'),
  route('outcome: application superseded', '/error/application-superseded'),
  route('outcome: started with another representative', '/error/started-with-other-representative'),
  route('outcome: already submitted', '/error/already-submitted'),
];

let releaseSignInStatus: (() => Promise<void>) | undefined;
let releaseSigningStatus: (() => Promise<void>) | undefined;

const groups: readonly Group[] = [
  {
    name: 'before sign-in',
    setUp: (page) => visit(page, '/authentication'),
    screens: [
      route('authentication: Smart-ID', '/authentication', { isMain: true }),
      {
        name: 'authentication: Smart-ID with an invalid personal ID code',
        open: async (page) => {
          await visit(page, '/authentication');
          await page.getByLabel('Personal ID code').first().fill('12345678901');
          await page.getByLabel('Personal ID code').first().blur();
          await page.getByText('Incorrect Estonian ID code').waitFor();
        },
      },
      {
        name: 'authentication: Mobile-ID',
        open: async (page) => {
          await visit(page, '/authentication');
          await page.getByRole('radio', { name: 'Mobile-ID' }).check();
          await page.getByLabel('Phone number').waitFor();
        },
      },
      {
        name: 'authentication: ID-card',
        open: async (page) => {
          await visit(page, '/authentication');
          await page.getByRole('radio', { name: 'ID-card' }).check();
          await page.locator('#id-card-hint').waitFor();
        },
      },
      {
        name: 'verification code',
        isMain: true,
        open: async (page) => {
          // The status polls get no answer until the cases are done: the code stays on screen.
          releaseSignInStatus = await holdRequests(page, /\/oauth2\/v2\/authorize\/sid\/[^/]+\/status/);
          await startSmartIdSignIn(page, '30403039983');
          await page.getByTestId('verification-code').waitFor();
        },
        close: async (page) => {
          await releaseSignInStatus?.();
          await page.waitForURL(/\/start\/authentication-error\?error-code=SID\.TIMEOUT/, { timeout: 20_000 });
        },
      },
      route('authentication error: cancelled', '/authentication-error?error-code=COMMON.USER_CANCEL'),
      route('authentication error: Smart-ID timeout', '/authentication-error?error-code=SID.TIMEOUT'),
      route('authentication error: Smart-ID document unusable', '/authentication-error?error-code=SID.DOCUMENT_UNUSABLE'),
      route('authentication error: Mobile-ID device problem', '/authentication-error?error-code=MID.DEVICE_PROBLEM'),
      route('authentication error: ID-card without its software', '/authentication-error?error-code=IDC.NO_IMPLEMENTATION'),
      route('authentication error: technical', '/authentication-error'),
      route('visit bank', '/visit-bank'),
      {
        name: 'error boundary page',
        isOpenedPerLanguage: true,
        open: async (page, language) => {
          // A lazily loaded part that keeps failing (see shell.test.ts).
          await page.route(/\/start\/assets\/visit-bank-page-.*\.js$/, (request) => request.abort('failed'));
          await page.goto(`${baseUrl()}/start/visit-bank?lang=${language}`);
          await page.getByRole('alert').getByRole('heading', { level: 1 }).waitFor();
          await expect.poll(() => page.title()).toContain(PRODUCT_NAMES[language]);
        },
        close: (page) => page.unrouteAll(),
      },
    ],
  },
  {
    name: 'signed in as OK TESTNUMBER',
    setUp: (page) => signInForTesting(page, baseUrl(), OK_TESTNUMBER.person.personalId),
    screens: [
      route('personal information', '/personal-information', { isMain: true }),
      {
        name: 'personal information: missing answers',
        open: async (page) => {
          await visit(page, '/personal-information');
          await clickButton(page, 'Continue');
          await page
            .getByRole('checkbox', { name: /I am aware/ })
            .and(page.locator('[aria-invalid="true"]'))
            .waitFor();
        },
      },
      {
        name: 'global error dialog',
        open: async (page) => {
          // A client error the screen does not claim.
          await sendPersonalInformation(page, (request) => request.fulfill(errorAnswer(409, 'CONFLICT')));
          await page.getByRole('alertdialog').waitFor();
        },
        close: async (page) => {
          await closeModal(page);
          await page.unrouteAll();
        },
      },
      {
        name: 'general error toast',
        open: async (page) => {
          await sendPersonalInformation(page, (request) => request.fulfill(errorAnswer(503, 'UNAVAILABLE')));
          await holdToast(page, 'An error occurred');
        },
        close: (page) => page.unrouteAll(),
      },
      {
        name: 'network error toast',
        open: async (page) => {
          await sendPersonalInformation(page, (request) => request.abort('internetdisconnected'));
          await holdToast(page, 'Network error');
        },
        close: (page) => page.unrouteAll(),
      },
      ...errorScreens,
    ],
  },
  {
    // Choosing a company asks the register, which needs the consent given on personal information
    // (docs/requirements.md section 1).
    name: 'signed in as OK TESTNUMBER, having consented to registry queries',
    setUp: async (page) => {
      await signInForTesting(page, baseUrl(), OK_TESTNUMBER.person.personalId);
      await givePersonalInformation(page);
    },
    screens: [
      {
        name: 'choose company: register companies, one with an account, one blocked',
        isMain: true,
        open: async (page) => {
          await visit(page, '/choose-company');
          await page.getByRole('heading', { level: 1, name: 'Choose a company' }).waitFor();
        },
      },
      {
        name: 'choose company: nothing chosen',
        open: async (page) => {
          await visit(page, '/choose-company');
          await clickButton(page, 'Continue');
          await page.locator('fieldset[aria-invalid="true"]').waitFor();
        },
      },
      {
        name: 'choose company: manual form',
        isMain: true,
        open: async (page) => {
          await visit(page, '/choose-company');
          await page.locator('label', { hasText: 'My company is not in the list' }).click();
          await page.getByLabel('Business name').waitFor();
        },
      },
      {
        name: 'choose company: manual form with missing answers',
        open: async (page) => {
          await clickButton(page, 'Continue');
          await page.getByLabel('Business name').and(page.locator('[aria-invalid="true"]')).waitFor();
        },
      },
    ],
  },
  {
    name: 'signed in as ADULT TESTNUMBER, with applications in progress',
    setUp: async (page) => {
      await signInForTesting(page, baseUrl(), '50001029996');
      await givePersonalInformation(page);
      // An application for a company without a registry code: the pending manual entry.
      await fillStepsThroughApi(page, baseUrl(), byHand('50001029996', 'ADULT', 'Uus Idee OÜ'), 'AccountOpeningReason', 'opening-reasons');
    },
    screens: [route('choose company: pending applications', '/choose-company')],
  },
  {
    name: 'Põhjala Puit AS as the register has it',
    setUp: async (page) => {
      await signInForTesting(page, baseUrl(), OK_TESTNUMBER.person.personalId);
      await givePersonalInformation(page);
    },
    screens: [
      {
        name: 'opening reasons: nothing chosen',
        open: async (page) => {
          await fillStepsThroughApi(page, baseUrl(), POHJALA_PUIT, 'AccountOpeningReason', 'opening-reasons');
          await page.getByRole('heading', { level: 1, name: 'Reasons for opening the account' }).waitFor();
          await continueButton(page).click();
          await page.locator('fieldset[aria-invalid="true"]').first().waitFor();
        },
      },
      {
        name: 'company information: missing answers',
        open: async (page) => {
          await page.getByRole('checkbox', { name: /Deposit/ }).check({ force: true });
          await continueButton(page).click();
          await page.getByRole('heading', { level: 1, name: 'Company information' }).waitFor();
          await page.getByLabel('Business e-mail').waitFor();
          await continueButton(page).click();
          await page.locator('[aria-invalid="true"]').first().waitFor();
        },
      },
      {
        name: 'incomes: missing answers',
        open: async (page) => {
          await fillStepsThroughApi(page, baseUrl(), POHJALA_PUIT, 'Incomes', 'incomes');
          await page.getByRole('heading', { level: 1, name: 'Incomes and expenses' }).waitFor();
          await continueButton(page).click();
          await page.locator('fieldset[aria-invalid="true"]').first().waitFor();
        },
      },
      {
        name: 'related persons: from the register, details missing',
        isMain: true,
        open: async (page) => {
          await fillStepsThroughApi(page, baseUrl(), POHJALA_PUIT, 'RelatedPersons', 'related-persons');
          await page.getByRole('article', { name: 'Põhjala Grupp OÜ' }).waitFor();
        },
      },
      {
        name: 'related persons: Continue with problems',
        open: async (page) => {
          await continueButton(page).click();
          await page.locator('[aria-live="polite"] p').first().waitFor();
        },
      },
      {
        name: 'related person modal: completing the details',
        open: async (page) => {
          await page
            .getByRole('button', { name: /^Complete the details: / })
            .first()
            .click();
          await page.getByRole('dialog').locator('[aria-invalid="true"]').first().waitFor();
        },
        close: closeModal,
      },
      {
        name: 'related person modal: adding a legal entity',
        open: async (page) => {
          await clickButton(page, 'Add a legal entity');
          await page.getByRole('dialog', { name: 'Add a legal entity' }).waitFor();
        },
        close: closeModal,
      },
      {
        name: 'remove person modal',
        open: async (page) => {
          await page.getByRole('button', { name: 'Remove: Põhjala Grupp OÜ' }).click();
          await page.getByRole('dialog').waitFor();
        },
        close: closeModal,
      },
    ],
  },
  {
    name: 'Jõeorg Konsultatsioonid OÜ, every step answered',
    setUp: async (page) => {
      await signInForTesting(page, baseUrl(), JAAK_KRISTJAN.person.personalId);
      await givePersonalInformation(page);
      await fillStepsThroughApi(page, baseUrl(), JAAK_KRISTJAN, 'AdditionalData', 'overview');
    },
    screens: [
      route('opening reasons', '/application/opening-reasons', { isMain: true }),
      route('company information', '/application/company-information', { isMain: true }),
      route('incomes', '/application/incomes', { isMain: true }),
      {
        name: 'related persons',
        isMain: true,
        open: async (page) => {
          await visit(page, '/application/related-persons');
          await page.getByRole('article').first().waitFor();
        },
      },
      {
        name: 'related person modal: editing',
        isMain: true,
        open: async (page) => {
          await page
            .getByRole('button', { name: /^Edit: / })
            .first()
            .click();
          await page.getByRole('dialog').waitFor();
        },
        close: closeModal,
      },
      {
        name: 'related person modal: adding a private person',
        open: async (page) => {
          await clickButton(page, 'Add a private person');
          await page.getByRole('dialog', { name: 'Add a private person' }).waitFor();
        },
        close: closeModal,
      },
      {
        name: 'save and continue later: confirmation',
        isMain: true,
        open: async (page) => {
          await clickButton(page, 'Save and continue later');
          await page.getByRole('dialog', { name: 'Save and continue later?' }).waitFor();
        },
        close: closeModal,
      },
      {
        name: 'save and continue later: link sent',
        open: async (page) => {
          await clickButton(page, 'Save and continue later');
          await clickButton(page, 'Save and send the link');
          await page.getByText('The link has been sent').waitFor();
        },
        close: closeModal,
      },
      route('overview', '/application/overview', { isMain: true }),
      {
        name: 'overview: missing answers',
        open: async (page) => {
          await continueButton(page).click();
          await page.locator('[aria-invalid="true"]').first().waitFor();
        },
      },
      {
        name: 'identification location picker: branches',
        isMain: true,
        open: async (page) => {
          await clickButton(page, 'Choose an office');
          await page
            .getByRole('dialog', { name: 'Choose an identification location' })
            .getByRole('button', { name: /Choose/ })
            .first()
            .waitFor();
        },
        close: closeModal,
      },
      {
        name: 'identification location picker: banking points, cash service only',
        open: async (page) => {
          await clickButton(page, 'Choose an office');
          const picker = page.getByRole('dialog', { name: 'Choose an identification location' });
          await picker.getByRole('tab', { name: 'Banking points' }).click();
          await picker.getByRole('checkbox').check({ force: true });
        },
        close: closeModal,
      },
      {
        name: 'signing: method choice',
        isMain: true,
        open: async (page) => {
          await answerOverview(page);
          await signingMethods(page).waitFor();
        },
      },
      {
        name: 'signing: Mobile-ID with the phone number',
        open: async (page) => {
          await signingMethods(page).getByRole('radio', { name: 'Mobile-ID' }).check({ force: true });
          await page.getByLabel('Phone number').waitFor();
        },
      },
      {
        name: 'success',
        isMain: true,
        open: async (page) => {
          await signWith(page, 'ID-card');
          await page.waitForURL(`${baseUrl()}/start/success`, { timeout: 20_000 });
          await page.getByText('Contract signed').waitFor();
        },
      },
    ],
  },
  {
    name: 'signing as a Smart-ID account that refuses',
    setUp: readyToSign(byHand('30403039917', 'REFUSED', 'Keeldumise OÜ')),
    screens: [
      {
        name: 'signing: QR code to choose the Smart-ID account',
        isMain: true,
        open: async (page) => {
          await signWith(page, 'Smart-ID');
          await page.getByRole('img', { name: 'QR code for signing with Smart-ID' }).waitFor();
        },
      },
      {
        name: 'signing: waiting for PIN2',
        isMain: true,
        open: async (page) => {
          await chooseSigningAccountByQrCode(page, smartIdBaseUrl(), '30403039917');
          // Once the account is chosen, PIN2 is asked in the app; the screen is held there.
          await page.getByRole('heading', { name: 'Enter PIN2' }).waitFor({ timeout: 20_000 });
          releaseSigningStatus = await holdRequests(page, /\/onboarding\/applications\/[^/]+\/signing\/[^/]+$/);
        },
        close: async () => releaseSigningStatus?.(),
      },
      {
        name: 'signing: cancelled',
        isMain: true,
        open: (page) => page.getByRole('heading', { name: 'Signing cancelled' }).waitFor({ timeout: 20_000 }),
      },
    ],
  },
  {
    name: 'signing as a Smart-ID account that does not answer',
    setUp: readyToSign(byHand('30403039983', 'TIMEOUT', 'Ootamise OÜ')),
    screens: [signingEnd('signing: terminated', 'Time ran out', '30403039983')],
  },
  {
    name: 'signing as a Smart-ID account with an unusable document',
    setUp: readyToSign(byHand('30403039994', 'UNUSABLE', 'Vana Dokumendi OÜ')),
    screens: [signingEnd('signing: unsuccessful', 'Signing failed', '30403039994')],
  },
  {
    name: 'the session',
    setUp: async (page) => {
      await page.clock.install();
      await signInForTesting(page, baseUrl(), JAAK_KRISTJAN.person.personalId);
    },
    screens: [
      {
        name: 'session-timeout warning',
        isMain: true,
        open: showSessionWarning,
      },
      {
        name: 'authentication after logging out, with the toast',
        open: async (page) => {
          await showSessionWarning(page);
          await clickButton(page, 'No, log out');
          await page.waitForURL(`${baseUrl()}/start/authentication`);
          await holdToast(page, 'You have logged out');
        },
      },
    ],
  },
];

for (const group of groups) {
  describe(group.name, () => {
    let page: Page | undefined;
    let shown: { screen: Screen; language: Language } | undefined;

    beforeAll(async () => {
      if (!browser) throw new Error('the browser did not start');
      page = await newPage(browser, WIDE);
      await group.setUp(page);
    });
    afterAll(async () => {
      await page?.context().close();
    });

    /** Brings up the screen in the language, reusing what is on the page already. */
    async function show(current: Page, screen: Screen, language: Language) {
      if (shown?.screen === screen && shown.language === language) return;
      const previous = shown;
      shown = undefined;
      if (previous && previous.screen !== screen) await previous.screen.close?.(current);
      if (screen.isOpenedPerLanguage) {
        if (previous?.screen === screen) await screen.close?.(current);
        await screen.open(current, language);
      } else {
        if (previous?.screen !== screen) {
          // The steps of open() find things by their English names.
          await switchLanguage(current, 'en');
          await screen.open(current, language);
        }
        await switchLanguage(current, language);
      }
      shown = { screen, language };
    }

    for (const screen of group.screens) {
      for (const language of LANGUAGES) {
        // Every screen is seen at a phone's width at least in English, the main ones in every language.
        for (const width of screen.isMain || SCREENSHOTS || language === 'en' ? [WIDE, NARROW] : [WIDE]) {
          it(`${screen.name} — ${language.toUpperCase()}, ${String(width)} px`, async () => {
            if (!page) throw new Error('the page did not open');
            await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
            await stayActive(page);
            await show(page, screen, language);
            await expectNoAxeViolations(page);
            // WCAG 1.4.10 (reflow), which axe does not check: at a phone's width nothing needs scrolling sideways.
            if (width === NARROW) expect(await horizontalOverflow(page)).toEqual([]);
            // WCAG 2.2 2.5.8 and a thumb's size for actions, as a finger reaches them on a phone.
            if (width === NARROW) expect(await smallTargets(page)).toEqual([]);
            if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${fileNameOf(screen.name)}-${language}-${String(width)}.png`, fullPage: true });
          });
        }
      }
    }
  });
}
