import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '@onboarding/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_DIR, loadBrand } from '../../apps/api/src/brand/index.js';
import { mailLookOf } from '../../apps/api/src/modules/mail/mail-look.js';
import { MAIL_TEMPLATE_NAMES, renderMail, type MailTemplateName, type MailTemplateParams } from '../../apps/api/src/modules/mail/templates/index.js';
import { expectNoAxeViolations, MAIL_PAGE_RULES } from './support/accessibility.js';
import { newPage } from './support/pages.js';
import { useBrowserSuite } from './support/suite.js';
import { ACTION_MINIMUM } from './support/targets.js';

const suite = useBrowserSuite();

/** Set to a folder to keep each mail as a PNG (one per template, language and width), to look at. */
const SCREENSHOTS = process.env.MAIL_SCREENSHOTS;

const support = { supportEmail: 'ettevotlus@pank.ee', supportPhone: '+372 600 0000' };
const common = { representativeName: 'Jaak-Kristjan Jõeorg', businessName: 'Jõeorg Konsultatsioonid OÜ', applicationNumber: 100042, ...support };

/** A board member's invitation to sign, and a related person's to give their own details: the same parameters. */
const invitation = (baseUrl: string) => ({
  inviteeName: 'Mary Änn O’Connež-Šuslik',
  applicantName: common.representativeName,
  businessName: common.businessName,
  registryCode: '19013347',
  validUntil: '2026-12-13',
  isIdCardOffered: true,
  link: `${baseUrl}/start/invitation?token=abc`,
  ...support,
});

/** Every mail the product sends, with what a real one carries (the longest names the glossary's examples give). */
const SAMPLES: { [Name in MailTemplateName]: (baseUrl: string) => MailTemplateParams[Name] } = {
  SAVE_AND_CONTINUE_LATER: (baseUrl) => ({ ...common, isIdCardOffered: true, link: `${baseUrl}/start/application?processId=5f0c6a8e&lang=et` }),
  APPLICATION_SUBMITTED: (baseUrl) => ({
    ...common,
    followUp: 'IDENTIFY_IN_OFFICE',
    feeInvoice: 'SENT_SEPARATELY',
    office: { name: 'Tallinna Liivalaia kontor', address: 'Liivalaia 8, 10118 Tallinn', openingHours: 'E–R 9.00–18.00' },
    link: `${baseUrl}/start/success?processId=5f0c6a8e`,
  }),
  SERVICE_FEE_INVOICE: (baseUrl) => ({
    ...common,
    amountCents: 3500,
    dueDate: '2026-12-13',
    payeeName: 'Pank AS',
    payeeIban: 'EE382200221020145685',
    paymentReference: '1000423',
    link: `${baseUrl}/start/success?processId=5f0c6a8e`,
  }),
  DECISION_RECORDED: (baseUrl) => ({
    ...common,
    decision: { type: 'APPROVED', accountNumber: 'EE382200221020145685' },
    link: `${baseUrl}/start/success?processId=5f0c6a8e`,
  }),
  EMAIL_CONFIRMATION_CODE: () => ({ representativeName: common.representativeName, code: '042917', validMinutes: 10, ...support }),
  CO_SIGNING_INVITATION: (baseUrl) => invitation(baseUrl),
  DETAILS_REQUEST: (baseUrl) => invitation(baseUrl),
};

const render = <Name extends MailTemplateName>(name: Name, language: Locale, baseUrl: string) =>
  renderMail(name, language, SAMPLES[name](baseUrl), mailLookOf(loadBrand(DEFAULT_BRAND_DIR), baseUrl));

describe('the mails as a mail program draws them, in Chromium', () => {
  it.each(MAIL_TEMPLATE_NAMES)('%s: the logo shows, nothing is wider than a phone, buttons are a thumb’s size, axe finds nothing', async (name) => {
    const { server, browser } = suite;
    if (SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
    const pages = { 360: await newPage(browser, 360), 1280: await newPage(browser, 1280) };
    for (const language of LOCALES) {
      const mail = await render(name, language, server.baseUrl);
      for (const [width, page] of Object.entries(pages)) {
        // As a webmail shows it: from another origin than the bank's, which serves the logo.
        await page.setContent(mail.html, { waitUntil: 'load' });
        const logo = page.getByRole('img', { name: 'Pank AS' });
        expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} ${language} at ${width} px`).toBeLessThanOrEqual(0);
        for (const button of await page.getByRole('link').all()) {
          const box = await button.boundingBox();
          expect(box?.height ?? 0, `${name} ${language}: ${await button.innerText()}`).toBeGreaterThanOrEqual(ACTION_MINIMUM);
        }
        if (width === '360') await expectNoAxeViolations(page, { disabledRules: MAIL_PAGE_RULES });
        if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${language}-${width}.png`), fullPage: true });
      }
    }
    await Promise.all(Object.values(pages).map((page) => page.context().close()));
  });
});
