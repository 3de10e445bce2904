import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../apps/web/src/i18n/en.json' with { type: 'json' };
import et from '../../apps/web/src/i18n/et.json' with { type: 'json' };
import ru from '../../apps/web/src/i18n/ru.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/accessibility.js';
import { fillStepsThroughApi } from './support/api.js';
import { givePersonalInformation } from './support/journey.js';
import { signInForTesting } from './support/pages.js';
import { useBrowserSuite } from './support/suite.js';
import { JAAK_KRISTJAN } from '@onboarding/domain/test-support';

/**
 * A request the rate limits refuse (429 with Retry-After) is explained where
 * it was made: on the sign-in screen and in the save-and-continue dialog,
 * with the clock time to retry at, in each language. The limits are the
 * server's own (one start per address and person, one mail per application).
 */
const suite = useBrowserSuite({
  SIMULATOR_COMPLETION_DELAY_MS: '60000',
  RATE_LIMIT_STARTS_PER_PERSON: '1',
  SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR: '1',
});

const TEXTS = { en, et, ru } as const;
type Language = keyof typeof TEXTS;
const LANGUAGES: Language[] = ['en', 'et', 'ru'];
/** "after 9:05" in EN and RU, "pärast kella 9.05" in ET. */
const CLOCK_TIME = { en: /\d{1,2}:\d{2}\.$/, et: /\d{1,2}\.\d{2}\.$/, ru: /\d{1,2}:\d{2}\.$/ } as const;

async function startSmartId(page: Page, language: Language, personalId: string): Promise<void> {
  const texts = TEXTS[language];
  await page.goto(`${suite.server.baseUrl}/start/authentication?lang=${language}`);
  await page.getByRole('radio', { name: texts.AUTH.METHOD.SMART_ID }).check();
  await page.getByLabel(texts.AUTH.PERSONAL_ID_LABEL).first().fill(personalId);
  await page.getByRole('button', { name: texts.AUTH.SUBMIT, exact: true }).click();
}

describe('rate limit refusals in the browser', () => {
  it('the sign-in screen says when a refused start may be tried again, in ET, EN and RU', async () => {
    const { page } = suite;
    // The one start this address has for this person: it waits on the phone; the person goes back.
    await startSmartId(page, 'en', '40504040001');
    await page.waitForURL(/\/start\/authentication-verification-code/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/start\/authentication(\?|$)/);

    for (const language of LANGUAGES) {
      const texts = TEXTS[language];
      await startSmartId(page, language, '40504040001');
      const notice = page.getByRole('alert').filter({ hasText: texts.ERRORS.RATE_LIMITED.TITLE });
      await notice.waitFor();
      const text = (await notice.textContent()) ?? '';
      expect(text).toContain(texts.ERRORS.RATE_LIMITED.MESSAGE.split('{{time}}')[0] ?? '');
      expect(text).toMatch(CLOCK_TIME[language]);
      expect(page.url()).toMatch(/\/start\/authentication\?/);
      await expectNoAxeViolations(page);
    }
  });

  it('the save-and-continue dialog says when another link may be asked for, in ET, EN and RU', async () => {
    const { page, server } = suite;
    await signInForTesting(page, server.baseUrl, '38001085718');
    await givePersonalInformation(page);
    await fillStepsThroughApi(page, server.baseUrl, JAAK_KRISTJAN, 'Incomes', 'incomes');
    const open = (language: Language) => page.getByRole('button', { name: TEXTS[language].APPLICATION.SAVE_AND_CONTINUE_LATER.OPEN });

    // The one mail this application has this hour.
    await open('en').click();
    await page.getByRole('button', { name: en.APPLICATION.SAVE_AND_CONTINUE_LATER.CONFIRM }).click();
    await page.getByRole('dialog', { name: en.APPLICATION.SAVE_AND_CONTINUE_LATER.SENT_TITLE }).waitFor();
    await page.getByRole('button', { name: en.APPLICATION.SAVE_AND_CONTINUE_LATER.KEEP_FILLING }).click();

    for (const language of LANGUAGES) {
      const texts = TEXTS[language].APPLICATION.SAVE_AND_CONTINUE_LATER;
      await page.goto(`${server.baseUrl}/start/application/incomes?lang=${language}`);
      await open(language).click();
      const dialog = page.getByRole('dialog', { name: texts.TITLE });
      await dialog.getByRole('button', { name: texts.CONFIRM }).click();
      const notice = dialog.getByRole('alert');
      await notice.waitFor();
      const text = (await notice.textContent()) ?? '';
      expect(text).toContain(TEXTS[language].ERRORS.RATE_LIMITED.TITLE);
      expect(text).toMatch(CLOCK_TIME[language]);
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: texts.CANCEL }).click();
    }
  });
});
