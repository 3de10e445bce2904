import type { SigningSummary } from '@onboarding/domain';
import { render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/i18n';
import { OverviewSigning } from './overview-signing';

const mari = { firstName: 'Mari', lastName: 'Maasikas' };
const katrin = { firstName: 'Katrin', lastName: 'Ilves' };
const peeter = { firstName: 'Peeter', lastName: 'Mets' };
const summary = (change: Partial<SigningSummary>): SigningSummary => ({
  requirement: 'ALONE',
  othersNeeded: 0,
  candidates: [],
  isCheckedByBank: false,
  isProcuraHolder: false,
  isCollected: false,
  ...change,
});

const note = () => screen.getByRole('note');

afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('who else signs, on the overview', () => {
  it('says the applicant invites the others after signing, where the product collects their signatures', async () => {
    await i18n.changeLanguage('en');
    render(<OverviewSigning signing={summary({ requirement: 'TOGETHER', othersNeeded: 1, candidates: [katrin], isCollected: true })} />);
    expect(note().textContent).toContain('After you sign, you invite them on the next page');
    expect(note().textContent).not.toContain('the bank then sends');
  });

  it('names the one other board member who must sign, in each language', async () => {
    const signing = summary({ requirement: 'TOGETHER', othersNeeded: 1, candidates: [katrin], isCheckedByBank: true });
    const expected = {
      en: 'Katrin Ilves must also sign the contract',
      et: 'Lepingu peab allkirjastama ka Katrin Ilves',
      ru: 'Договор нужно подписать также: Katrin Ilves',
    };
    for (const [language, title] of Object.entries(expected)) {
      await i18n.changeLanguage(language);
      const { unmount } = render(<OverviewSigning signing={signing} />);
      expect(screen.getByRole('note', { name: title })).toBeTruthy();
      unmount();
    }
  });

  it('names all of them when all must sign, joined as the language joins a list', async () => {
    await i18n.changeLanguage('et');
    render(<OverviewSigning signing={summary({ requirement: 'TOGETHER', othersNeeded: 2, candidates: [mari, katrin], isCheckedByBank: true })} />);
    expect(screen.getByRole('note', { name: 'Lepingu peavad allkirjastama ka Mari Maasikas ja Katrin Ilves' })).toBeTruthy();
  });

  it('says how many of whom when some of the board suffice', async () => {
    await i18n.changeLanguage('en');
    render(<OverviewSigning signing={summary({ requirement: 'TOGETHER', othersNeeded: 1, candidates: [mari, katrin, peeter], isCheckedByBank: true })} />);
    expect(screen.getByRole('note', { name: 'One of the management board members must also sign the contract' })).toBeTruthy();
    expect(note().textContent).toContain('Who can sign: Mari Maasikas, Katrin Ilves, and Peeter Mets.');
  });

  it('tells a procura holder that the board signs too', async () => {
    await i18n.changeLanguage('ru');
    render(<OverviewSigning signing={summary({ requirement: 'TOGETHER', othersNeeded: 1, candidates: [mari, katrin], isProcuraHolder: true })} />);
    expect(screen.getByRole('note', { name: 'Договор должен подписать также один из членов правления' })).toBeTruthy();
    expect(note().textContent).toContain('вы прокурист компании');
  });

  it('leaves a rule it cannot read to the bank, and says special conditions are read by a person', async () => {
    await i18n.changeLanguage('en');
    const { rerender } = render(<OverviewSigning signing={summary({ requirement: 'BANK_DECIDES', candidates: [mari], isCheckedByBank: true })} />);
    expect(screen.getByRole('note', { name: 'The bank checks who signs with you' })).toBeTruthy();
    rerender(<OverviewSigning signing={summary({ isCheckedByBank: true })} />);
    expect(screen.getByRole('note', { name: 'The Business Register states special conditions of representation' })).toBeTruthy();
  });

  it('says nothing when the applicant signs alone or the register does not state the rule', async () => {
    await i18n.changeLanguage('en');
    const { rerender } = render(<OverviewSigning signing={summary({})} />);
    expect(screen.queryByRole('note')).toBeNull();
    rerender(<OverviewSigning signing={undefined} />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
