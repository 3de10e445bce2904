import { relatedPersonsRows } from './related-persons-summary';
import { companyDataSchema, incomesSchema, openingReasonsSchema, parseWithIssues, relatedPersonSchema } from '@onboarding/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/i18n';
import { findForm, renderOverview, SAVED_STEPS, serveOverview } from './overview-test-helpers';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** The section of a step's summary, found by its heading. */
const stepSection = (title: string) => {
  const heading = screen.getByRole('heading', { level: 3, name: title });
  const section = heading.closest('section');
  if (!section) throw new Error(`no section for ${title}`);
  return section;
};

/** The dd of a dt within a section, as text; a list's items joined by " | ". */
const valueOf = (section: HTMLElement, term: string) => {
  const dd = within(section)
    .getAllByRole('term')
    .find((element) => element.textContent === term)?.nextElementSibling;
  const items = Array.from(dd?.querySelectorAll('li') ?? []);
  return nbsp(items.length > 0 ? items.map((item) => item.textContent).join(' | ') : (dd?.textContent ?? ''));
};

beforeEach(async () => {
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('overview summary', () => {
  it('uses saved data that passes each step schema', () => {
    expect(parseWithIssues(openingReasonsSchema, SAVED_STEPS.AccountOpeningReason).success).toBe(true);
    expect(parseWithIssues(companyDataSchema, SAVED_STEPS.CompanyData).success).toBe(true);
    expect(parseWithIssues(incomesSchema, SAVED_STEPS.Incomes).success).toBe(true);
    expect(parseWithIssues(relatedPersonSchema, SAVED_STEPS.RelatedPersons.relatedPersons[0])).toMatchObject({ success: true });
  });

  it('shows every earlier step as a description list with its key values and an Edit link back to it', async () => {
    serveOverview();
    renderOverview();
    await findForm();
    expect(screen.getByRole('heading', { level: 2, name: 'Check your answers' })).toBeTruthy();

    const reasons = stepSection('Reasons for opening the account');
    expect(valueOf(reasons, 'Why does the company need the account?')).toBe('Credit product | Other reason: Liising');

    const company = stepSection('Company information');
    expect(valueOf(company, 'Business name')).toBe('Tamm ja Pojad OÜ');
    expect(valueOf(company, 'On what basis do you represent the company?')).toBe('Management board member');
    expect(valueOf(company, 'Contact language')).toBe('Estonian');
    expect(valueOf(company, 'Legal address')).toBe('Pikk 1, Kesklinna linnaosa, Tallinn, Harju maakond, 10123, Estonia');
    expect(valueOf(company, 'Contact address')).toBe('Same as the legal address');
    expect(valueOf(company, 'Main business partners')).toBe('Soome Partner Oy (Finland, Buyer)');
    expect(valueOf(company, 'Does the company have an account in another credit institution?')).toBe('Yes');
    // Names from the reference data, once it has loaded.
    await waitFor(() => expect(valueOf(company, 'Main field of activity')).toBe('62011 Computer programming'));
    expect(valueOf(company, 'Target market countries')).toBe('Estonia | Finland');

    const incomes = stepSection('Incomes and expenses');
    expect(valueOf(incomes, 'Estimated monthly income')).toBe('€1,200,000');
    expect(valueOf(incomes, 'Estimated monthly payments')).toBe('Up to €15,000');
    expect(valueOf(incomes, 'Monthly cash deposits')).toBe('None');
    expect(valueOf(incomes, 'Monthly cash withdrawals')).toBe('More than €15,000');
    expect(valueOf(incomes, 'Where does the company’s money come from?')).toBe('Business activity | Partners');

    const persons = stepSection('Related persons');
    // Named with the personal code (namesakes are told apart); the holding is part of the shareholder role, not a role.
    expect(valueOf(persons, 'Jüri Tamm, 38001085718')).toBe('Representative | Management board member | Shareholder, holding 100%');

    const links = [
      ['Edit Reasons for opening the account', '/application/opening-reasons'],
      ['Edit Company information', '/application/company-information'],
      ['Edit Incomes and expenses', '/application/incomes'],
      ['Edit Related persons', '/application/related-persons'],
    ];
    for (const [name, href] of links) expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
  });

  it('says when a step has nothing saved, and formats amounts in the page language', async () => {
    await i18n.changeLanguage('et');
    const { RelatedPersons: _persons, ...steps } = SAVED_STEPS;
    serveOverview({ steps });
    renderOverview();
    await screen.findByRole('heading', { level: 2, name: 'Veel mõned küsimused' });
    expect(within(stepSection('Seotud isikud')).getByText('Veel täitmata')).toBeTruthy();
    expect(valueOf(stepSection('Tulud ja kulud'), 'Eeldatav igakuine sissetulek')).toBe('1 200 000 €');
    expect(screen.getByRole('link', { name: 'Muuda Seotud isikud' })).toBeTruthy();
  });
});

describe('related persons in the summary', () => {
  it('tells namesakes apart by personal code, else birth date, and a legal entity by its registry code', () => {
    const person = SAVED_STEPS.RelatedPersons.relatedPersons[0]!;
    const namesake = { ...person, id: 'person-2', roles: ['BENEFICIARY'], personalId: '', personalIdCountryCode: 'EE', birthDate: '1991-03-04' };
    const rows = relatedPersonsRows({ shareholders: SAVED_STEPS.RelatedPersons.shareholders, relatedPersons: [person, namesake] }, i18n.t, 'en');
    expect(rows?.map((row) => row.label)).toEqual(['Jüri Tamm, 38001085718', 'Jüri Tamm, born 4 March 1991']);
  });
});
