import { LOCALES } from '@onboarding/domain';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderContract, type ContractFacts } from './render-contract.js';

const facts: ContractFacts = {
  processId: '2f1c7c8e-4d53-4c1b-9a55-3e0b1f6f8a11',
  bankName: 'Pank AS',
  date: '2026-11-21',
  company: { businessName: 'Jõeorg Konsultatsioonid OÜ', registryCode: '19013347', legalAddress: 'Akadeemia tee 21, 12618 Tallinn', email: 'info@joeorg.ee', phone: '+372 5123 4567' },
  representative: { name: 'Jaak-Kristjan Jõeorg', personalId: '38001085718', basis: 'MANAGEMENT_BOARD_MEMBER' },
  services: { reasons: ['DOMESTICSETTLEMENTS', 'OTHER'], otherReason: 'Palgamaksed' },
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

  it.each([
    ['et', ['Ärikliendi arvelduskonto leping', 'Jõeorg Konsultatsioonid OÜ', 'registrikood 19013347', 'juhatuse liige', 'Arveldused Eestis', 'Muu: Palgamaksed', 'vastavalt panga kehtivale hinnakirjale']],
    ['en', ['Business current account agreement', 'Jaak-Kristjan Jõeorg, personal ID code 38001085718', 'Domestic settlements', "according to the bank's price list"]],
    ['ru', ['Договор текущего счёта бизнес-клиента', 'Расчёты в Эстонии', 'согласно действующему прейскуранту банка']],
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

  it('renders every language', async () => {
    for (const language of LOCALES) expect((await renderContract(facts, language)).length).toBeGreaterThan(1000);
  });
});
