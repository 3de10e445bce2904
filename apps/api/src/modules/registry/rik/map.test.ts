import { describe, expect, it } from 'vitest';
import { readBeneficialOwners } from './map-beneficial-owners.js';
import { addressOf, readCard } from './map-card.js';
import { itemsOf, millionthsToNumber, parseMillionths, type RikObject } from './values.js';

// Answers in the register's JSON output shapes (docs/register-facts.md sections 1.4 and 2); names and codes are fictional.
const TODAY = '2026-06-01';

const person = (role: string, fields: RikObject): RikObject => ({
  isiku_tyyp: 'F',
  isiku_roll: role,
  aadress_riik: 'EST',
  algus_kpv: '2021-03-15Z',
  ...fields,
});

const company = (yldandmed: RikObject, isikuandmed: RikObject): RikObject => ({
  ariregistri_kood: 19990001,
  ettevotja_id: 9000000001,
  nimi: 'Näidispagar OÜ',
  kmkr_number: {},
  yldandmed: {
    esmaregistreerimise_kpv: '2021-03-15Z',
    staatus: 'R',
    oiguslik_vorm: 'OÜ',
    aadressid: {
      item: [
        {
          riik: 'EST',
          ehak_nimetus: 'Tallinn',
          tanav_maja_korter: 'Näidise tn 1',
          postiindeks: '10111',
          aadress_ads__ads_normaliseeritud_taisaadress: 'Harju maakond, Tallinn, Kesklinna linnaosa, Näidise tn 1',
          algus_kpv: '2021-03-15Z',
        },
      ],
    },
    teatatud_tegevusalad: {
      item: [{ emtak_kood: '10711', emtak_tekstina: 'Leiva ja saiakeste tootmine', emtak_versioon: 2, on_pohitegevusala: true, algus_kpv: '2021-03-15Z' }],
    },
    ...yldandmed,
  },
  isikuandmed: { kaardile_kantud_isikud: {}, kaardivalised_isikud: {}, esindusoiguse_eritingimused: {}, hooneyhistu_liikmed: {}, ...isikuandmed },
});

const mari = { eesnimi: 'Mari', nimi_arinimi: 'Näidis', isikukood_registrikood: '60001019906' };

describe('readCard', () => {
  it('a one-person OÜ: board, sole shareholder, address, activity and registration date', () => {
    const card = readCard(
      company(
        {},
        {
          kaardile_kantud_isikud: { item: [person('JUHL', mari)] },
          esindusoiguse_normaalregulatsioonid: { item: [{ roll: 'JUHL', sisu: 'Iga juhatuse liige võib esindada.' }] },
          kaardivalised_isikud: { item: [person('OSAN', { ...mari, osaluse_protsent: '100.000000', algus_kpv: '2023-09-01Z' })] },
        },
      ),
      TODAY,
    );
    expect(card).toMatchObject({
      businessName: 'Näidispagar OÜ',
      registryCode: '19990001',
      legalForm: 'OU',
      status: 'ACTIVE',
      registrationDate: '2021-03-15',
      legalAddress: {
        countryCode: 'EE',
        county: 'Harju maakond',
        district: 'Tallinn',
        city: 'Kesklinna linnaosa',
        street: 'Näidise tn 1',
        postalCode: '10111',
      },
      emtakVersion: 'EMTAK 2008',
      mainFieldOfActivityCode: '10711',
      mainFieldOfActivityName: 'Leiva ja saiakeste tootmine',
      supervisoryBoardMembers: [],
      authorizedPersons: [],
      representation: { normalRules: [{ role: 'JUHL', text: 'Iga juhatuse liige võib esindada.' }], specialConditions: [] },
    });
    expect(card.managementBoardMembers).toEqual([
      {
        firstName: 'Mari',
        lastName: 'Näidis',
        personalId: '60001019906',
        personalIdCountryCode: 'EE',
        birthDate: '2000-01-01',
        nationalityCountryCode: 'EE',
        residentialCountryCode: 'EE',
        residency: 'RESIDENT',
      },
    ]);
    expect(card.shareholders).toMatchObject([{ kind: 'PERSON', millionths: 100_000_000n, person: { personalId: '60001019906' } }]);
  });

  it('an AS: chair and members of both boards, a foreign member known by birth date, a legal-entity owner', () => {
    const card = readCard(
      company(
        { oiguslik_vorm: 'AS' },
        {
          kaardile_kantud_isikud: {
            item: [
              person('JUHE', { eesnimi: 'Jaan', nimi_arinimi: 'Proov', isikukood_registrikood: '38001085718' }),
              person('E', { eesnimi: 'Toomas', nimi_arinimi: 'Test', isikukood_registrikood: 38001010015 }),
              person('N', {
                eesnimi: 'Anne',
                nimi_arinimi: 'Test',
                valis_kood: 'FI-000000-000A',
                valis_kood_riik: 'FIN',
                synniaeg: '1975-04-12Z',
                aadress_riik: 'FIN',
              }),
              // Ended before today: no longer on the board.
              person('JUHL', { eesnimi: 'Endine', nimi_arinimi: 'Liige', isikukood_registrikood: '50001029996', lopp_kpv: '2024-01-01Z' }),
            ],
          },
          kaardivalised_isikud: {
            item: [
              {
                isiku_tyyp: 'J',
                isiku_roll: 'S',
                nimi_arinimi: 'Emaettevõte OÜ',
                isikukood_registrikood: '19990002',
                osaluse_protsent: '70.000000',
                aadress_riik: 'EST',
              },
            ],
          },
        },
      ),
      TODAY,
    );
    expect(card.legalForm).toBe('AS');
    expect(card.managementBoardMembers.map((member) => member.personalId)).toEqual(['38001085718']);
    expect(card.supervisoryBoardMembers).toMatchObject([
      { personalId: '38001010015', residency: 'RESIDENT' },
      {
        firstName: 'Anne',
        personalId: 'FI-000000-000A',
        personalIdCountryCode: 'FI',
        birthDate: '1975-04-12',
        residentialCountryCode: 'FI',
        residency: 'NON_RESIDENT',
      },
    ]);
    expect(card.shareholders).toEqual([
      { kind: 'ENTITY', businessName: 'Emaettevõte OÜ', registryCode: '19990002', registryCountryCode: 'EE', millionths: 70_000_000n },
    ]);
  });

  it('joint representation: the special condition is kept for review', () => {
    const card = readCard(
      company(
        {},
        {
          esindusoiguse_eritingimused: {
            item: { kirje_id: 6000010, esinduse_tyyp: 'YHIS', esinduse_sisu: 'Osaühingut esindavad kaks juhatuse liiget ühiselt.', algus_kpv: '2023-06-01Z' },
          },
        },
      ),
      TODAY,
    );
    expect(card.representation.specialConditions).toEqual([{ type: 'YHIS', text: 'Osaühingut esindavad kaks juhatuse liiget ühiselt.' }]);
  });

  it('a procura holder is an authorized person, not a board member', () => {
    const card = readCard(
      company(
        {},
        {
          kaardile_kantud_isikud: {
            item: [person('JUHL', mari), person('PROK', { eesnimi: 'Peeter', nimi_arinimi: 'Prokurist', isikukood_registrikood: '60001018800' })],
          },
        },
      ),
      TODAY,
    );
    expect(card.authorizedPersons.map((entry) => entry.personalId)).toEqual(['60001018800']);
    expect(card.managementBoardMembers.map((entry) => entry.personalId)).toEqual(['60001019906']);
  });

  it('liquidation: the liquidator takes the ended board’s place', () => {
    const card = readCard(
      company(
        { staatus: 'L' },
        {
          kaardile_kantud_isikud: {
            item: [
              person('JUHL', { ...mari, lopp_kpv: '2026-05-04Z' }),
              person('LIKV', { eesnimi: 'Jaan', nimi_arinimi: 'Proov', isikukood_registrikood: '38001085718', algus_kpv: '2026-05-04Z' }),
            ],
          },
        },
      ),
      TODAY,
    );
    expect(card.status).toBe('IN_LIQUIDATION');
    expect(card.managementBoardMembers.map((entry) => entry.personalId)).toEqual(['38001085718']);
  });

  it.each([
    ['N', 'BANKRUPT'],
    ['K', 'DELETED'],
  ])('status %s is %s', (code, status) => {
    expect(readCard(company({ staatus: code }, {}), TODAY)).toMatchObject({ status, statusCode: code });
  });

  it('keeps Estonian letters and Cyrillic names as written', () => {
    const card = readCard(
      company(
        {},
        {
          kaardile_kantud_isikud: {
            item: [
              person('JUHL', { eesnimi: 'Õie-Ülle', nimi_arinimi: 'Šõškina-Žukova', isikukood_registrikood: '60001019906' }),
              person('N', { eesnimi: 'Дмитрий', nimi_arinimi: 'Иванов', valis_kood_riik: 'RUS', synniaeg: '1980-02-29Z', aadress_riik: 'LAT' }),
            ],
          },
        },
      ),
      TODAY,
    );
    expect(card.managementBoardMembers[0]).toMatchObject({ firstName: 'Õie-Ülle', lastName: 'Šõškina-Žukova' });
    expect(card.supervisoryBoardMembers[0]).toMatchObject({
      firstName: 'Дмитрий',
      lastName: 'Иванов',
      personalIdCountryCode: 'RU',
      residentialCountryCode: 'LV',
      birthDate: '1980-02-29',
    });
    expect(card.supervisoryBoardMembers[0]?.personalId).toBeUndefined();
  });

  it('missing optional parts: no address, no activity, no persons, a name only', () => {
    const card = readCard({ ariregistri_kood: '19990001', nimi: 'Tühi OÜ', yldandmed: { staatus: 'R', oiguslik_vorm: 'OÜ' }, isikuandmed: {} }, TODAY);
    expect(card).toMatchObject({
      businessName: 'Tühi OÜ',
      registrationDate: '',
      mainFieldOfActivityCode: '',
      managementBoardMembers: [],
      shareholders: [],
      legalAddress: { countryCode: 'EE', city: '', street: '', postalCode: '' },
    });
    expect(card.mainFieldOfActivityName).toBeUndefined();
  });

  it('an address without the normalised form falls back to the legacy street and unit', () => {
    expect(addressOf({ riik: 'EST', ehak_nimetus: 'Tartu linn', tanav_maja_korter: 'Riia tn 1', postiindeks: 51010 })).toEqual({
      countryCode: 'EE',
      city: 'Tartu linn',
      street: 'Riia tn 1',
      postalCode: '51010',
    });
    expect(addressOf({ aadress_ads__ads_normaliseeritud_taisaadress: 'Pärnu maakond, Pärnu linn, Riia mnt 11' })).toMatchObject({
      county: 'Pärnu maakond',
      district: 'Pärnu linn',
      city: 'Pärnu linn',
      street: 'Riia mnt 11',
    });
  });
});

describe('readBeneficialOwners', () => {
  const answer = (kasusaaja: unknown, extra: RikObject = {}): RikObject => ({
    esitab_kasusaajad: true,
    kasusaajad: { kasusaajate_arv_kokku: 3, peidetud_kasusaajate_arv: 1, lahknevusteade_puudumisest: false, kasusaaja, ...extra },
  });

  it('each manner of control, a hidden owner and a discrepancy notice; a holding owner’s share is their holding', () => {
    const read = readBeneficialOwners(
      answer([
        {
          kirje_id: 1,
          eesnimi: 'Jaan',
          nimi: 'Proov',
          isikukood: '38001085718',
          kontrolli_teostamise_viis: 'O',
          kontrolli_teostamise_viis_tekstina: 'otsene osalus',
          lahknevusteade_esitatud: false,
        },
        {
          kirje_id: 2,
          eesnimi: 'Sven',
          nimi: 'Svensson',
          valis_kood: '000000-0000',
          valis_kood_riik: 'SWE',
          synniaeg: '1969-11-02Z',
          kontrolli_teostamise_viis: 'K',
          kontrolli_teostamise_viis_tekstina: 'kaudne osalus',
          lahknevusteade_esitatud: 'true',
        },
        { kirje_id: 3, eesnimi: 'Vana', nimi: 'Omanik', isikukood: '50001029996', kontrolli_teostamise_viis: 'O', lopp_kpv: '2025-01-01Z' },
      ]),
      TODAY,
      (key) => (key === 'EE:38001085718' ? 70 : undefined),
    );
    expect(read.owners.map((entry) => entry.owner)).toEqual([
      expect.objectContaining({ personalId: '38001085718', benefitType: 'SHARE_OWNERSHIP', beneficiarySharePercent: 70 }),
      expect.objectContaining({
        personalId: '000000-0000',
        personalIdCountryCode: 'SE',
        birthDate: '1969-11-02',
        benefitType: 'OTHER',
        benefitTypeOther: 'kaudne osalus',
      }),
    ]);
    expect(read).toMatchObject({ mustFile: true, total: 3, hidden: 1, hasMissingDataNotice: false, discrepancyNoticeOn: ['SE:000000-0000'] });
    expect(read.owners.map(({ controlCode, controlLabel, hasDiscrepancyNotice }) => [controlCode, controlLabel, hasDiscrepancyNotice])).toEqual([
      ['O', 'otsene osalus', false],
      ['K', 'kaudne osalus', true],
    ]);
  });

  it('one owner as an object, counts as text, and an answer with nobody', () => {
    const one = readBeneficialOwners(
      answer(
        { eesnimi: 'Mari', nimi: 'Näidis', isikukood: '60001019906', kontrolli_teostamise_viis: 'O' },
        { kasusaajate_arv_kokku: '1', peidetud_kasusaajate_arv: '0' },
      ),
      TODAY,
      () => 100,
    );
    expect(one).toMatchObject({ total: 1, hidden: 0, owners: [{ owner: { personalId: '60001019906', beneficiarySharePercent: 100 } }] });
    expect(readBeneficialOwners({ kasusaajad: { kasusaajate_arv_kokku: 0, peidetud_kasusaajate_arv: 0 } }, TODAY, () => undefined)).toMatchObject({
      total: 0,
      owners: [],
    });
    expect(readBeneficialOwners({}, TODAY, () => undefined)).toMatchObject({ total: 0, hidden: 0, owners: [] });
  });
});

describe('values', () => {
  it('reads six-decimal shares exactly', () => {
    expect(parseMillionths('33.333333')).toBe(33_333_333n);
    expect(parseMillionths('12.5')).toBe(12_500_000n);
    expect(parseMillionths('0.1')).toBe(100_000n);
    expect(parseMillionths('2508,000000')).toBe(2_508_000_000n);
    expect(parseMillionths('abc')).toBeUndefined();
    // 0.1 + 0.2 in millionths is exactly 0.3.
    expect(millionthsToNumber((parseMillionths('0.1') ?? 0n) + (parseMillionths('0.2') ?? 0n))).toBe(0.3);
  });

  it('takes a group as an array, an object or nothing', () => {
    expect(itemsOf({ item: [{ a: 1 }, { a: 2 }] })).toHaveLength(2);
    expect(itemsOf({ item: { a: 1 } })).toEqual([{ a: 1 }]);
    expect(itemsOf({})).toEqual([]);
    expect(itemsOf({ item: [] })).toEqual([]);
    expect(itemsOf(undefined)).toEqual([]);
  });
});
