import { describe, expect, it } from 'vitest';
import { APPLICANT_ID, type LegalEntityValues, type PrivatePersonValues } from './form-values';
import { formatPercent, parsePercent } from './percent';
import { formPathOf } from '../../../lib/person-fields/own-details-values';
import {
  holdingFormValues,
  legalEntityFormValues,
  legalEntityIssues,
  privatePersonFormValues,
  privatePersonIssues,
  toLegalEntity,
  toPrivatePerson,
  toShares,
  withRegisterMark,
  type PrivatePersonFormValues,
} from './person-form-values';
import { completeStep, registerPrefill } from './test-fixtures';

const companies = [
  { id: APPLICANT_ID, name: 'Tamm ja Pojad OÜ' },
  { id: 'entity:1', name: 'Holding OÜ' },
];
const juri = completeStep().relatedPersons[0] as PrivatePersonValues;
const registerMari = registerPrefill.relatedPersons[0] as PrivatePersonValues;
const formOf = (person: PrivatePersonValues | undefined, shares = new Map<string, number | undefined>()) =>
  privatePersonFormValues(person, holdingFormValues(companies, shares, 'en'), 'en');
const paths = (values: PrivatePersonFormValues) => privatePersonIssues(values).map((issue) => `${issue.path}:${issue.code}`);

describe('percent text', () => {
  it('reads a comma or a point, spaces and a "%" sign; anything else is NaN', () => {
    expect(parsePercent('12,5')).toBe(12.5);
    expect(parsePercent(' 12.5 % ')).toBe(12.5);
    expect(parsePercent('100')).toBe(100);
    expect(parsePercent('')).toBeUndefined();
    expect(parsePercent('  ')).toBeUndefined();
    expect(parsePercent('1/2')).toBeNaN();
    expect(parsePercent('-5')).toBeNaN();
  });

  it('writes it in the page’s language', () => {
    expect(formatPercent(12.5, 'et')).toBe('12,5');
    expect(formatPercent(12.5, 'ru')).toBe('12,5');
    expect(formatPercent(12.5, 'en')).toBe('12.5');
    expect(formatPercent(1000, 'et')).toBe('1000');
  });
});

describe('the private person form', () => {
  it('a complete person round-trips: form values and back give the same person', () => {
    const shares = new Map<string, number | undefined>([[APPLICANT_ID, 60]]);
    const values = formOf(juri, shares);
    expect(values.holdings).toEqual([
      { companyId: APPLICANT_ID, sharePercent: '60' },
      { companyId: 'entity:1', sharePercent: '' },
    ]);
    expect(values.isManagementBoardMember).toBe(true);
    expect(values.beneficiarySharePercent).toBe('60');
    expect(toPrivatePerson(values, { id: juri.id, roles: juri.roles })).toEqual(juri);
    expect(toShares(values.holdings)).toEqual(new Map([[APPLICANT_ID, 60]]));
    expect(privatePersonIssues(values)).toEqual([]);
  });

  it('a new person starts empty, in Estonia, with one tax residence row to fill', () => {
    const values = formOf(undefined);
    expect(values.personalIdCountryCode).toBe('EE');
    expect(values.residentialAddress.countryCode).toBe('EE');
    expect(values.taxResidences).toEqual([{ countryCode: '', tin: '' }]);
    expect(values.isPep).toBeNull();
  });

  it('a tax residence in Estonia without a TIN starts with the Estonian personal code; a TIN given stays', () => {
    const mari = {
      ...registerMari,
      taxResidences: [
        { countryCode: 'EE', tin: '' },
        { countryCode: 'FI', tin: '' },
      ],
    };
    expect(formOf(mari).taxResidences).toEqual([
      { countryCode: 'EE', tin: registerMari.personalId },
      { countryCode: 'FI', tin: '' },
    ]);
    expect(formOf({ ...mari, taxResidences: [{ countryCode: 'EE', tin: 'EE-1' }] }).taxResidences).toEqual([{ countryCode: 'EE', tin: 'EE-1' }]);
    // A foreign personal ID is no Estonian TIN.
    expect(formOf({ ...mari, personalIdCountryCode: 'FI' }).taxResidences[0]).toEqual({ countryCode: 'EE', tin: '' });
  });

  it('a register person: its address starts in its country of residence; what the register lacks is reported', () => {
    const values = formOf({ ...registerMari, residentialCountryCode: 'FI' });
    expect(values.residentialAddress.countryCode).toBe('FI');
    expect(values.residency).toBe('RESIDENT');
    expect(paths(values)).toEqual(
      expect.arrayContaining([
        'birthCountryCode:required',
        'residentialAddress.city:required',
        'isEResident:required',
        'taxResidences.0.countryCode:required',
        'taxResidences.0.tin:required',
        'isPep:required',
      ]),
    );
  });

  it('hidden answers are not sent: the benefit of a non-owner, the PEP details of a non-PEP, the other text of another type', () => {
    const values = {
      ...formOf(juri),
      isBeneficialOwner: false,
      isPep: false,
      pep: { firstName: 'X', lastName: 'Y', birthDate: '', birthCountryCode: '', governmentPosition: '' },
    };
    const person = toPrivatePerson(values, { id: 'p', roles: [] });
    expect(person).not.toHaveProperty('benefitType');
    expect(person).not.toHaveProperty('beneficiarySharePercent');
    expect(person).not.toHaveProperty('pep');
    expect(person.roles).toEqual(['MANAGEMENT_BOARD_MEMBER']);
    const other = toPrivatePerson({ ...formOf(juri), benefitType: 'DIRECTING_BODY_MEMBER', benefitTypeOther: 'left over' }, { id: 'p', roles: [] });
    expect(other).not.toHaveProperty('benefitTypeOther');
  });

  it('roles: the board checkboxes, beneficial owner, a share; the representative is kept, nothing else from before', () => {
    const values = {
      ...formOf(undefined),
      isManagementBoardMember: true,
      isSupervisoryBoardMember: true,
      isBeneficialOwner: true,
      holdings: [{ companyId: 'entity:1', sharePercent: '5' }],
    };
    expect(toPrivatePerson(values, { id: 'p', roles: ['REPRESENTATIVE', 'SHAREHOLDER'] }).roles).toEqual([
      'REPRESENTATIVE',
      'MANAGEMENT_BOARD_MEMBER',
      'BENEFICIARY',
      'SHAREHOLDER',
      'SUPERVISORY_BOARD_MEMBER',
    ]);
    expect(toPrivatePerson({ ...values, holdings: [] }, { id: 'p', roles: ['SHAREHOLDER'] }).roles).not.toContain('SHAREHOLDER');
  });

  it('the schema’s cross-field rules apply while other fields are still empty', () => {
    const values = {
      ...formOf(undefined),
      personalId: '38001085719',
      isBeneficialOwner: true,
      taxResidences: [
        { countryCode: 'EE', tin: '1' },
        { countryCode: 'EE', tin: '2' },
      ],
    };
    expect(paths(values)).toEqual(
      expect.arrayContaining(['personalId:invalidPersonalId', 'benefitType:required', 'taxResidences.1.countryCode:countryAlreadyAdded']),
    );
    const share = { ...values, benefitType: 'SHARE_OWNERSHIP' as const };
    expect(paths(share)).toContain('beneficiarySharePercent:required');
    // A foreign personal ID is not held to the Estonian rules.
    expect(paths({ ...values, personalIdCountryCode: 'FI' })).not.toContain('personalId:invalidPersonalId');
    expect(paths({ ...values, personalId: '3800108571' })).toContain('personalId:exactLength');
    expect(paths({ ...values, personalId: 'AB-123456', personalIdCountryCode: 'FI' }).filter((path) => path.startsWith('personalId:'))).toEqual([]);
  });

  it('the same rules once every other field is valid: the schema itself reports them, at the form’s paths', () => {
    const values = {
      ...formOf(juri),
      taxResidences: [
        { countryCode: 'EE', tin: '1' },
        { countryCode: 'EE', tin: '2' },
      ],
    };
    expect(paths(values)).toEqual(['taxResidences.1.countryCode:countryAlreadyAdded']);
    expect(formPathOf('taxResidences.3')).toBe('taxResidences.3.countryCode');
    expect(formPathOf('taxResidences.3.tin')).toBe('taxResidences.3.tin');
  });

  it('each filled share is a percent the domain accepts', () => {
    const values = {
      ...formOf(juri),
      holdings: [
        { companyId: APPLICANT_ID, sharePercent: '0' },
        { companyId: 'entity:1', sharePercent: '12,345' },
      ],
    };
    expect(paths(values)).toEqual(['holdings.0.sharePercent:minValue', 'holdings.1.sharePercent:incorrectValue']);
    expect(
      paths({
        ...values,
        holdings: [
          { companyId: APPLICANT_ID, sharePercent: 'lots' },
          { companyId: 'entity:1', sharePercent: '101' },
        ],
      }),
    ).toEqual(['holdings.0.sharePercent:incorrectValue', 'holdings.1.sharePercent:maxValue']);
  });
});

describe('the legal entity form', () => {
  const entity = registerPrefill.relatedPersons[1] as LegalEntityValues;

  it('round-trips, keeping the entity’s own owners', () => {
    const owners = [{ personId: 'x', sharePercent: 100 }];
    const values = legalEntityFormValues({ ...entity, shareholders: owners }, holdingFormValues(companies, new Map([[APPLICANT_ID, 40]]), 'en'));
    expect(values).toMatchObject({ registryCountryCode: 'EE', businessName: 'Holding OÜ', registryCode: '87654322' });
    const { isFromRegister: _mark, ...unmarked } = entity;
    expect(toLegalEntity(values, { id: entity.id, roles: entity.roles }, owners)).toEqual({ ...unmarked, shareholders: owners });
    expect(legalEntityIssues(values)).toEqual([]);
  });

  it('a registry code follows its country’s rule, even while the name is empty', () => {
    const values = legalEntityFormValues(undefined, []);
    expect(legalEntityIssues({ ...values, registryCode: '123456789' }).map((issue) => `${issue.path}:${issue.code}`)).toEqual([
      'businessName:required',
      'registryCode:maxLength',
    ]);
    expect(legalEntityIssues({ ...values, businessName: 'Oy', registryCountryCode: 'FI', registryCode: '1234567-8' })).toEqual([]);
  });
});

describe('the register mark', () => {
  const shares = new Map<string, number | undefined>([[APPLICANT_ID, 60]]);

  it('stays while nothing changed and goes with the first edit, shares included', () => {
    const marked = { ...registerMari, isFromRegister: true };
    const same = { ...registerMari };
    delete same.isFromRegister;
    expect(withRegisterMark(same, marked, { previous: shares, next: new Map(shares) }).isFromRegister).toBe(true);
    expect(withRegisterMark({ ...same, firstName: 'Maria' }, marked, { previous: shares, next: shares })).not.toHaveProperty('isFromRegister');
    expect(withRegisterMark(same, marked, { previous: shares, next: new Map([[APPLICANT_ID, 61]]) })).not.toHaveProperty('isFromRegister');
  });

  it('is never given to a person who did not have it', () => {
    expect(withRegisterMark({ ...juri, isFromRegister: true }, juri, { previous: shares, next: shares })).not.toHaveProperty('isFromRegister');
    expect(withRegisterMark(juri, undefined, { previous: new Map(), next: new Map() })).toEqual(juri);
  });
});
