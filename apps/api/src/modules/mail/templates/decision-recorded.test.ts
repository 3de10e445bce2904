import { LOCALES, MAILED_DECISIONS } from '@onboarding/domain';
import { describe, expect, it } from 'vitest';
import { BANK_OFFICES } from '../../reference/bank-offices.js';
import { plainLines } from './plain-lines.js';
import type { DecisionRecordedParams, MailedDecision } from './decision-recorded.js';
import { renderMail } from './index.js';
import { DEFAULT_BRAND_DIR, loadBrand } from '../../../brand/index.js';
import { mailLookOf } from '../mail-look.js';

const look = mailLookOf(loadBrand(DEFAULT_BRAND_DIR), 'http://localhost:3000');

const office = BANK_OFFICES[0]!;

const DECISIONS: Record<MailedDecision['type'], MailedDecision> = {
  IDENTIFICATION_BOOKED: { type: 'IDENTIFICATION_BOOKED', office, at: '2026-07-01T06:05:00Z' },
  BOARD_SIGNATURE_REQUESTED: { type: 'BOARD_SIGNATURE_REQUESTED', recipients: [{ name: 'Mari\u202e Maasikas', email: 'mari@example.ee' }] },
  SIGNERS_NAMED: { type: 'SIGNERS_NAMED', count: 2 },
  MORE_INFORMATION_NEEDED: { type: 'MORE_INFORMATION_NEEDED', steps: ['Incomes'], message: 'Line one\r\n\r\n<a href="https://evil.example">click</a>' },
  APPROVED: { type: 'APPROVED', accountNumber: 'EE382200221020145685' },
  DECLINED: { type: 'DECLINED' },
};

const params = (decision: MailedDecision): DecisionRecordedParams => ({
  representativeName: 'Jaak-Kristjan Jõeorg',
  businessName: 'Jõeorg Konsultatsioonid OÜ',
  applicationNumber: 100001,
  decision,
  link: 'https://onboarding.example/start/success',
  supportEmail: 'ettevote@pank.example',
  supportPhone: '+372 600 0000',
});

describe('DECISION_RECORDED', () => {
  it('has a mail for every mailed decision but the invoice, which is mailed as SERVICE_FEE_INVOICE, each with its own subject and the status page', async () => {
    expect(Object.keys(DECISIONS).sort()).toEqual(MAILED_DECISIONS.filter((type) => type !== 'FEE_INVOICED').sort());
    for (const type of MAILED_DECISIONS.filter((mailed) => mailed !== 'FEE_INVOICED')) {
      const decision = DECISIONS[type as MailedDecision['type']];
      const subjects = new Set(
        await Promise.all(
          LOCALES.map(async (language) => {
            const mail = await renderMail('DECISION_RECORDED', language, params(decision), look);
            expect(mail.text).toContain('https://onboarding.example/start/success');
            expect(mail.text).toContain('100001');
            return mail.subject;
          }),
        ),
      );
      expect(subjects.size).toBe(LOCALES.length);
    }
  });

  it('says nothing of a reason when declining', async () => {
    const mail = await renderMail('DECISION_RECORDED', 'en', params(DECISIONS.DECLINED), look);
    expect(mail.text).toContain('Unfortunately we cannot open an account for “Jõeorg Konsultatsioonid OÜ”.');
    expect(mail.text).not.toMatch(/because|reason/i);
  });

  it('keeps the manager’s message as plain lines, escaped in HTML and with no link made of it', async () => {
    const mail = await renderMail('DECISION_RECORDED', 'et', params(DECISIONS.MORE_INFORMATION_NEEDED), look);
    expect(mail.text).toContain('Kliendihalduri sõnum:\nLine one\n<a href="https://evil.example">click</a>');
    expect(mail.text).toContain('– Tulud ja kulud');
    expect(mail.html).not.toContain('<a href="https://evil.example">');
    expect(mail.html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;click&lt;/a&gt;');
  });

  it('drops the characters that would reorder a recipient’s name', async () => {
    const mail = await renderMail('DECISION_RECORDED', 'ru', params(DECISIONS.BOARD_SIGNATURE_REQUESTED), look);
    expect(mail.text).toContain('Mari Maasikas, mari@example.ee');
  });
});

describe('free text in a decision mail', () => {
  it('keeps line breaks of free text, and nothing invisible', async () => {
    expect(plainLines('a\u200b b\r\n\r\n\tc\u2028d')).toEqual(['a b', 'c d']);
  });
});

describe('SIGNERS_NAMED', () => {
  it('counts the board members in each language’s grammar', async () => {
    const text = async (language: 'et' | 'en' | 'ru', count: number) =>
      (await renderMail('DECISION_RECORDED', language, params({ type: 'SIGNERS_NAMED', count }), look)).text;
    expect(await text('ru', 1)).toContain('ещё один член правления');
    expect(await text('ru', 2)).toContain('ещё 2 члена правления');
    expect(await text('ru', 5)).toContain('ещё 5 членов правления');
    expect(await text('et', 1)).toContain('ka üks juhatuse liige');
    expect(await text('et', 2)).toContain('ka 2 juhatuse liiget');
    expect(await text('en', 2)).toContain('2 more board members');
  });
});
