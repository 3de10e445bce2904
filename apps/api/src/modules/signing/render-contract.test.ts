import { LOCALES } from '@onboarding/domain';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderContract, type ContractFacts } from './render-contract.js';

const facts: ContractFacts = {
  processId: '2f1c7c8e-4d53-4c1b-9a55-3e0b1f6f8a11',
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
  services: { reasons: ['DOMESTICSETTLEMENTS', 'OTHER'], otherReason: 'Palgamaksed' },
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
        'Muu: Palgamaksed',
        'vastavalt panga kehtivale hinnakirjale',
      ],
    ],
    [
      'en',
      [
        'Business current account agreement',
        'Jaak-Kristjan Jõeorg, personal ID code 38001085718',
        'Domestic settlements',
        "according to the bank's price list",
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
        'Business Register as of 21.11.2026',
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

  it('lists no differences when there are none', async () => {
    expect(await textOf(await renderContract(facts, 'en'))).not.toContain('differ from the Business Register');
  });

  it('renders every language', async () => {
    for (const language of LOCALES) expect((await renderContract(facts, language)).length).toBeGreaterThan(1000);
  });
});
