import type { CompanyStatus, LegalForm } from '@onboarding/domain';
import type { FixtureCompany, FixtureHolding, FixturePerson } from '../../modules/registry/fixture/types.js';
import { EMTAK_ACTIVITIES } from '../../modules/reference/emtak-activities.js';
import { COMPANY_STATUS_CODES, LEGAL_FORM_CODES, registerCountryOf } from '../../modules/registry/rik/codes.js';

/*
 * The fixture (modules/registry/fixture) in the register's JSON output shapes (docs/register-facts.md sections 1.4
 * and 2): `item` wrappers, `{}` for empty elements, JAH/EI, dates with a trailing Z, shares with six decimals,
 * three-letter countries. The texts of the normal representation rules are our own wording, not the register's.
 */

export type RikJson = Record<string, unknown>;

const EMPTY = {};
const date = (value: string) => `${value}Z`;
const decimal = (percent: number) => percent.toFixed(6);
const group = (items: RikJson[]) => (items.length === 0 ? EMPTY : { item: items });

const codeOf = <T extends string>(table: Readonly<Record<string, T>>, value: T): string =>
  Object.entries(table).find(([, entry]) => entry === value)?.[0] ?? value;
const statusCode = (status: CompanyStatus) => codeOf(COMPANY_STATUS_CODES, status);
const legalFormCode = (form: LegalForm) => codeOf(LEGAL_FORM_CODES, form);

const STATUS_LABELS: Readonly<Record<string, string>> = { R: 'Registrisse kantud', L: 'Likvideerimisel', N: 'Pankrotis', K: 'Kustutatud' };
const LEGAL_FORM_LABELS: Readonly<Record<string, string>> = {
  OÜ: 'Osaühing',
  AS: 'Aktsiaselts',
  TÜ: 'Täisühing',
  UÜ: 'Usaldusühing',
  MTÜ: 'Mittetulundusühing',
  SA: 'Sihtasutus',
};
const ROLE_LABELS: Readonly<Record<string, string>> = {
  JUHL: 'Juhatuse liige',
  LIKV: 'Likvideerija',
  N: 'Nõukogu liige',
  PROK: 'Prokurist',
  OSAN: 'Osanik',
  S: 'Aktsionär',
};

let nextRecordId = 5_000_000;
const recordId = () => (nextRecordId += 1);

/** Identity fields of a natural person as a card row writes them: an Estonian code, or a foreign code and its country. */
const identityOf = (person: FixturePerson): RikJson =>
  person.personalIdCountryCode === 'EE' && person.personalId !== undefined
    ? { eesnimi: person.firstName, nimi_arinimi: person.lastName, isikukood_registrikood: person.personalId }
    : {
        eesnimi: person.firstName,
        nimi_arinimi: person.lastName,
        ...(person.personalId === undefined ? {} : { valis_kood: person.personalId }),
        valis_kood_riik: registerCountryOf(person.personalIdCountryCode),
        synniaeg: date(person.birthDate),
      };

const roleRow = (role: string) => ({ isiku_roll: role, isiku_roll_tekstina: ROLE_LABELS[role] ?? role });

const cardPerson = (person: FixturePerson, role: string, since: string): RikJson => ({
  kirje_id: recordId(),
  kaardi_tyyp: 'R',
  isiku_tyyp: 'F',
  ...roleRow(role),
  ...identityOf(person),
  aadress_riik: registerCountryOf(person.residentialCountryCode),
  algus_kpv: date(since),
});

const shareholderRow = (holding: FixtureHolding, role: string, since: string, nameOf: (registryCode: string) => string): RikJson => {
  const share = { osaluse_protsent: decimal(holding.sharePercent), osaluse_omandiliik: 'L', osaluse_omandiliik_tekstina: 'Ainuomand' };
  const base = { kirje_id: recordId(), ...roleRow(role), ...share, algus_kpv: date(since) };
  switch (holding.kind) {
    case 'PERSON':
      return { ...base, isiku_tyyp: 'F', ...identityOf(holding.person), aadress_riik: registerCountryOf(holding.person.residentialCountryCode) };
    case 'COMPANY':
      return { ...base, isiku_tyyp: 'J', nimi_arinimi: nameOf(holding.registryCode), isikukood_registrikood: holding.registryCode, aadress_riik: 'EST' };
    case 'FOREIGN_ENTITY': {
      const country = registerCountryOf(holding.entity.registryCountryCode);
      return {
        ...base,
        isiku_tyyp: 'J',
        nimi_arinimi: holding.entity.businessName,
        valis_kood: holding.entity.registryCode,
        valis_kood_riik: country,
        aadress_riik: country,
      };
    }
  }
};

/** The role under which the board represents: in liquidation the liquidator takes the board's place. */
const boardRole = (company: FixtureCompany) => (company.status === 'IN_LIQUIDATION' ? 'LIKV' : 'JUHL');

const normalRule = (company: FixtureCompany): RikJson => {
  const form = company.legalForm === 'AS' ? 'aktsiaseltsi' : 'osaühingut';
  return company.status === 'IN_LIQUIDATION'
    ? { roll: 'LIKV', sisu: `Iga likvideerija võib ${form} esindada.` }
    : { roll: 'JUHL', sisu: `Iga juhatuse liige võib ${form} kõigis õigustoimingutes esindada.` };
};

/** One company `item` of detailandmed_v2 with general and personal data. */
export const detailCard = (company: FixtureCompany, nameOf: (registryCode: string) => string): RikJson => {
  const status = statusCode(company.status);
  const form = legalFormCode(company.legalForm);
  const since = company.registrationDate;
  const { county, district, city, street, postalCode } = company.legalAddress;
  const activity = EMTAK_ACTIVITIES.find((entry) => entry.code === company.mainFieldOfActivityCode);
  const shareholderRole = company.legalForm === 'AS' ? 'S' : 'OSAN';
  return {
    ariregistri_kood: Number(company.registryCode),
    ettevotja_id: 9_000_000_000 + Number(company.registryCode),
    nimi: company.businessName,
    kmkr_number: EMPTY,
    yldandmed: {
      esmaregistreerimise_kpv: date(since),
      staatus: status,
      staatus_tekstina: STATUS_LABELS[status] ?? status,
      oiguslik_vorm: form,
      oiguslik_vorm_tekstina: LEGAL_FORM_LABELS[form] ?? form,
      staatused: { item: [{ staatus: status, staatus_tekstina: STATUS_LABELS[status] ?? status, algus_kpv: date(since) }] },
      aadressid: {
        item: [
          {
            riik: 'EST',
            ehak_nimetus: district ?? city,
            tanav_maja_korter: street,
            postiindeks: postalCode,
            aadress_ads__ads_normaliseeritud_taisaadress: [county, district, city, street].filter(Boolean).join(', '),
            aadress_ads__tyyp: '0',
            algus_kpv: date(since),
          },
        ],
      },
      teatatud_tegevusalad: {
        item: [
          {
            emtak_kood: company.mainFieldOfActivityCode,
            ...(activity ? { emtak_tekstina: activity.name.et } : {}),
            emtak_versioon: 2,
            emtak_versioon_tekstina: 'EMTAK 2008',
            nace_kood: `${company.mainFieldOfActivityCode.slice(0, 2)}.${company.mainFieldOfActivityCode.slice(2, 4)}`,
            on_pohitegevusala: true,
            algus_kpv: date(since),
          },
        ],
      },
      asutatud_sissemakset_tegemata: false,
      esitab_kasusaajad: true,
    },
    isikuandmed: {
      kaardile_kantud_isikud: group([
        ...company.managementBoard.map((person) => cardPerson(person, boardRole(company), since)),
        ...company.supervisoryBoard.map((person) => cardPerson(person, 'N', since)),
        ...company.authorizedPersons.map((person) => cardPerson(person, 'PROK', since)),
      ]),
      esindusoiguse_normaalregulatsioonid: { item: [normalRule(company)] },
      // The real code of a special condition's type is unknown (docs/register-facts.md section 2.5): left empty.
      esindusoiguse_eritingimused: company.jointRepresentation
        ? { item: [{ kirje_id: recordId(), esinduse_tyyp: EMPTY, esinduse_sisu: company.jointRepresentation, algus_kpv: date(since) }] }
        : EMPTY,
      kaardivalised_isikud: group(company.shareholders.map((holding) => shareholderRow(holding, shareholderRole, since, nameOf))),
      hooneyhistu_liikmed: EMPTY,
    },
  };
};

const representative = (person: FixturePerson, role: string, canActAlone: boolean): RikJson[] =>
  person.personalId === undefined
    ? []
    : [
        {
          isiku_liik: 'F',
          fyysilise_isiku_eesnimi: person.firstName,
          fyysilise_isiku_perenimi: person.lastName,
          fyysilise_isiku_kood: person.personalId,
          isikukood_riik: registerCountryOf(person.personalIdCountryCode),
          fyysilise_isiku_synniaeg: EMPTY,
          fyysilise_isiku_roll: role,
          fyysilise_isiku_roll_tekstina: ROLE_LABELS[role] ?? role,
          ainuesindusoigus_olemas: canActAlone ? 'JAH' : 'EI',
        },
      ];

/** The persons who may represent the company, as esindus_v2 lists them. */
export const representativesOf = (company: FixtureCompany): RikJson[] => {
  const canActAlone = company.jointRepresentation === undefined;
  return [
    ...company.managementBoard.flatMap((person) => representative(person, boardRole(company), canActAlone)),
    ...company.authorizedPersons.flatMap((person) => representative(person, 'PROK', true)),
  ];
};

/** One company `item` of esindus_v2. */
export const representationEntry = (company: FixtureCompany): RikJson => {
  const status = statusCode(company.status);
  const form = legalFormCode(company.legalForm);
  const joint = company.jointRepresentation;
  return {
    ariregistri_kood: Number(company.registryCode),
    arinimi: company.businessName,
    staatus: status,
    staatus_tekstina: STATUS_LABELS[status] ?? status,
    oiguslik_vorm: form,
    oiguslik_vorm_tekstina: LEGAL_FORM_LABELS[form] ?? form,
    isikud: { item: representativesOf(company) },
    esindusoiguse_eritingimused: { item: joint === undefined ? [] : [{ item: joint }] },
    esindusoiguse_grupid:
      joint === undefined
        ? EMPTY
        : {
            grupp: [
              { grupi_nr: 1, item: company.managementBoard.flatMap((person) => (person.personalId ? [{ fyysilise_isiku_kood: person.personalId }] : [])) },
            ],
          },
  };
};

/** The `keha` of tegelikudKasusaajad_v2. Only `O` is a confirmed control code; the other is a stand-in. */
export const beneficialOwnersAnswer = (company: FixtureCompany | undefined): RikJson => {
  if (!company) return { kasusaajad: { kasusaajate_arv_kokku: 0, peidetud_kasusaajate_arv: 0 } };
  const hidden = company.hiddenBeneficialOwners ?? 0;
  return {
    esitab_kasusaajad: true,
    kasusaajad: {
      kasusaajate_arv_kokku: company.beneficialOwners.length + hidden,
      peidetud_kasusaajate_arv: hidden,
      lahknevusteade_puudumisest: company.hasBeneficialOwnersMissingNotice === true,
      kasusaaja: company.beneficialOwners.map((owner) => {
        const { person } = owner;
        const isShare = owner.benefitType === 'SHARE_OWNERSHIP';
        return {
          kirje_id: recordId(),
          eesnimi: person.firstName,
          nimi: person.lastName,
          ...(person.personalIdCountryCode === 'EE' && person.personalId !== undefined
            ? { isikukood: person.personalId }
            : {
                ...(person.personalId === undefined ? {} : { valis_kood: person.personalId }),
                valis_kood_riik: registerCountryOf(person.personalIdCountryCode),
                synniaeg: date(person.birthDate),
              }),
          kontrolli_teostamise_viis: isShare ? 'O' : 'M',
          kontrolli_teostamise_viis_tekstina: isShare ? 'otsene osalus' : (owner.benefitTypeOther ?? 'muu kontrolli viis'),
          algus_kpv: date(company.registrationDate),
          lahknevusteade_esitatud: owner.hasDiscrepancyNotice === true,
        };
      }),
    },
  };
};
