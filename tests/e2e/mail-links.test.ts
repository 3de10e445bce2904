import { describe, expect, it } from 'vitest';
import { callApi } from './support/api.js';
import { startApplication } from './support/journey.js';
import { newPage, readSessionStorage } from './support/pages.js';
import { useBrowserSuite } from './support/suite.js';

const suite = useBrowserSuite();

type MailboxMessage = { template: string; language: string; links: string[] };

describe('the links of the mails (decision 45), in Chromium', () => {
  it('the Russian save-and-continue-later link opens the sign-in in Russian, and after it the application at its step', async () => {
    const { page, server, browser } = suite;
    await startApplication(page, server.baseUrl, { personalId: '38001085718', company: /Jõeorg Konsultatsioonid OÜ/ });
    // The bank writes in the language the personal information was given in: Russian, as if given on a Russian page.
    const saved = await callApi(page, 'PUT', '/onboarding/representative/personal-information', {
      email: 'jaak@example.ee',
      phone: '+372 5123 4567',
      hasConsentedToRegistryQueries: true,
      language: 'ru',
    });
    expect(saved.status).toBe(200);
    const processId = await readSessionStorage(page, 'processId');
    await page.getByRole('button', { name: 'Save and continue later' }).click();
    await page.getByRole('dialog', { name: 'Save and continue later?' }).getByRole('button', { name: 'Save and send the link' }).click();
    await page.getByText('The link has been sent').waitFor();

    const mailbox = (await (await fetch(`${server.baseUrl}/dev/mailbox/messages.json?recipient=jaak@example.ee`)).json()) as MailboxMessage[];
    const mail = mailbox.find((message) => message.template === 'SAVE_AND_CONTINUE_LATER');
    expect(mail?.language).toBe('ru');
    const link = new URL(mail?.links[0] ?? '');
    expect(link.searchParams.get('lang')).toBe('ru');
    expect(link.searchParams.get('processId')).toBe(processId);

    // Opened on another device: a new visitor, who has never chosen a language here.
    const elsewhere = await newPage(browser, 360);
    await elsewhere.goto(`${server.baseUrl}${link.pathname}${link.search}`);
    await elsewhere.waitForURL(`${server.baseUrl}/start/authentication`);
    await elsewhere.getByRole('heading', { level: 1, name: 'Вход' }).waitFor();
    expect(await elsewhere.locator('html').getAttribute('lang')).toBe('ru');
    const test = elsewhere.getByRole('region', { name: 'Тестовый вход' });
    await test.getByRole('textbox').fill('38001085718');
    await test.getByRole('button', { name: 'Войти для тестирования' }).click();
    // Straight to the application's step: no personal information, no company list on the way.
    await elsewhere.waitForURL(/\/start\/application\/opening-reasons$/);
    await elsewhere.getByRole('heading', { level: 1, name: 'Причины открытия счёта' }).waitFor();
    await elsewhere.context().close();
  });
});
