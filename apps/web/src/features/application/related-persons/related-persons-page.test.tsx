import { createRelatedPersonsSchema, parseWithIssues, type RegisterBeneficialOwnership } from '@onboarding/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/i18n';
import { storeTokens } from '../../../lib/auth-session';
import { fakeAccessToken, jsonResponse } from '../../../test/fake-token';
import { renderStep, validationFailed } from '../test/step-test-helpers';
import { RelatedPersonsPage } from './related-persons-page';
import { completePerson, completeStep, DRAFT, MARI_ID, REGISTER_PREFILL, registerPrefill, REPRESENTATIVE_ID, SAVE, serveRelatedPersons } from './test-fixtures';

// Whole-form tests type a lot; under a full parallel run they need more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

const PATH = '/application/related-persons';
type User = ReturnType<typeof userEvent.setup>;

const nbsp = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const card = (name: string) => screen.getByRole('article', { name });
const dialog = () => screen.getByRole('dialog');
const inDialog = () => within(dialog());
const summary = () => screen.getByRole('region', { name: 'Check before continuing' });
const tree = () => within(screen.getByRole('region', { name: 'Ownership structure' }));
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');
const savedData = (call: { body: unknown }) => (call.body as { data: { shareholders: unknown[]; relatedPersons: Record<string, unknown>[] } }).data;

async function renderScreen(overrides: Parameters<typeof serveRelatedPersons>[0] = {}, handlers: Parameters<typeof serveRelatedPersons>[1] = {}) {
  const stub = serveRelatedPersons(overrides, handlers);
  const rendered = renderStep(PATH, RelatedPersonsPage);
  await screen.findByRole('heading', { level: 2, name: 'Persons' });
  return { ...stub, ...rendered };
}

const withSavedStep = (data: unknown = completeStep()) => ({ steps: { RelatedPersons: data } });

/** Opens a person's modal from its card, by its accessible Edit button. */
async function edit(user: User, name: string) {
  await user.click(within(card(name)).getByRole('button', { name: `Edit: ${name}` }));
  return screen.findByRole('dialog');
}

async function save(user: User) {
  await user.click(inDialog().getByRole('button', { name: 'Save' }));
}

/** Keyboard only: Tab until the focused element answers to `isTarget` (or fail after many). */
async function tabTo(user: User, isTarget: (element: Element) => boolean, description: string) {
  for (let presses = 0; presses < 80; presses += 1) {
    if (document.activeElement && isTarget(document.activeElement)) return;
    await user.tab();
  }
  throw new Error(`Tab never reached ${description}`);
}

const labelled = (label: string) => (element: Element) =>
  element instanceof HTMLElement &&
  'labels' in element &&
  Array.from((element as HTMLInputElement).labels ?? []).some((candidate) => candidate.textContent === label);
const radioIn = (legend: string, label: string) => (element: Element) =>
  labelled(label)(element) && element.closest('fieldset')?.querySelector('legend')?.textContent === legend;

beforeAll(() => {
  // user-event walks a radio group with arrow keys through CSS.escape, which jsdom lacks.
  window.CSS ??= {} as typeof CSS;
  window.CSS.escape ??= (value: string) => value.replace(/["\\\]]/g, '\\$&');
});

beforeEach(async () => {
  sessionStorage.clear();
  storeTokens({ accessToken: fakeAccessToken({ exp: Math.floor(Date.now() / 1000) + 3600 }), refreshToken: 'r' });
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('related persons: starting values', () => {
  it('pre-fills from the register, marks those persons and adds the signed-in representative', async () => {
    const { callsTo } = await renderScreen();
    expect(callsTo(REGISTER_PREFILL)).toHaveLength(1);
    const mari = card('Mari Maasikas');
    expect(within(mari).getByText('From the Business Register')).toBeTruthy();
    expect(within(card('Holding OÜ')).getByText('From the Business Register')).toBeTruthy();
    // The signed-in person is not in the register's lists: added as the representative, without the mark, not removable.
    const juri = card('Jüri Tamm');
    expect(within(juri).queryByText('From the Business Register')).toBeNull();
    expect(within(within(juri).getByRole('list', { name: 'Roles' })).getByText('Representative')).toBeTruthy();
    expect(within(juri).queryByRole('button', { name: /^Remove/ })).toBeNull();
    // The register lacks addresses, tax residences and the like: the card says how many details are missing.
    expect(within(mari).getByText(/^Details missing: \d+$/)).toBeTruthy();
    expect(within(mari).getByRole('button', { name: 'Complete the details: Mari Maasikas' })).toBeTruthy();
    // Before anything is done the summary keeps quiet (docs/requirements.md section 2, touched only); the first Continue shows
    // it, with focus.
    expect(screen.queryByRole('region', { name: 'Check before continuing' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(document.activeElement).toBe(within(summary()).getByRole('heading', { name: 'Check before continuing' })));
    expect(
      within(summary()).getByText(
        /^Complete the details of Mari Maasikas, 48507074564, management board member, beneficial owner, shareholder \(missing: \d+\)$/,
      ),
    ).toBeTruthy();
    // The tree shows the register's owners.
    expect(tree().getByText('Tamm ja Pojad OÜ')).toBeTruthy();
    expect(tree().getByText('Total 100% of 100%')).toBeTruthy();
  });

  it('a company the register gives no persons for: the intro says so, and the representative is a board member by the company step', async () => {
    await renderScreen(
      { steps: { CompanyData: { representationBasis: 'MANAGEMENT_BOARD_MEMBER' } } },
      { [REGISTER_PREFILL]: () => jsonResponse({ shareholders: [], relatedPersons: [] }) },
    );
    expect(screen.getByText(/The Business Register gives no persons for this company/)).toBeTruthy();
    expect(screen.queryByText(/Persons from the Business Register were added for you/)).toBeNull();
    const roles = within(within(card('Jüri Tamm')).getByRole('list', { name: 'Roles' }));
    expect(roles.getByText('Representative')).toBeTruthy();
    expect(roles.getByText('Management board member')).toBeTruthy();
  });

  it('an edit drops the register mark; "Complete the details" shows what is missing at once', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await user.click(within(card('Mari Maasikas')).getByRole('button', { name: 'Complete the details: Mari Maasikas' }));
    await screen.findByRole('dialog', { name: 'Complete the details: Mari Maasikas' });
    const street = inDialog().getByRole('textbox', { name: 'Street, house and apartment' });
    await waitFor(() => expect(street.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(street)).toContain('Required field');
    // The register's details are in the form.
    expect((inDialog().getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('Mari');
    await completeResidence(user);
    await save(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card('Mari Maasikas')).queryByText('From the Business Register')).toBeNull();
    expect(within(card('Mari Maasikas')).queryByText(/^Details missing/)).toBeNull();
    // The card's one action is Edit now that nothing is missing, and focus is back on it.
    expect(document.activeElement).toBe(within(card('Mari Maasikas')).getByRole('button', { name: 'Edit: Mari Maasikas' }));
    expect(within(card('Holding OÜ')).getByText('From the Business Register')).toBeTruthy();
  });

  it('a draft wins over the saved step and over the register’s persons', async () => {
    const draft = completeStep();
    draft.relatedPersons.push(
      completePerson({
        id: 'person:new:kalle',
        firstName: 'Kalle',
        lastName: 'Kask',
        personalId: '39005051230',
        birthDate: '1990-05-05',
        roles: ['SUPERVISORY_BOARD_MEMBER'],
      }),
    );
    const { callsTo } = await renderScreen({ ...withSavedStep(), drafts: { RelatedPersons: draft } });
    expect(card('Kalle Kask')).toBeTruthy();
    expect(within(within(card('Kalle Kask')).getByRole('list', { name: 'Roles' })).getByText('Supervisory board member')).toBeTruthy();
    // The register is asked for what it says of the beneficial owners; its persons are not put in the list.
    await waitFor(() => expect(callsTo(REGISTER_PREFILL)).toHaveLength(1));
    expect(screen.queryByRole('article', { name: 'Holding OÜ' })).toBeNull();
  });

  it('namesakes are told apart in the summary by personal code (else birth date) and roles', async () => {
    const step = completeStep();
    const lacking = { taxResidences: [] };
    step.relatedPersons.push(
      {
        ...completePerson({
          id: 'person:EE:40404049985',
          firstName: 'OK',
          lastName: 'TESTNUMBER',
          personalId: '40404049985',
          birthDate: '1904-04-04',
          roles: ['MANAGEMENT_BOARD_MEMBER'],
        }),
        ...lacking,
      },
      {
        ...completePerson({
          id: 'person:EE:30303039903',
          firstName: 'OK',
          lastName: 'TESTNUMBER',
          personalId: '30303039903',
          birthDate: '1903-03-03',
          roles: ['SUPERVISORY_BOARD_MEMBER'],
        }),
        ...lacking,
      },
      {
        ...completePerson({
          id: 'person:new:ok',
          firstName: 'OK',
          lastName: 'TESTNUMBER',
          personalId: undefined,
          birthDate: '1990-05-05',
          roles: ['SUPERVISORY_BOARD_MEMBER'],
        }),
        ...lacking,
      },
    );
    await renderScreen(withSavedStep(step));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    const region = await screen.findByRole('region', { name: 'Check before continuing' });
    const links = () =>
      within(region)
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(links()).toEqual([
      'Complete the details of OK TESTNUMBER, 40404049985, management board member (missing: 1)',
      'Complete the details of OK TESTNUMBER, 30303039903, supervisory board member (missing: 1)',
      'Complete the details of OK TESTNUMBER, born 5 May 1990, supervisory board member (missing: 1)',
    ]);
    await i18n.changeLanguage('et');
    await waitFor(() => expect(links()[2]).toBe('Täienda andmeid: OK TESTNUMBER, sündinud 05.05.1990, nõukogu liige (puudu: 1)'));
  });

  it('the saved step when there is no draft; all rules met', async () => {
    await renderScreen(withSavedStep());
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(within(summary()).getByText('All details are filled in and the shares add up.')).toBeTruthy();
  });
});

/** The residence and tax details the register does not give. */
async function completeResidence(user: User) {
  const dialogScope = inDialog();
  await user.type(dialogScope.getByRole('textbox', { name: 'City or settlement' }), 'Tartu');
  await user.type(dialogScope.getByRole('textbox', { name: 'Street, house and apartment' }), 'Rüütli 1');
  await user.type(dialogScope.getByRole('textbox', { name: 'Postal code' }), '51007');
  await user.type(dialogScope.getByRole('combobox', { name: 'Country of birth' }), 'Est{Enter}');
  await user.click(within(dialogScope.getByRole('group', { name: 'Is the person an Estonian e-resident?' })).getByRole('radio', { name: 'No' }));
  await user.click(within(dialogScope.getByRole('group', { name: 'Does the person live and work mostly in Estonia?' })).getByRole('radio', { name: 'Yes' }));
  await user.type(dialogScope.getByRole('combobox', { name: 'Country of tax residence' }), 'Est{Enter}');
  // Mari's Estonian personal code is her TIN in Estonia: it is there already.
  expect((dialogScope.getByRole('textbox', { name: 'Tax identification number (TIN)' }) as HTMLInputElement).value).toBe('48507074564');
  await user.click(within(dialogScope.getByRole('group', { name: 'Is the person politically exposed (PEP)?' })).getByRole('radio', { name: 'No' }));
}

describe('related persons: the add/edit modal', () => {
  it('adds a private person by keyboard alone; Escape and Save return focus to the button that opened it', async () => {
    const user = userEvent.setup();
    const { callsTo } = await renderScreen(withSavedStep());
    const add = screen.getByRole('button', { name: 'Add a private person' });
    add.focus();

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Add a private person' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(add);

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Add a private person' });
    // Focus starts in the first field.
    expect(document.activeElement).toBe(inDialog().getByRole('textbox', { name: 'First name' }));
    await user.keyboard('Kalle');
    await user.tab();
    await user.keyboard('Kask');
    await tabTo(user, labelled('Date of birth'), 'the birth date');
    await user.keyboard('1990-05-05');
    await tabTo(user, labelled('Country of birth'), 'the birth country');
    await user.keyboard('Est{Enter}');
    await user.tab();
    await user.keyboard('Est{Enter}');
    await tabTo(user, labelled('Supervisory board member'), 'the supervisory board checkbox');
    await user.keyboard(' ');
    await tabTo(user, labelled('City or settlement'), 'the city');
    await user.keyboard('Tallinn');
    await user.tab();
    await user.keyboard('Pikk 5');
    await user.tab();
    await user.keyboard('10123');
    await tabTo(user, labelled('Country of residence'), 'the residential country');
    await user.keyboard('Est{Enter}');
    await tabTo(user, radioIn('Residency', 'Resident of Estonia'), 'the residency');
    await user.keyboard(' ');
    await tabTo(user, radioIn('Is the person an Estonian e-resident?', 'Yes'), 'the e-resident question');
    await user.keyboard('{ArrowRight}');
    await tabTo(user, radioIn('Does the person live and work mostly in Estonia?', 'Yes'), 'the lives-and-works question');
    await user.keyboard(' ');
    await tabTo(user, labelled('Country of tax residence'), 'the tax residence country');
    await user.keyboard('Est{Enter}');
    await user.tab();
    await user.keyboard('39005051230');
    await tabTo(user, radioIn('Is the person a beneficial owner of the company?', 'Yes'), 'the beneficial owner question');
    await user.keyboard('{ArrowRight}');
    await tabTo(user, radioIn('Is the person politically exposed (PEP)?', 'Yes'), 'the PEP question');
    await user.keyboard('{ArrowRight}');
    await tabTo(user, (element) => element.textContent === 'Save', 'Save');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(add);
    const kalle = card('Kalle Kask');
    expect(within(within(kalle).getByRole('list', { name: 'Roles' })).getByText('Supervisory board member')).toBeTruthy();
    expect(within(kalle).queryByText(/^Details missing/)).toBeNull();
    // Autosaved as a draft once typing pauses.
    await waitFor(() => expect(callsTo(DRAFT).length).toBeGreaterThan(0), { timeout: 4000 });
    const draft = (callsTo(DRAFT).at(-1)?.body as { data: { relatedPersons: { firstName?: string }[] } }).data;
    expect(draft.relatedPersons.map((person) => person.firstName)).toEqual(['Jüri', 'Mari', 'Kalle']);
  });

  it('shows errors only after touch or Save and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    await renderScreen(withSavedStep());
    await user.click(screen.getByRole('button', { name: 'Add a private person' }));
    await screen.findByRole('dialog');
    const firstName = inDialog().getByRole('textbox', { name: 'First name' });
    expect(firstName.getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    expect(descriptionOf(firstName)).toContain('Required field');
    const lastName = inDialog().getByRole('textbox', { name: 'Last name' });
    expect(descriptionOf(lastName)).not.toContain('Required field');
    await save(user);
    await waitFor(() => expect(document.activeElement).toBe(firstName));
    expect(descriptionOf(lastName)).toContain('Required field');
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('shows the signed-in representative’s personal code as a fact of the sign-in, not as a field, and saves it', async () => {
    const user = userEvent.setup();
    const { callsTo } = await renderScreen(withSavedStep());
    await edit(user, 'Jüri Tamm');
    expect(inDialog().queryByRole('textbox', { name: /Personal ID code/ })).toBeNull();
    const facts = inDialog()
      .getAllByRole('definition')
      .map((definition) => definition.textContent);
    expect(facts).toEqual(['38001085718', 'Estonia']);
    expect(inDialog().getByText('Your personal ID code comes from your sign-in and cannot be changed.')).toBeTruthy();
    await save(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Kept though no field holds it: Continue sends it.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(callsTo(SAVE)).toHaveLength(1));
    expect(savedData(callsTo(SAVE)[0]!).relatedPersons.map((person) => person.personalId)).toContain('38001085718');
  });

  it('fills a known personal ID from the population register; an unknown one fills nothing', async () => {
    const user = userEvent.setup();
    const { callsTo } = await renderScreen(withSavedStep());
    await user.click(screen.getByRole('button', { name: 'Add a private person' }));
    await screen.findByRole('dialog');
    const personalId = inDialog().getByRole('textbox', { name: 'Personal ID code (optional)' });
    await user.type(personalId, '37503037777');
    await waitFor(() => expect(callsTo('GET /onboarding/register/persons/37503037777')).toHaveLength(1));
    expect((inDialog().getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('');
    expect(inDialog().queryByText('Filled from the population register')).toBeNull();

    await user.type(inDialog().getByRole('textbox', { name: 'Last name' }), 'Kask-Tamm');
    await user.clear(personalId);
    await user.type(personalId, '39005051230');
    expect(await inDialog().findByText('Filled from the population register')).toBeTruthy();
    expect((inDialog().getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('Kalle');
    // What was typed stays.
    expect((inDialog().getByRole('textbox', { name: 'Last name' }) as HTMLInputElement).value).toBe('Kask-Tamm');
    expect((inDialog().getByLabelText('Date of birth') as HTMLInputElement).value).toBe('1990-05-05');
    expect((inDialog().getByRole('combobox', { name: 'Nationality' }) as HTMLInputElement).value).toBe('Estonia');
    expect((within(inDialog().getByRole('group', { name: 'Residency' })).getByRole('radio', { name: 'Resident of Estonia' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('a PEP sub-form: required once yes is chosen, saved with the person', async () => {
    const user = userEvent.setup();
    const { callsTo } = await renderScreen(withSavedStep());
    await edit(user, 'Mari Maasikas');
    expect(inDialog().queryByRole('group', { name: 'Holder of the public position' })).toBeNull();
    await user.click(within(inDialog().getByRole('group', { name: 'Is the person politically exposed (PEP)?' })).getByRole('radio', { name: 'Yes' }));
    const pep = within(inDialog().getByRole('group', { name: 'Holder of the public position' }));
    await save(user);
    const pepFirstName = pep.getByRole('textbox', { name: 'First name of the position holder' });
    await waitFor(() => expect(document.activeElement).toBe(pepFirstName));
    expect(descriptionOf(pep.getByRole('textbox', { name: 'Public position' }))).toContain('Required field');

    await user.type(pepFirstName, 'Peeter');
    await user.type(pep.getByRole('textbox', { name: 'Last name of the position holder' }), 'Maasikas');
    await user.type(pep.getByLabelText('Date of birth of the position holder'), '1950-02-03');
    await user.type(pep.getByRole('combobox', { name: 'Country of birth of the position holder' }), 'Est{Enter}');
    await user.type(pep.getByRole('textbox', { name: 'Public position' }), 'Member of the Riigikogu');
    await save(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(callsTo(SAVE)).toHaveLength(1));
    const mari = savedData(callsTo(SAVE)[0]!).relatedPersons[1];
    expect(mari).toMatchObject({
      isPep: true,
      pep: { firstName: 'Peeter', lastName: 'Maasikas', birthDate: '1950-02-03', birthCountryCode: 'EE', governmentPosition: 'Member of the Riigikogu' },
    });
  });

  it('a second tax residence: a repeated country is refused, another is saved; remove returns focus to Add', async () => {
    const user = userEvent.setup();
    const { callsTo } = await renderScreen(withSavedStep());
    await edit(user, 'Mari Maasikas');
    const add = inDialog().getByRole('button', { name: 'Add a tax residence' });
    await user.click(add);
    const second = within(inDialog().getByRole('group', { name: 'Tax residence 2' }));
    const country = second.getByRole('combobox', { name: 'Country of tax residence' });
    expect(document.activeElement).toBe(country);
    await user.keyboard('Est{Enter}');
    const secondTin = second.getByRole('textbox', { name: 'Tax identification number (TIN)' });
    await user.clear(secondTin);
    await user.type(secondTin, 'FI-123');
    await save(user);
    await waitFor(() => expect(descriptionOf(country)).toContain('Country already added'));
    expect(screen.getByRole('dialog')).toBeTruthy();

    await user.clear(country);
    await user.type(country, 'Fin{Enter}');
    await save(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(callsTo(SAVE)).toHaveLength(1));
    expect(savedData(callsTo(SAVE)[0]!).relatedPersons[1]?.taxResidences).toEqual([
      { countryCode: 'EE', tin: '48507074564' },
      { countryCode: 'FI', tin: 'FI-123' },
    ]);
  });

  it('a tax residence in Estonia starts with the Estonian personal code as its TIN, which the user may change', async () => {
    const user = userEvent.setup();
    const { callsTo } = await renderScreen(withSavedStep());
    await user.click(screen.getByRole('button', { name: 'Add a private person' }));
    await screen.findByRole('dialog');
    const tin = () => inDialog().getByRole('textbox', { name: 'Tax identification number (TIN)' }) as HTMLInputElement;
    const personalId = inDialog().getByRole('textbox', { name: 'Personal ID code (optional)' });
    // Estonia chosen before the code is typed: the code fills the TIN once it is a valid one.
    await user.type(inDialog().getByRole('combobox', { name: 'Country of tax residence' }), 'Est{Enter}');
    expect(tin().value).toBe('');
    await user.type(personalId, '3900505123');
    expect(tin().value).toBe('');
    await user.type(personalId, '0');
    await waitFor(() => expect(tin().value).toBe('39005051230'));
    // Another code replaces the one filled in; a TIN the user typed stays.
    await user.clear(personalId);
    await user.type(personalId, '48507074564');
    await waitFor(() => expect(tin().value).toBe('48507074564'));
    // Entering the field filled in selects the code: typing replaces it rather than adding to it.
    await user.click(tin());
    await user.keyboard('EE-2');
    expect(tin().value).toBe('EE-2');
    await user.clear(tin());
    await user.type(tin(), 'EE-1');
    await user.clear(personalId);
    await user.type(personalId, '39005051230');
    await waitFor(() => expect(callsTo('GET /onboarding/register/persons/39005051230').length).toBeGreaterThan(0));
    expect(tin().value).toBe('EE-1');
    // Another country's residence is not filled.
    await user.click(inDialog().getByRole('button', { name: 'Add a tax residence' }));
    await user.keyboard('Fin{Enter}');
    expect(
      (within(inDialog().getByRole('group', { name: 'Tax residence 2' })).getByRole('textbox', { name: 'Tax identification number (TIN)' }) as HTMLInputElement)
        .value,
    ).toBe('');
  });

  it('choosing Estonia after the TIN was found missing fills it and takes the message away', async () => {
    const user = userEvent.setup();
    await renderScreen(withSavedStep());
    await user.click(screen.getByRole('button', { name: 'Add a private person' }));
    await screen.findByRole('dialog');
    await user.type(inDialog().getByRole('textbox', { name: 'Personal ID code (optional)' }), '39005051230');
    const row = () => within(inDialog().getByRole('group', { name: 'Tax residence 1' }));
    // Entered and left empty: the TIN is required.
    await user.click(row().getByRole('textbox', { name: 'Tax identification number (TIN)' }));
    await user.tab();
    await waitFor(() => expect(row().queryByText('Required field')).not.toBeNull());
    await user.type(row().getByRole('combobox', { name: 'Country of tax residence' }), 'Est{Enter}');
    await waitFor(() => expect((row().getByRole('textbox', { name: 'Tax identification number (TIN)' }) as HTMLInputElement).value).toBe('39005051230'));
    await waitFor(() => expect(row().queryByText('Required field')).toBeNull());
  });

  it('removing a tax residence row leaves focus on Add', async () => {
    const user = userEvent.setup();
    await renderScreen(withSavedStep());
    await edit(user, 'Mari Maasikas');
    await user.click(inDialog().getByRole('button', { name: 'Add a tax residence' }));
    await user.click(inDialog().getByRole('button', { name: 'Remove tax residence 2' }));
    expect(inDialog().queryByRole('group', { name: 'Tax residence 2' })).toBeNull();
    expect(document.activeElement).toBe(inDialog().getByRole('button', { name: 'Add a tax residence' }));
  });
});

describe('related persons: the dialog across a reload', () => {
  const DIALOG_KEY = 'unsavedEdits:p-1:RelatedPersons:dialog';

  it('what was typed in a new person’s dialog comes back after a reload; Cancel forgets it', async () => {
    const user = userEvent.setup();
    const first = await renderScreen(withSavedStep());
    await user.click(screen.getByRole('button', { name: 'Add a private person' }));
    await screen.findByRole('dialog', { name: 'Add a private person' });
    await user.type(inDialog().getByRole('textbox', { name: 'First name' }), 'Kalle');
    await user.type(inDialog().getByRole('textbox', { name: 'Share in Tamm ja Pojad OÜ' }), '12,5');
    expect(sessionStorage.getItem(DIALOG_KEY)).toContain('Kalle');
    first.unmount();

    // The reload: the page starts again from this tab's session storage.
    await renderScreen(withSavedStep());
    await screen.findByRole('dialog', { name: 'Add a private person' });
    expect(inDialog().getByRole('status').textContent).toBe('What you typed before the page was reloaded is back. Save to keep it.');
    expect((inDialog().getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('Kalle');
    expect((inDialog().getByRole('textbox', { name: 'Share in Tamm ja Pojad OÜ' }) as HTMLInputElement).value).toBe('12,5');
    await user.click(inDialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem(DIALOG_KEY)).toBeNull();
    // A new dialog starts empty, without the note.
    await user.click(screen.getByRole('button', { name: 'Add a private person' }));
    await screen.findByRole('dialog', { name: 'Add a private person' });
    expect((inDialog().getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('');
    expect(inDialog().queryByRole('status')).toBeNull();
  });

  it('an edit of a person comes back after a reload and is saved from there; Save forgets it', async () => {
    const user = userEvent.setup();
    const first = await renderScreen(withSavedStep());
    await edit(user, 'Mari Maasikas');
    const lastName = inDialog().getByRole('textbox', { name: 'Last name' });
    await user.clear(lastName);
    await user.type(lastName, 'Kask');
    first.unmount();

    const { callsTo } = await renderScreen(withSavedStep());
    await screen.findByRole('dialog', { name: 'Edit: Mari Maasikas' });
    expect((inDialog().getByRole('textbox', { name: 'Last name' }) as HTMLInputElement).value).toBe('Kask');
    await save(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem(DIALOG_KEY)).toBeNull();
    expect(card('Mari Kask')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(callsTo(SAVE)).toHaveLength(1));
    expect(savedData(callsTo(SAVE)[0]!).relatedPersons[1]).toMatchObject({ firstName: 'Mari', lastName: 'Kask' });
  });

  it('a kept dialog for a person no longer there is not opened', async () => {
    sessionStorage.setItem(
      DIALOG_KEY,
      JSON.stringify({ target: { type: 'PRIVATE_PERSON', personId: 'person:gone', isCompleting: false, newId: 'x' }, values: { firstName: 'Gone' } }),
    );
    await renderScreen(withSavedStep());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('related persons: ownership', () => {
  it('a legal-entity owner with its own owner, shown in the tree as a nested list', async () => {
    const user = userEvent.setup();
    const { callsTo } = await renderScreen(withSavedStep());
    await user.click(screen.getByRole('button', { name: 'Add a legal entity' }));
    await screen.findByRole('dialog', { name: 'Add a legal entity' });
    await user.type(inDialog().getByRole('textbox', { name: 'Registry code (optional)' }), '87654322');
    expect(await inDialog().findByText('Filled from the Business Register')).toBeTruthy();
    expect((inDialog().getByRole('textbox', { name: 'Business name' }) as HTMLInputElement).value).toBe('Holding OÜ');
    await user.type(inDialog().getByRole('textbox', { name: 'Share in Tamm ja Pojad OÜ' }), '40');
    await save(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(summary()).getByText('First-level owners hold 140%; 40% too much.')).toBeTruthy();

    // Mari's 40% moves from the applicant to the holding company.
    await edit(user, 'Mari Maasikas');
    await user.clear(inDialog().getByRole('textbox', { name: 'Share in Tamm ja Pojad OÜ' }));
    await user.type(inDialog().getByRole('textbox', { name: 'Share in Holding OÜ' }), '100');
    await save(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const root = tree().getAllByRole('list')[0]!;
    const company = within(root).getAllByRole('listitem')[0]!;
    expect(company.textContent).toContain('Tamm ja Pojad OÜ');
    const firstLevel = within(company).getAllByRole('list')[0]!;
    const owners = Array.from(firstLevel.children) as HTMLElement[];
    expect(owners.map((owner) => nbsp(owner.querySelector('span')?.textContent))).toEqual(['Jüri Tamm60%', 'Holding OÜ40%']);
    const holding = owners[1]!;
    const nested = within(holding).getByRole('list');
    expect(within(nested).getByRole('listitem').textContent).toBe('Mari Maasikas100%');
    expect(within(holding).getByText('Total 100% of 100%')).toBeTruthy();
    expect(within(summary()).getByText('All details are filled in and the shares add up.')).toBeTruthy();
    expect(within(card('Mari Maasikas')).getByText('Owns 100% of Holding OÜ')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(callsTo(SAVE)).toHaveLength(1));
    const data = savedData(callsTo(SAVE)[0]!);
    expect(data.shareholders).toEqual([
      { personId: REPRESENTATIVE_ID, sharePercent: 60 },
      { personId: expect.stringMatching(/^person:new:/) as unknown, sharePercent: 40 },
    ]);
    const entity = data.relatedPersons[2]!;
    expect(entity).toMatchObject({
      type: 'LEGAL_ENTITY',
      businessName: 'Holding OÜ',
      registryCode: '87654322',
      roles: ['SHAREHOLDER'],
      shareholders: [{ personId: MARI_ID, sharePercent: 100 }],
    });
    // Mari still owns a share (in the holding company), so she stays a shareholder.
    expect(data.relatedPersons[1]?.roles).toEqual(['BENEFICIARY', 'SHAREHOLDER']);
    expect(parseWithIssues(createRelatedPersonsSchema(), data).success).toBe(true);
  });

  it('a share that breaks the total: the summary says by how much, per language, and links to the owners', async () => {
    const user = userEvent.setup();
    const { callsTo } = await renderScreen(withSavedStep());
    await edit(user, 'Mari Maasikas');
    const share = inDialog().getByRole('textbox', { name: 'Share in Tamm ja Pojad OÜ' }) as HTMLInputElement;
    expect(share.value).toBe('40');
    await user.clear(share);
    await user.type(share, '25');
    await save(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const text = 'First-level owners hold 85%; 15% is not accounted for.';
    const item = within(summary()).getByText(text).closest('li')!;
    expect(within(card('Jüri Tamm')).getByText(text)).toBeTruthy();
    expect(within(card('Mari Maasikas')).getByText(text)).toBeTruthy();
    expect(tree().getByText('Total 85% of 100% – does not add up')).toBeTruthy();
    await user.click(within(item).getByRole('link', { name: 'Mari Maasikas' }));
    expect(document.activeElement).toBe(within(card('Mari Maasikas')).getByRole('heading', { name: 'Mari Maasikas' }));

    // Continue is refused in the browser; the summary takes focus.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(document.activeElement).toBe(within(summary()).getByRole('heading', { name: 'Check before continuing' }));
    expect(callsTo(SAVE)).toHaveLength(0);

    await edit(user, 'Mari Maasikas');
    await user.clear(inDialog().getByRole('textbox', { name: 'Share in Tamm ja Pojad OÜ' }));
    await user.type(inDialog().getByRole('textbox', { name: 'Share in Tamm ja Pojad OÜ' }), '40.5');
    await save(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(summary()).getByText('First-level owners hold 100.5%; 0.5% too much.')).toBeTruthy();

    await i18n.changeLanguage('et');
    const estonian = await screen.findByRole('region', { name: 'Kontrolli enne jätkamist' });
    expect(within(estonian).getByText('Esimese taseme omanikele kuulub 100,5%; 0,5% on liiga palju.')).toBeTruthy();
    await i18n.changeLanguage('ru');
    const russian = await screen.findByRole('region', { name: 'Проверьте перед продолжением' });
    expect(within(russian).getByText('Владельцам первого уровня принадлежит 100,5 %; это на 0,5 % больше, чем нужно.')).toBeTruthy();
  });

  it('the beneficial owners’ total is checked the same way', async () => {
    const user = userEvent.setup();
    await renderScreen(withSavedStep());
    await edit(user, 'Jüri Tamm');
    const stake = inDialog().getByRole('textbox', { name: 'Stake as beneficial owner' });
    await user.clear(stake);
    await user.type(stake, '70');
    await save(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(summary()).getByText('Beneficial owners’ stakes add up to 110%; 10% too much.')).toBeTruthy();
  });

  it('removing a person asks first, removes their holdings and moves focus to the next card', async () => {
    const user = userEvent.setup();
    const { callsTo } = await renderScreen(withSavedStep());
    await user.click(within(card('Mari Maasikas')).getByRole('button', { name: 'Remove: Mari Maasikas' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Mari Maasikas?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Mari Maasikas' })).toBeNull());
    expect(document.activeElement).toBe(within(card('Jüri Tamm')).getByRole('heading', { name: 'Jüri Tamm' }));
    expect(within(summary()).getByText('First-level owners hold 60%; 40% is not accounted for.')).toBeTruthy();
    await waitFor(() => expect(callsTo(DRAFT).length).toBeGreaterThan(0), { timeout: 4000 });
    expect((callsTo(DRAFT).at(-1)?.body as { data: { shareholders: unknown[] } }).data.shareholders).toEqual([
      { personId: REPRESENTATIVE_ID, sharePercent: 60 },
    ]);
  });
});

describe('related persons: Continue', () => {
  it('sends the step with consistent roles and opens the overview', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = await renderScreen(withSavedStep());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/overview'));
    expect(savedData(callsTo(SAVE)[0]!)).toEqual(completeStep());
  });

  it('puts the server’s field errors on the right person’s card and in the modal', async () => {
    const user = userEvent.setup();
    await renderScreen(withSavedStep(), {
      [SAVE]: () =>
        validationFailed([
          { path: 'relatedPersons.1.firstName', code: 'onlyLatinLetters' },
          { path: 'relatedPersons.1', code: 'personAlreadyExists' },
        ]),
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const mari = await screen.findByRole('article', { name: 'Mari Maasikas' });
    expect(await within(mari).findByText('First name: Only Latin letters permitted')).toBeTruthy();
    expect(within(mari).getByText('The same person is entered more than once (the same personal ID code).')).toBeTruthy();
    expect(within(card('Jüri Tamm')).queryByText(/Only Latin letters/)).toBeNull();
    expect(within(summary()).getByText('Correct the details of Mari Maasikas, 48507074564, beneficial owner, shareholder')).toBeTruthy();
    expect(document.activeElement).toBe(within(summary()).getByRole('heading', { name: 'Check before continuing' }));

    await edit(user, 'Mari Maasikas');
    const firstName = inDialog().getByRole('textbox', { name: 'First name' });
    await waitFor(() => expect(firstName.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(firstName)).toContain('Only Latin letters permitted');
    expect(inDialog().getByRole('textbox', { name: 'Last name' }).getAttribute('aria-invalid')).toBeNull();

    // Saved from the modal, the person's server errors are done with.
    await save(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card('Mari Maasikas')).queryByText(/Only Latin letters/)).toBeNull();
  });
});

describe('related persons: the register’s beneficial owners (docs/register-facts.md section 2.4)', () => {
  const ownership: RegisterBeneficialOwnership = {
    owners: [
      {
        firstName: 'Mari',
        lastName: 'Maasikas',
        personalId: '48507074564',
        birthDate: '1985-07-07',
        benefitType: 'SHARE_OWNERSHIP',
        beneficiarySharePercent: 60,
        controlTypeCode: 'O',
        controlTypeName: 'otsene osalus',
      },
      {
        firstName: 'Siim',
        lastName: 'Oja',
        personalId: '38802050512',
        birthDate: '1988-02-05',
        benefitType: 'OTHER',
        benefitTypeOther: 'kaudne osalus',
        controlTypeCode: 'K',
        controlTypeName: 'kaudne osalus',
        hasDiscrepancyNotice: true,
      },
    ],
    hidden: 2,
    hasMissingDataNotice: true,
  };
  const withOwnership = { [REGISTER_PREFILL]: () => jsonResponse({ ...registerPrefill, beneficialOwnership: ownership }) };
  const registerSection = () => within(screen.getByRole('region', { name: 'Beneficial owners in the Business Register' }));

  it('lists whom the register names and how they control the company, the notices, and the owners it does not name', async () => {
    await renderScreen({}, withOwnership);
    const section = await screen.findByRole('region', { name: 'Beneficial owners in the Business Register' });
    const items = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Mari Maasikas – ownership (shares) 60%',
      'Siim Oja – other control: “kaudne osalus”A discrepancy notice about this person has been filed with the Business Register.',
    ]);
    const notes = registerSection()
      .getAllByRole('note')
      .map((note) => note.textContent);
    expect(notes).toEqual([
      'The Business Register counts beneficial owners it does not show: 2. Add them to the list below and mark them as beneficial owners.' +
        'As the register does not name them, a relationship manager goes through them with you after you submit the application.',
      'A notice has been filed with the Business Register that the company’s beneficial-owner data are missing.',
    ]);
  });

  it('is shown for a saved step too, in the page’s language', async () => {
    await i18n.changeLanguage('ru');
    serveRelatedPersons(withSavedStep(), withOwnership);
    renderStep(PATH, RelatedPersonsPage);
    const section = await screen.findByRole('region', { name: 'Фактические выгодоприобретатели в коммерческом регистре' });
    expect(nbsp(within(section).getAllByRole('listitem')[0]?.textContent)).toBe('Mari Maasikas — доля участия (доли или акции) 60 %');
  });

  it('shows nothing of its own when the register does not know the company', async () => {
    await renderScreen({}, { [REGISTER_PREFILL]: () => jsonResponse({ shareholders: [], relatedPersons: [] }) });
    expect(screen.queryByRole('region', { name: 'Beneficial owners in the Business Register' })).toBeNull();
  });
});

describe('related persons: beneficial owners under 100% (decision 34)', () => {
  /** Jüri holds 75% and is the one beneficial owner; Mari's 25% controls nothing. */
  const underHundred = () => {
    const step = completeStep();
    step.shareholders = [
      { personId: REPRESENTATIVE_ID, sharePercent: 75 },
      { personId: MARI_ID, sharePercent: 25 },
    ];
    step.relatedPersons = step.relatedPersons.map((person) =>
      person.type !== 'PRIVATE_PERSON'
        ? person
        : person.id === MARI_ID
          ? { ...person, roles: ['SHAREHOLDER'], isBeneficialOwner: false, benefitType: undefined, beneficiarySharePercent: undefined }
          : { ...person, beneficiarySharePercent: 75 },
    );
    return step;
  };
  const confirmation = () =>
    screen.getByRole('checkbox', { name: 'I confirm that nobody else holds more than 25% of the company or controls it in any other way' });
  const missingText =
    'Beneficial owners’ stakes add up to 75%; 25% is not accounted for. Add the missing beneficial owner, or confirm below that nobody else holds more than 25% or otherwise controls the company.';

  it('without the confirmation, Continue says to add the missing owner or confirm; with it, the step is saved with it', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = await renderScreen(withSavedStep(underHundred()));
    expect(descriptionOf(confirmation())).toBe(
      'The beneficial owners’ stakes add up to 75%. Confirm if the rest belongs to holders of 25% or less who do not control the company; otherwise add the missing beneficial owner.',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await within(summary()).findByText(missingText)).toBeTruthy();
    expect(callsTo(SAVE)).toHaveLength(0);

    await user.click(confirmation());
    expect(within(summary()).queryByText(missingText)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/overview'));
    expect(savedData(callsTo(SAVE)[0]!)).toEqual({ ...underHundred(), hasNoOtherBeneficialOwners: true });
  });

  it('is not asked at 100%, and a confirmation given before is dropped once the stakes reach it', async () => {
    const user = userEvent.setup();
    const { callsTo } = await renderScreen(withSavedStep({ ...underHundred(), hasNoOtherBeneficialOwners: true }));
    expect((confirmation() as HTMLInputElement).checked).toBe(true);
    await edit(user, 'Jüri Tamm');
    const stake = inDialog().getByRole('textbox', { name: 'Stake as beneficial owner' });
    await user.clear(stake);
    await user.type(stake, '100');
    await save(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('checkbox', { name: /nobody else holds more than 25%/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(callsTo(SAVE)).toHaveLength(1));
    expect(savedData(callsTo(SAVE)[0]!)).not.toHaveProperty('hasNoOtherBeneficialOwners');
  });

  it('over 100% stays an error, with no confirmation to give', async () => {
    const step = completeStep();
    step.relatedPersons = step.relatedPersons.map((person) => (person.id === MARI_ID ? { ...person, beneficiarySharePercent: 50 } : person));
    await renderScreen(withSavedStep(step));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    expect(await within(summary()).findByText('Beneficial owners’ stakes add up to 110%; 10% too much.')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /nobody else holds more than 25%/ })).toBeNull();
  });
});

describe('related persons: the summary shows after the first edit or Continue', () => {
  it('is not there on arrival; an edit shows it', async () => {
    const user = userEvent.setup();
    await renderScreen();
    expect(screen.queryByRole('region', { name: 'Check before continuing' })).toBeNull();
    // Opening and cancelling the dialog changes nothing.
    await edit(user, 'Holding OÜ');
    await user.click(inDialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Check before continuing' })).toBeNull();
    await edit(user, 'Holding OÜ');
    await save(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(summary()).getByText(/^Complete the details of Mari Maasikas/)).toBeTruthy();
  });
});

describe('related persons: a company the register does not know', () => {
  it('starts with the representative alone and says what the rules need', async () => {
    await renderScreen({}, { [REGISTER_PREFILL]: () => new Response(JSON.stringify({ shareholders: [], relatedPersons: [] }), { status: 200 }) });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    const items = within(await screen.findByRole('region', { name: 'Check before continuing' }))
      .getAllByRole('listitem')
      .map((item) => item.firstChild?.textContent);
    expect(items).toContain('Add at least one owner: enter a person’s or a legal entity’s share in the company.');
    expect(items).toContain('Mark at least one person as a management board member.');
    expect(items).toContain('Mark the beneficial owners: their stakes must add up to 100%.');
    expect(tree().getByText('Total 0% of 100% – does not add up')).toBeTruthy();
  });
});
