import type { Address, CompanyStatus, LegalForm, RegisterPersonData } from '@onboarding/domain';
import { companyStatusOf, countryOf, emtakVersionOf, legalFormOf, personTypeOf, roleOf } from './codes.js';
import { CARD_PERSON, isCurrentOn, personOf } from './map-person.js';
import type { CardRepresentative } from './map-representation.js';
import { dateAt, decimalAt, flagAt, itemsOf, objectAt, textAt, type RikObject } from './values.js';

/** A line of the shareholders list, its holding in exact millionths of a percent. */
export type ShareholderRow =
  | { kind: 'PERSON'; person: RegisterPersonData; millionths: bigint }
  | { kind: 'ENTITY'; businessName: string; registryCode: string; registryCountryCode: string; millionths: bigint };

/** What the card says of representation, for review: the rule per role and the special conditions' texts. */
export type Representation = { normalRules: { role: string; text: string }[]; specialConditions: { type?: string; text: string }[] };

/** A company of detailandmed_v2, before its owners' own cards and its beneficial owners are added. */
export type CardReading = {
  businessName: string;
  registryCode: string;
  legalForm: LegalForm | undefined;
  legalFormCode: string | undefined;
  status: CompanyStatus;
  statusCode: string | undefined;
  registrationDate: string;
  legalAddress: Address;
  emtakVersion: string;
  mainFieldOfActivityCode: string;
  mainFieldOfActivityName?: string;
  managementBoardMembers: RegisterPersonData[];
  supervisoryBoardMembers: RegisterPersonData[];
  authorizedPersons: RegisterPersonData[];
  shareholders: ShareholderRow[];
  /** The natural persons who may represent the company, in their role, in the card's order. */
  representatives: CardRepresentative[];
  representation: Representation;
};

/**
 * The Estonian address system's normalised address (docs/register-facts.md section 2.3): county, municipality,
 * settlement or city district, then the street, comma-separated. Without it the legacy street and the
 * administrative unit's name stand in.
 */
export const addressOf = (item: RikObject | undefined): Address => {
  const countryCode = countryOf(textAt(item, 'riik')) ?? 'EE';
  const postalCode = textAt(item, 'postiindeks') ?? '';
  const parts = (textAt(item, 'aadress_ads__ads_normaliseeritud_taisaadress') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length >= 3) {
    const [county = '', municipality = '', ...rest] = parts;
    // Three parts have no settlement: the municipality is the place (a town that is its own municipality).
    const [settlement, street] = rest.length === 1 ? [municipality, rest[0] ?? ''] : [rest[0] ?? '', rest.slice(1).join(', ')];
    return { countryCode, county, district: municipality, city: settlement, street, postalCode };
  }
  return { countryCode, city: textAt(item, 'ehak_nimetus') ?? '', street: textAt(item, 'tanav_maja_korter') ?? parts.join(', '), postalCode };
};

/** The current item of a dated group: the one without an end date, else the latest begun. */
const currentOf = (items: RikObject[], today: string): RikObject | undefined =>
  items.find((item) => dateAt(item, 'lopp_kpv') === undefined) ?? items.filter((item) => isCurrentOn(item, today)).at(-1) ?? items.at(-1);

/** Reads one company `item` of detailandmed_v2 (docs/register-facts.md sections 2.1 to 2.3). */
export const readCard = (company: RikObject, today: string): CardReading => {
  const general = objectAt(company, 'yldandmed');
  const persons = objectAt(company, 'isikuandmed');
  const { status, code: statusCode } = companyStatusOf(textAt(general, 'staatus'));
  const legalFormCode = textAt(general, 'oiguslik_vorm');
  const activity = itemsOf(general.teatatud_tegevusalad).filter((item) => isCurrentOn(item, today));
  const main = activity.find((item) => flagAt(item, 'on_pohitegevusala') === true) ?? activity[0];
  const activityName = textAt(main, 'emtak_tekstina');

  const onCard = itemsOf(persons.kaardile_kantud_isikud).filter((row) => isCurrentOn(row, today));
  const naturalWith = (rows: RikObject[], meanings: readonly string[]) =>
    rows
      .filter((row) => meanings.includes(roleOf(textAt(row, 'isiku_roll'))))
      .filter((row) => personTypeOf(textAt(row, 'isiku_tyyp'), textAt(row, 'isikukood_registrikood')) === 'NATURAL')
      .map((row) => personOf(row, CARD_PERSON));
  // A liquidator represents the company in the board's place (docs/register-facts.md section 3.3).
  const board = naturalWith(onCard, ['MANAGEMENT_BOARD', 'LIQUIDATOR']);
  const uniqueBoard = board.filter(
    (person, index) => board.findIndex((other) => other.personalId === person.personalId && other.birthDate === person.birthDate) === index,
  );

  const representativeRoles = { MANAGEMENT_BOARD: 'MANAGEMENT_BOARD_MEMBER', LIQUIDATOR: 'LIQUIDATOR', AUTHORIZED_PERSON: 'AUTHORIZED_PERSON' } as const;
  const representatives = onCard.flatMap((row): CardRepresentative[] => {
    const meaning = roleOf(textAt(row, 'isiku_roll'));
    if (meaning !== 'MANAGEMENT_BOARD' && meaning !== 'LIQUIDATOR' && meaning !== 'AUTHORIZED_PERSON') return [];
    if (personTypeOf(textAt(row, 'isiku_tyyp'), textAt(row, 'isikukood_registrikood')) !== 'NATURAL') return [];
    return [{ person: personOf(row, CARD_PERSON), role: representativeRoles[meaning] }];
  });

  // Shareholders are delivered off the card even since they are entered on it (docs/register-facts.md section 2.2).
  const offCard = itemsOf(persons.kaardivalised_isikud).filter((row) => isCurrentOn(row, today));
  const shareholders = [...onCard, ...offCard]
    .filter((row) => roleOf(textAt(row, 'isiku_roll')) === 'SHAREHOLDER')
    .map((row): ShareholderRow => {
      const millionths = decimalAt(row, 'osaluse_protsent') ?? 0n;
      const code = textAt(row, 'isikukood_registrikood') ?? textAt(row, 'valis_kood') ?? '';
      if (personTypeOf(textAt(row, 'isiku_tyyp'), code) === 'NATURAL') return { kind: 'PERSON', person: personOf(row, CARD_PERSON), millionths };
      const registryCountryCode = countryOf(textAt(row, 'aadress_riik') ?? textAt(row, 'valis_kood_riik')) ?? 'EE';
      return { kind: 'ENTITY', businessName: textAt(row, 'nimi_arinimi') ?? '', registryCode: code, registryCountryCode, millionths };
    });

  return {
    businessName: textAt(company, 'nimi') ?? textAt(company, 'arinimi') ?? '',
    registryCode: textAt(company, 'ariregistri_kood') ?? '',
    legalForm: legalFormOf(legalFormCode),
    legalFormCode,
    status,
    statusCode,
    registrationDate: dateAt(general, 'esmaregistreerimise_kpv') ?? '',
    legalAddress: addressOf(currentOf(itemsOf(general.aadressid), today)),
    emtakVersion: emtakVersionOf(textAt(main, 'emtak_versioon'), textAt(main, 'emtak_versioon_tekstina')),
    mainFieldOfActivityCode: textAt(main, 'emtak_kood') ?? '',
    ...(activityName === undefined ? {} : { mainFieldOfActivityName: activityName }),
    managementBoardMembers: uniqueBoard,
    supervisoryBoardMembers: naturalWith(onCard, ['SUPERVISORY_BOARD']),
    authorizedPersons: naturalWith(onCard, ['AUTHORIZED_PERSON']),
    shareholders,
    representatives,
    representation: {
      normalRules: itemsOf(persons.esindusoiguse_normaalregulatsioonid).flatMap((item) => {
        const role = textAt(item, 'roll');
        const text = textAt(item, 'sisu');
        return role !== undefined && text !== undefined ? [{ role, text }] : [];
      }),
      specialConditions: itemsOf(persons.esindusoiguse_eritingimused)
        .filter((item) => isCurrentOn(item, today))
        .flatMap((item) => {
          const text = textAt(item, 'esinduse_sisu');
          const type = textAt(item, 'esinduse_tyyp');
          return text === undefined ? [] : [{ ...(type === undefined ? {} : { type }), text }];
        }),
    },
  };
};
