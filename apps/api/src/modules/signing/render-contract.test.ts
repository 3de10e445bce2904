import { LOCALES } from '@onboarding/domain';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_DIR, loadBrand } from '../../brand/index.js';
import { createContractRenderer, type ContractFacts } from './render-contract.js';

const renderContract = createContractRenderer(loadBrand(DEFAULT_BRAND_DIR));

const facts: ContractFacts = {
  applicationNumber: 100004,
  bankName: 'Pank AS',
  date: '2026-11-21',
  company: {
    businessName: 'Jõeorg Konsultatsioonid OÜ',
    registryCode: '19013347',
    legalAddress: 'Akadeemia tee 21, 12618 Tallinn',
    email: 'info@joeorg.ee',
    phone: '+372 5123 4567',
  },
  representative: { name: 'Jaak-Kristjan Jõeorg', personalId: '38001085718', basis: 'MANAGEMENT_BOARD_MEMBER' },
  openingReasons: { reasons: ['DOMESTICSETTLEMENTS', 'OTHER'], otherReason: 'Palgamaksed' },
  registerQueriedAt: '2026-11-21T09:30:00.000Z',
  discrepancies: [],
};

/** A procura holder who declared themselves a board member and the sole owner. */
const declaredOtherwise: ContractFacts = {
  ...facts,
  representative: { ...facts.representative, basis: 'AUTHORIZED_PERSON' },
  discrepancies: [
    { fact: 'REPRESENTATION_BASIS', register: 'AUTHORIZED_PERSON', declared: 'MANAGEMENT_BOARD_MEMBER' },
    {
      fact: 'SHAREHOLDERS',
      register: [
        { key: 'person:EE:60001019906', name: 'Mary Änn O’Connež-Šuslik', sharePercent: 70 },
        { key: 'person:EE:60001018800', name: 'OK Testnumber', sharePercent: 30 },
      ],
      declared: [{ key: 'person:EE:60001018800', name: 'OK Testnumber', sharePercent: 100 }],
    },
  ],
};

async function textOf(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

describe('renderContract', () => {
  // First in this file, so that no contract was drawn up before: the fonts' parsed tables are shared between
  // contracts, and a glyph first met inside an accented letter (õ over o) must not lose its letter in the next one.
  it('draws up the same contract whatever was drawn up before it', async () => {
    await renderContract(facts, 'ru');
    const estonian = await renderContract(facts, 'et');
    await renderContract(facts, 'en');
    expect((await renderContract(facts, 'et')).equals(estonian)).toBe(true);
    expect((await textOf(estonian)).replace(/\s+/g, ' ')).toContain('Jõeorg Konsultatsioonid OÜ');
  });

  // A shared font object would keep the parts of Õ (O and the tilde) from the first contract's font subset
  // without their letters, and a later contract whose Õ was typed as O + U+0303 would read "O+" in its text.
  it('keeps letters typed with combining marks after a contract with the same letters precomposed', async () => {
    const precomposed = 'ÕUN ÄRI ŠIK OÜ';
    const decomposed = precomposed.normalize('NFD');
    expect(decomposed).not.toBe(precomposed);
    await renderContract({ ...facts, company: { ...facts.company, businessName: precomposed } }, 'et');
    const text = await textOf(await renderContract({ ...facts, company: { ...facts.company, businessName: decomposed } }, 'et'));
    expect(text.normalize('NFC')).toContain(precomposed);
  });

  it.each([
    [
      'et',
      [
        'Ärikliendi arvelduskonto leping',
        'Jõeorg Konsultatsioonid OÜ',
        'registrikood 19013347',
        'juhatuse liige',
        'Arveldused Eestis',
        'Muu põhjus: Palgamaksed',
        'vastavalt panga kehtivale hinnakirjale',
      ],
    ],
    [
      'en',
      [
        'Business current account agreement',
        'Jaak-Kristjan Jõeorg, personal ID code 38001085718',
        'Settlements in Estonia',
        'according to the bank’s price list',
      ],
    ],
    ['ru', ['Договор расчётного счёта бизнес-клиента', 'Расчёты в Эстонии', 'согласно действующему прейскуранту банка']],
  ] as const)('writes the %s contract with the company, the representative, the services and the fee by price list', async (language, expected) => {
    const pdf = await renderContract(facts, language);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await textOf(pdf)).replace(/\s+/g, ' ');
    for (const phrase of expected) expect(text).toContain(phrase);
    expect(text).not.toMatch(/\d+(,\d\d)? ?(€|EUR)/);
  });

  it('names a company without a registry code as such', async () => {
    const text = await textOf(await renderContract({ ...facts, company: { ...facts.company, registryCode: null } }, 'en'));
    expect(text).toContain('no registry code');
  });

  it.each([
    [
      'et',
      [
        'äriregistrist seisuga 21.11.2026',
        'Andmed, mis erinevad äriregistri andmetest',
        'Äriregister: volitatud isik',
        'Esindaja andmed: juhatuse liige',
        'OK Testnumber 30%',
        'OK Testnumber 100%',
      ],
    ],
    [
      'en',
      [
        'Business Register as of 21 November 2026',
        'Facts that differ from the Business Register',
        'Business Register: authorised person',
        'Declared by the representative: management board member',
        'OK Testnumber 100%',
      ],
    ],
    ['ru', ['по состоянию на 21.11.2026', 'Коммерческий регистр: уполномоченное лицо', 'Указано представителем: член правления', 'OK Testnumber 30 %']],
  ] as const)('shows in %s the register facts and the declared ones apart where they differ', async (language, expected) => {
    const text = (await textOf(await renderContract(declaredOtherwise, language))).replace(/\s+/g, ' ');
    for (const phrase of expected) expect(text).toContain(phrase.replace(/\s+/g, ' '));
  });

  it.each([
    ['et', 'Taotluse number 100004', 'Kuupäev: 21.11.2026'],
    ['en', 'Application number 100004', 'Date: 21 November 2026'],
    ['ru', 'Номер заявления 100004', 'Дата: 21.11.2026'],
  ] as const)('names in %s the application by its number and writes every date alike', async (language, number, date) => {
    const pdf = await renderContract({ ...facts, registerQueriedAt: '2026-11-21T09:30:00.000Z' }, language);
    const text = (await textOf(pdf)).replace(/\s+/g, ' ');
    expect(text).toContain(number);
    expect(text).toContain(date);
    // The register's day is written as the contract's own date is; no yyyy-MM-dd anywhere.
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const { info } = (await (await getDocumentProxy(new Uint8Array(pdf))).getMetadata()) as { info: { Subject?: string } };
    expect(info.Subject).toBe(number);
  });

  it('dates the register reading by the Estonian calendar', async () => {
    // 23.30 on 21 November in UTC is already 22 November in Tallinn.
    const text = (await textOf(await renderContract({ ...facts, date: '2026-11-22', registerQueriedAt: '2026-11-21T23:30:00.000Z' }, 'et'))).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain('seisuga 22.11.2026');
  });

  it.each([
    ['et', { services: 'Teenused', reasons: 'Taotluses märgitud konto avamise põhjused', fee: 'Konto avamise tasu' }, 'Arvelduskonto eurodes', 'Laenutoode'],
    ['en', { services: 'Services', reasons: 'Reasons for opening the account', fee: 'Account opening fee' }, 'Current account in euro', 'Credit product'],
    ['ru', { services: 'Услуги', reasons: 'Причины открытия счёта', fee: 'Плата за открытие счёта' }, 'Расчётный счёт в евро', 'Кредитный продукт'],
  ] as const)(
    'lists in %s the reasons for opening apart from the services, which are the current account alone',
    async (language, headings, account, creditProduct) => {
      const text = (await textOf(await renderContract({ ...facts, openingReasons: { reasons: ['CREDIT_PRODUCT', 'DEPOSIT'] } }, language))).replace(
        /\s+/g,
        ' ',
      );
      const section = (heading: string, next: string): string => text.slice(text.indexOf(heading), text.indexOf(next, text.indexOf(heading)));
      const services = section(`${headings.services} `, headings.reasons);
      const reasons = section(headings.reasons, headings.fee);
      expect(services).toContain(account);
      expect(services).not.toContain(creditProduct);
      expect(reasons).toContain(creditProduct);
    },
  );

  it('lists no differences when there are none', async () => {
    expect(await textOf(await renderContract(facts, 'en'))).not.toContain('differ from the Business Register');
  });

  it('renders every language', async () => {
    for (const language of LOCALES) expect((await renderContract(facts, language)).length).toBeGreaterThan(1000);
  });

  it.each([
    ['et', 'et', 'Lehekülg 1/1'],
    ['en', 'en', 'Page 1 of 1'],
    ['ru', 'ru', 'Страница 1 из 1'],
  ] as const)('is a tagged PDF in %s, its pages numbered, its bank named on each', async (language, lang, page) => {
    const pdf = await renderContract(facts, language);
    const raw = pdf.toString('latin1');
    // Tagged (PDF 1.4 marked content with a structure tree) and in the contract's language, for screen readers.
    expect(raw).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(raw).toContain('/Marked true');
    expect(raw).toContain('/StructTreeRoot');
    expect(raw).toContain(`/Lang (${lang})`);
    for (const role of ['/H1', '/H2', '/P']) expect(raw).toContain(`/S ${role}`);
    const text = (await textOf(pdf)).replace(/\s+/g, ' ');
    expect(text).toContain(page);
    expect(text).toContain('Pank AS');
  });
});
