import { FOLLOW_UPS, LOCALES, type FollowUp } from '@onboarding/domain';
import { describe, expect, it } from 'vitest';
import { quoteApplicantText } from './applicant-text.js';
import { escapeHtml } from './escape-html.js';
import { MAIL_TEMPLATE_NAMES, renderMail, type SaveAndContinueLaterParams } from './index.js';
import { DEFAULT_BRAND_DIR, loadBrand } from '../../../brand/index.js';
import { mailLookOf } from '../mail-look.js';

const look = mailLookOf(loadBrand(DEFAULT_BRAND_DIR), 'http://localhost:3000');

const params: SaveAndContinueLaterParams = {
  representativeName: 'Mari Maasikas',
  businessName: 'Näidis OÜ',
  applicationNumber: 100042,
  isIdCardOffered: true,
  link: 'http://localhost:3000/start/?processId=5f0c6a8e-1b2c-4d3e-8f90-a1b2c3d4e5f6',
  supportEmail: 'ettevotlus@pank.ee',
  supportPhone: '+372 600 0000',
};

const hostile = {
  representativeName: '<script>alert("x")</script>',
  businessName: `Tom & Jerry's "Best" <b>OÜ</b>`,
  applicationNumber: 100042,
  isIdCardOffered: true,
  link: 'http://localhost:3000/start/?processId=1&x="><img src=x onerror=alert(1)>',
  supportEmail: 'a<b>@pank.ee',
  supportPhone: '+372 <600>',
} satisfies SaveAndContinueLaterParams;

/** The business name of the probe that sent 25 mails: CRLF, a right-to-left override and a URL. */
const PROBE_BUSINESS_NAME = 'Evil OÜ\r\nYour account is blocked, log in at https://evil.example/login \u202Ekcolbnu\u202C';

/** Neither part, nor the subject, holds the raw characters of the probe or a link to its URL. */
function expectNoRawApplicantText(mail: { subject: string; text: string; html: string }): void {
  for (const part of [mail.subject, mail.text, mail.html]) {
    expect(part).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\r]/);
    expect(part).not.toContain('evil.example');
    expect(part).not.toContain('https://evil');
  }
  expect(mail.subject).not.toContain('\n');
  expect(mail.text).not.toContain('OÜ\nYour account');
  expect(mail.html).not.toMatch(/<a [^>]*evil/);
  expect(mail.text).toContain('https[:]//evil[.]example/login');
}

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', async () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;');
    expect(escapeHtml('Näidis OÜ — Пример')).toBe('Näidis OÜ — Пример');
  });
});

describe('the save-and-continue-later mail', () => {
  const expected = {
    et: {
      subject: 'Sinu ettevõtte konto avamise taotlus on salvestatud',
      greeting: 'Tere, Mari Maasikas!',
      signIn: 'uuesti sisse logima iseendana',
      alone: 'Link üksi taotlust ei ava.',
      number: 'Taotluse number',
    },
    en: {
      subject: 'Your business account application has been saved',
      greeting: 'Hello Mari Maasikas,',
      signIn: 'sign in again as yourself',
      alone: 'The link alone does not open the application.',
      number: 'Application number',
    },
    ru: {
      subject: 'Ваше заявление на открытие счёта компании сохранено',
      greeting: 'Здравствуйте, Mari Maasikas!',
      signIn: 'снова войти в систему лично',
      alone: 'Сама по себе ссылка заявление не открывает.',
      number: 'Номер заявления',
    },
  } as const;

  it.each(LOCALES)('renders in %s with every parameter, in the plain text and the HTML', async (language) => {
    const mail = await renderMail('SAVE_AND_CONTINUE_LATER', language, params, look);
    const words = expected[language];
    expect(mail.subject).toBe(words.subject);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(words.greeting);
      expect(part).toContain(words.signIn);
      expect(part).toContain(words.alone);
      expect(part).toContain('Näidis OÜ');
      expect(part).toContain(`${words.number}: 100042`);
      expect(part).toContain('ettevotlus@pank.ee');
      expect(part).toContain('+372 600 0000');
    }
    expect(mail.text).toContain(`\n${params.link}\n`);
    // The link is a button named by what it does; the plain text keeps the address.
    expect(mail.html).toContain(`href="${params.link}"`);
    expect(mail.html).toContain(`<html lang="${language}"`);
    expect(mail.html).toContain(`<title>${words.subject}</title>`);
  });

  it.each(LOCALES)('escapes every parameter in the %s HTML and leaves the plain text as given but for the quoted business name', async (language) => {
    const mail = await renderMail('SAVE_AND_CONTINUE_LATER', language, hostile, look);
    // The logo is an <img>; the hostile one is not.
    expect(mail.html).not.toMatch(/<script|<b>|<img src=x|<600>|a<b>/);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('Tom &amp; Jerry&#39;s &#39;Best&#39; &lt;b&gt;OÜ&lt;/b&gt;');
    expect(mail.html).toContain('href="http://localhost:3000/start/?processId=1&amp;x=&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(mail.html).toContain('a&lt;b&gt;@pank.ee');
    expect(mail.html).toContain('+372 &lt;600&gt;');
    expect(mail.text).toContain(hostile.representativeName);
    expect(mail.text).toContain(quoteApplicantText(hostile.businessName, language));
  });

  it.each(LOCALES)('shows in %s a business name with line breaks, bidi controls and a URL only quoted, on one line and not as a link', async (language) => {
    const mail = await renderMail('SAVE_AND_CONTINUE_LATER', language, { ...params, businessName: PROBE_BUSINESS_NAME }, look);
    expectNoRawApplicantText(mail);
    expect(mail.text).toContain(quoteApplicantText(PROBE_BUSINESS_NAME, language));
  });

  it.each([
    ['et', 'Smart-ID, Mobiil-ID või ID-kaardiga.', 'Smart-ID või Mobiil-ID-ga.'],
    ['en', 'with Smart-ID, Mobile-ID or ID-card.', 'with Smart-ID or Mobile-ID.'],
    ['ru', 'с помощью Smart-ID, Mobiil-ID или ID-карты.', 'с помощью Smart-ID или Mobiil-ID.'],
  ] as const)('names in %s the ID-card among the sign-in methods only when sign-in offers it', async (language, withCard, withoutCard) => {
    expect((await renderMail('SAVE_AND_CONTINUE_LATER', language, params, look)).text).toContain(withCard);
    const without = (await renderMail('SAVE_AND_CONTINUE_LATER', language, { ...params, isIdCardOffered: false }, look)).text;
    expect(without).toContain(withoutCard);
    expect(without).not.toMatch(/ID-kaart|ID-card|ID-карт/);
  });

  it('has a different text in each language', async () => {
    const subjects = new Set(await Promise.all(LOCALES.map(async (language) => (await renderMail('SAVE_AND_CONTINUE_LATER', language, params, look)).subject)));
    expect(subjects.size).toBe(LOCALES.length);
  });
});

describe('the template registry', () => {
  it('names every template and renders each in every language', async () => {
    expect(MAIL_TEMPLATE_NAMES).toEqual([
      'SAVE_AND_CONTINUE_LATER',
      'APPLICATION_SUBMITTED',
      'SERVICE_FEE_INVOICE',
      'DECISION_RECORDED',
      'EMAIL_CONFIRMATION_CODE',
      'CO_SIGNING_INVITATION',
      'DETAILS_REQUEST',
    ]);
    for (const language of LOCALES) {
      const mail = await renderMail('SAVE_AND_CONTINUE_LATER', language, params, look);
      expect(mail.subject).not.toBe('');
      expect(mail.text.trim()).not.toBe('');
      expect(mail.html).toMatch(/^<!doctype html>/);
    }
  });
});

describe('CO_SIGNING_INVITATION', () => {
  const invitation = {
    inviteeName: 'Mari Maasikas',
    applicantName: 'Jaak-Kristjan Jõeorg',
    businessName: 'Jõeorg Konsultatsioonid OÜ',
    registryCode: '12345678',
    validUntil: '13.12.2026',
    isIdCardOffered: false,
    link: 'https://pank.example/start/invitation/abc',
    supportEmail: 'abi@pank.example',
    supportPhone: '+372 600 0000',
  };

  it.each(LOCALES)('in %s names who asks, for which company, the link, its last day, and only the methods offered', async (language) => {
    const mail = await renderMail('CO_SIGNING_INVITATION', language, invitation, look);
    for (const text of [
      'Mari Maasikas',
      'Jaak-Kristjan Jõeorg',
      'Jõeorg Konsultatsioonid OÜ',
      '12345678',
      'https://pank.example/start/invitation/abc',
      '13.12.2026',
    ])
      expect(mail.text).toContain(text);
    expect(mail.text).not.toMatch(/ID-ka|ID-card|ID-карт/);
    expect((await renderMail('CO_SIGNING_INVITATION', language, { ...invitation, isIdCardOffered: true }, look)).text).toMatch(/ID-kaardiga|ID-card|ID-карты/);
  });
});

describe('DETAILS_REQUEST', () => {
  const request = {
    inviteeName: 'Mari Maasikas',
    applicantName: 'Jaak-Kristjan Jõeorg',
    businessName: 'Jõeorg Konsultatsioonid OÜ',
    registryCode: '12345678',
    validUntil: '13.12.2026',
    isIdCardOffered: true,
    link: 'https://pank.example/start/invitation/abc',
    supportEmail: 'abi@pank.example',
    supportPhone: '+372 600 0000',
  };

  it.each(LOCALES)('in %s names who asks, for which company, what is asked, the link and its last day', async (language) => {
    const mail = await renderMail('DETAILS_REQUEST', language, request, look);
    for (const text of ['Jaak-Kristjan Jõeorg', 'Jõeorg Konsultatsioonid OÜ', '12345678', request.link, '13.12.2026']) expect(mail.text).toContain(text);
    // The invited person's name is the applicant's typing: not written.
    expect(mail.text).not.toContain('Mari Maasikas');
    // A company the register does not know has no registry code to name.
    expect((await renderMail('DETAILS_REQUEST', language, { ...request, registryCode: '' }, look)).text).not.toMatch(
      /registrikood|registry code|регистрационный код/,
    );
  });
});

describe('APPLICATION_SUBMITTED', () => {
  const submitted = (followUp: FollowUp) => ({
    representativeName: 'Jaak-Kristjan Jõeorg',
    businessName: 'Jõeorg Konsultatsioonid OÜ',
    applicationNumber: 100042,
    followUp,
    feeInvoice: 'SENT_SEPARATELY' as const,
    office: { name: 'Tallinna kontor', address: 'Liivalaia 8, Tallinn', openingHours: 'E–R 9.00–18.00' },
    link: 'https://pank.example/start/',
    supportEmail: 'abi@pank.example',
    supportPhone: '+372 600 0000',
  });

  it.each(LOCALES.flatMap((language) => FOLLOW_UPS.map((followUp) => [language, followUp] as const)))(
    'says in %s what happens next for %s',
    async (language, followUp) => {
      const mail = await renderMail('APPLICATION_SUBMITTED', language, submitted(followUp), look);
      expect(mail.text).toContain('Jõeorg Konsultatsioonid OÜ');
      expect(mail.text).toContain('https://pank.example/start/');
      expect(mail.text.includes('Liivalaia 8, Tallinn')).toBe(followUp === 'IDENTIFY_IN_OFFICE');
      expect(mail.text).toMatch(/(Taotluse number|Application number|Номер заявления): 100042\n/);
    },
  );

  it.each([
    [
      'et',
      'Leping koos sinu digiallkirjaga on selle e-kirja manuses allkirjastatud konteinerina (.asice). Ava see DigiDoc4-ga. Lepingu saad alla laadida ka siis, kui logid sisse:',
    ],
    [
      'en',
      'The contract with your digital signature is attached to this e-mail as a signed container (.asice). Open it in DigiDoc4. You can also download it after signing in:',
    ],
    [
      'ru',
      'Договор с вашей цифровой подписью приложен к этому письму в виде подписанного контейнера (.asice). Откройте его в DigiDoc4. Договор также можно скачать после входа в систему:',
    ],
  ] as const)('says in %s that the signed container is attached and can also be downloaded after signing in', async (language, sentence) => {
    const mail = await renderMail('APPLICATION_SUBMITTED', language, submitted('MANAGER_CONTACT'), look);
    expect(mail.text).toContain(`${sentence}\n\nhttps://pank.example/start/`);
    expect(mail.html).toContain(sentence);
  });

  it.each([
    [
      'et',
      {
        SENT_SEPARATELY: 'Saadame sulle eraldi e-kirjaga arve konto avamise teenustasu kohta.',
        SENT_BEFORE: 'Arve konto avamise teenustasu kohta saatsime sulle varem, see kehtib edasi.',
        FROM_THE_BANK: 'Pank saadab sulle arve konto avamise teenustasu kohta.',
      },
    ],
    [
      'en',
      {
        SENT_SEPARATELY: 'We are sending you the invoice for the account opening service fee in a separate e-mail.',
        SENT_BEFORE: 'We sent you the invoice for the account opening service fee before; it is still valid.',
        FROM_THE_BANK: 'The bank will send you the invoice for the account opening service fee.',
      },
    ],
    [
      'ru',
      {
        SENT_SEPARATELY: 'Мы отправим вам счёт-фактуру за открытие счёта отдельным письмом.',
        SENT_BEFORE: 'Мы отправили вам счёт-фактуру за открытие счёта ранее, она остаётся в силе.',
        FROM_THE_BANK: 'Банк отправит вам счёт-фактуру за открытие счёта.',
      },
    ],
  ] as const)('promises in %s a separate invoice only when one goes with it', async (language, sentences) => {
    for (const feeInvoice of ['SENT_SEPARATELY', 'SENT_BEFORE', 'FROM_THE_BANK'] as const) {
      const mail = await renderMail('APPLICATION_SUBMITTED', language, { ...submitted('PAY_SERVICE_FEE'), feeInvoice }, look);
      expect(mail.text).toContain(sentences[feeInvoice]);
      for (const other of Object.values(sentences).filter((sentence) => sentence !== sentences[feeInvoice])) expect(mail.text).not.toContain(other);
    }
  });

  it('calls the invoice in Russian a счёт-фактура, never a bare счёт', async () => {
    const mail = await renderMail('APPLICATION_SUBMITTED', 'ru', submitted('PAY_SERVICE_FEE'), look);
    expect(mail.text).toContain('счёт-фактуру');
    expect(mail.text).not.toContain('Счёт будет открыт');
  });

  it.each(LOCALES)('shows in %s the business name and the declared facts only quoted, in the subject too', async (language) => {
    const mail = await renderMail(
      'APPLICATION_SUBMITTED',
      language,
      {
        ...submitted('MANAGER_CONTACT'),
        businessName: PROBE_BUSINESS_NAME,
        discrepancies: [
          {
            fact: 'MANAGEMENT_BOARD',
            register: [{ key: 'EE38001085718', name: 'Mari Maasikas' }],
            declared: [{ key: 'EE38001085718', name: 'Mari\r\nMaasikas \u202Ehttps://evil.example' }],
          },
        ],
      },
      look,
    );
    expectNoRawApplicantText(mail);
    expect(mail.subject).toContain(quoteApplicantText(PROBE_BUSINESS_NAME, language));
    expect(mail.text).toContain(quoteApplicantText('Mari Maasikas https://evil.example', language));
  });

  it('tells each follow-up apart', async () => {
    for (const language of LOCALES) {
      const texts = new Set(
        await Promise.all(FOLLOW_UPS.map(async (followUp) => (await renderMail('APPLICATION_SUBMITTED', language, submitted(followUp), look)).text)),
      );
      expect(texts.size).toBe(FOLLOW_UPS.length);
    }
  });
});

describe('SERVICE_FEE_INVOICE', () => {
  const invoice = {
    representativeName: 'Jaak-Kristjan Jõeorg',
    businessName: 'Jõeorg Konsultatsioonid OÜ',
    applicationNumber: 100042,
    amountCents: 3500,
    dueDate: '2026-12-13',
    payeeName: 'Pank AS',
    payeeIban: 'EE382200221020145685',
    paymentReference: '1000423',
    link: 'http://localhost:3000/start/success',
    supportEmail: 'abi@pank.example',
    supportPhone: '+372 600 0000',
  };
  const expected = {
    et: {
      subject: 'Arve: konto avamise teenustasu 35,00\u00a0€, taotlus 100042',
      lines: [
        'Taotluse number: 100042',
        'Summa: 35,00\u00a0€',
        'Maksetähtaeg: 13.12.2026',
        'Saaja: Pank AS',
        'Saaja konto: EE38 2200 2210 2014 5685',
        'Viitenumber: 1000423',
      ],
      elsewhere: 'ära maksa ja võta meiega ühendust',
    },
    en: {
      subject: 'Invoice: account opening service fee of €35.00, application 100042',
      lines: [
        'Application number: 100042',
        'Amount: €35.00',
        'Due date: 13 December 2026',
        'Payee: Pank AS',
        'Payee’s account: EE38 2200 2210 2014 5685',
        'Payment reference: 1000423',
      ],
      elsewhere: 'do not pay and contact us',
    },
    ru: {
      subject: 'Счёт-фактура: плата за открытие счёта 35,00\u00a0€, заявление № 100042',
      lines: [
        'Номер заявления: 100042',
        'Сумма: 35,00\u00a0€',
        'Срок оплаты: 13.12.2026',
        'Получатель: Pank AS',
        'Счёт получателя: EE38 2200 2210 2014 5685',
        'Ссылочный номер: 1000423',
      ],
      elsewhere: 'не платите и свяжитесь с нами',
    },
  } as const;

  it.each(LOCALES)('gives in %s all a payment needs: the amount, the due date, the payee, its account and the payment reference', async (language) => {
    const mail = await renderMail('SERVICE_FEE_INVOICE', language, invoice, look);
    expect(mail.subject).toBe(expected[language].subject);
    for (const line of expected[language].lines) {
      expect(mail.text).toContain(`${line}\n`);
      expect(mail.html).toContain(escapeHtml(line));
    }
    expect(mail.text).toContain(quoteApplicantText('Jõeorg Konsultatsioonid OÜ', language));
    // Nothing left to look up in a price list.
    expect(mail.text).not.toMatch(/price list|hinnakirja|прейскуранту/);
  });

  it.each(LOCALES)('points in %s to the same invoice on the status page, and warns of mails that ask to pay elsewhere', async (language) => {
    const mail = await renderMail('SERVICE_FEE_INVOICE', language, invoice, look);
    expect(mail.text).toContain('http://localhost:3000/start/success\n');
    expect(mail.text).toContain(expected[language].elsewhere);
  });

  it.each(LOCALES)('shows in %s the business name only quoted', async (language) => {
    const mail = await renderMail('SERVICE_FEE_INVOICE', language, { ...invoice, businessName: PROBE_BUSINESS_NAME }, look);
    expectNoRawApplicantText(mail);
  });
});

describe('a company the register does not know', () => {
  const yourCompany = { et: 'sinu ettevõtte', en: 'your company', ru: 'вашей компании' } as const;
  const common = {
    representativeName: 'Mari Maasikas',
    businessName: null,
    applicationNumber: 100042,
    supportEmail: 'abi@pank.example',
    supportPhone: '+372 600 0000',
  };
  const rendered = async (language: (typeof LOCALES)[number]) =>
    Promise.all([
      await renderMail('SAVE_AND_CONTINUE_LATER', language, { ...common, isIdCardOffered: true, link: 'http://localhost:3000/start/?processId=1' }, look),
      await renderMail(
        'APPLICATION_SUBMITTED',
        language,
        {
          ...common,
          followUp: 'MANAGER_CONTACT',
          feeInvoice: 'FROM_THE_BANK',
          link: 'http://localhost:3000/start/',
        },
        look,
      ),
      await renderMail(
        'SERVICE_FEE_INVOICE',
        language,
        {
          ...common,
          amountCents: 3500,
          dueDate: '2026-12-13',
          payeeName: 'Pank AS',
          payeeIban: 'EE382200221020145685',
          paymentReference: '1000423',
          link: 'http://localhost:3000/start/success',
        },
        look,
      ),
      await renderMail('DECISION_RECORDED', language, { ...common, decision: { type: 'DECLINED' }, link: 'http://localhost:3000/start/success' }, look),
    ]);

  it.each(LOCALES)('is "your company" in %s in every mail about its application, with no name and no quotation marks', async (language) => {
    for (const mail of await rendered(language)) {
      expect(mail.text.toLowerCase()).toContain(yourCompany[language]);
      expect(mail.text).not.toMatch(/null|undefined|[„“”«»]/);
      expect(mail.subject).not.toMatch(/null|undefined|[„“”«»]/);
    }
  });
});

describe('EMAIL_CONFIRMATION_CODE', () => {
  it.each(LOCALES)('gives in %s the code on a line of its own and how long it is good for, with no link', async (language) => {
    const mail = await renderMail(
      'EMAIL_CONFIRMATION_CODE',
      language,
      {
        representativeName: 'Mari Maasikas',
        code: '042917',
        validMinutes: 10,
        supportEmail: 'abi@pank.example',
        supportPhone: '+372 600 0000',
      },
      look,
    );
    expect(mail.text).toMatch(/^042917$/m);
    expect(mail.text).toContain('10');
    expect(mail.html).not.toContain('<a ');
  });
});
