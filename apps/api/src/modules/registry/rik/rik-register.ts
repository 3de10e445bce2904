import { businessNameKey, cleanRegistryCode, DEFAULT_COUNTRY_CODE, todayInEstonia, type RegisterShareholder } from '@onboarding/domain';
import type { BusinessRegister, PersonKey, RegisterCompany, RegisterCompanyDetails } from '../business-register.js';
import { createRikClient, type RikClient, type RikEvidence } from './client.js';
import { companyStatusOf, countryOf, legalFormOf, registerCountryOf, roleOf } from './codes.js';
import { readBeneficialOwners, type BeneficialOwnership } from './map-beneficial-owners.js';
import { readCard, type CardReading, type Representation, type ShareholderRow } from './map-card.js';
import { representationFromCard, representativeKey } from './map-representation.js';
import { personKeyOf } from './map-person.js';
import { beneficialOwnersQuery, companyByCodeQuery, companiesByNameQuery, representationQuery } from './queries.js';
import { itemsOf, millionthsToNumber, objectAt, textAt, yesNoAt, type RikObject } from './values.js';

// A chain deeper than this is a loop or a structure the bank reviews by hand anyway.
const MAX_CHAIN_DEPTH = 10;
const HUNDRED_PERCENT = 100_000_000n; // in millionths

export type RikRegisterOptions = {
  url: string;
  username: string;
  password: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Today in yyyy-MM-dd, for which roles and owners are in force; Estonian time by default. */
  today?: () => string;
  /** The population register, which RIK does not hold (docs/register-facts.md section 4). */
  persons: Pick<BusinessRegister, 'person'>;
  /** Whether the company's shares trade on a regulated market: the exchange knows, not the register (section 4 there). */
  isListed?: (registryCode: string) => boolean;
  /** The client to ask through instead of a plain one (register-from-config.ts: cached, metered, behind a breaker). */
  client?: RikClient;
};

/** A company as the register describes it, with what it said kept for an auditor. */
export type RikCompanyRecord = {
  details: RegisterCompanyDetails;
  statusCode: string | undefined;
  legalFormCode: string | undefined;
  representation: Representation;
  beneficialOwnership: BeneficialOwnership;
  /** Every answer the record was read from, the owners' cards included, scrubbed of credentials. */
  evidence: RikEvidence[];
};

export type RikRegister = BusinessRegister & {
  /** The whole record of a company, or undefined when the register has none; throws RikError when it cannot tell. */
  record(registryCode: string): Promise<RikCompanyRecord | undefined>;
};

type Holding = { row: ShareholderRow; owners: Holding[] };

const withoutControlCharacters = (text: string) => [...text].filter((character) => (character.codePointAt(0) ?? 0) >= 0x20).join('');

/** Each person's holding through the list and its chains, exact in millionths of a percent until the end. */
const holdingsOf = (holdings: readonly Holding[]): Map<string, number> => {
  const totals = new Map<string, { numerator: bigint; denominator: bigint }[]>();
  const walk = (list: readonly Holding[], numerator: bigint, denominator: bigint) => {
    for (const { row, owners } of list) {
      const next = numerator * row.millionths;
      const nextDenominator = denominator * HUNDRED_PERCENT;
      if (row.kind === 'ENTITY') walk(owners, next, nextDenominator);
      else totals.set(personKeyOf(row.person), [...(totals.get(personKeyOf(row.person)) ?? []), { numerator: next, denominator: nextDenominator }]);
    }
  };
  walk(holdings, HUNDRED_PERCENT, HUNDRED_PERCENT);
  return new Map(
    [...totals].map(([key, parts]) => {
      const millionths = parts.reduce((sum, part) => sum + (part.numerator * HUNDRED_PERCENT) / part.denominator, 0n);
      return [key, millionthsToNumber(millionths)];
    }),
  );
};

const toShareholders = (holdings: readonly Holding[]): RegisterShareholder[] =>
  holdings.map(({ row, owners }): RegisterShareholder =>
    row.kind === 'PERSON'
      ? { type: 'PRIVATE_PERSON', ...row.person, sharePercent: millionthsToNumber(row.millionths) }
      : {
          type: 'LEGAL_ENTITY',
          businessName: row.businessName,
          registryCode: row.registryCode,
          registryCountryCode: row.registryCountryCode,
          sharePercent: millionthsToNumber(row.millionths),
          shareholders: toShareholders(owners),
        },
  );

/**
 * The card's beneficial owners as the register states them: each named owner with the manner of control in the
 * register's own code and words and whether a discrepancy notice was filed about them, the owners it counts without
 * naming, and the notice that the data are missing (docs/register-facts.md section 2.4).
 */
const beneficialOwnersOf = (
  ownership: BeneficialOwnership,
): Pick<RegisterCompanyDetails, 'beneficialOwners' | 'hiddenBeneficialOwners' | 'hasBeneficialOwnersMissingNotice'> => ({
  beneficialOwners: ownership.owners.map(({ owner, controlCode, controlLabel, hasDiscrepancyNotice }) => ({
    ...owner,
    ...(controlCode === undefined ? {} : { controlTypeCode: controlCode }),
    ...(controlLabel === undefined ? {} : { controlTypeName: controlLabel }),
    ...(hasDiscrepancyNotice ? { hasDiscrepancyNotice } : {}),
  })),
  hiddenBeneficialOwners: ownership.hidden,
  hasBeneficialOwnersMissingNotice: ownership.hasMissingDataNotice,
});

/**
 * The business register over RIK's XML service (docs/register-facts.md): companies a person may represent from
 * esindus_v2, a company's card from detailandmed_v2 with each Estonian owner company's own card down the chain, and
 * its beneficial owners from tegelikudKasusaajad_v2. A failure of any query throws RikError; only an empty answer
 * is "not found".
 */
export const createRikRegister = (options: RikRegisterOptions): RikRegister => {
  const client = options.client ?? createRikClient(options);
  const today = options.today ?? (() => todayInEstonia());
  const isListed = options.isListed ?? (() => false);

  /** The companies of one detailandmed_v2 answer. */
  const companiesIn = (keha: RikObject): RikObject[] => itemsOf(objectAt(keha, 'ettevotjad'));

  // One query at a time: the register reportedly allows a contract one concurrent query (docs/register-facts.md
  // section 1.6), and the evidence then lists the answers in the order they were asked.
  const ownersOf = async (rows: readonly ShareholderRow[], depth: number, seen: ReadonlySet<string>, evidence: RikEvidence[]): Promise<Holding[]> => {
    const holdings: Holding[] = [];
    for (const row of rows) {
      // The register knows the owners of Estonian companies only; a foreign owner's owners are the applicant's to give.
      if (row.kind === 'PERSON' || row.registryCountryCode !== DEFAULT_COUNTRY_CODE || depth >= MAX_CHAIN_DEPTH || seen.has(row.registryCode)) {
        holdings.push({ row, owners: [] });
        continue;
      }
      const answer = await client.call('detailandmed_v2', companyByCodeQuery(row.registryCode));
      evidence.push(answer.evidence);
      const [company] = companiesIn(answer.keha);
      const card = company ? readCard(company, today()) : undefined;
      holdings.push({ row, owners: card ? await ownersOf(card.shareholders, depth + 1, new Set([...seen, row.registryCode]), evidence) : [] });
    }
    return holdings;
  };

  /**
   * Each representative's "may act alone" as esindus_v2 answers it. Asked only when the card has special conditions:
   * without one, every representative acts alone by law (docs/register-facts.md section 5). One question is enough:
   * the answer for one representative lists the company's every representative.
   */
  const soleRightsOf = async (card: CardReading, evidence: RikEvidence[]): Promise<Map<string, boolean>> => {
    const rights = new Map<string, boolean>();
    const asked = card.representatives.find(({ person }) => person.personalId !== undefined)?.person;
    if (card.representation.specialConditions.length === 0 || asked?.personalId === undefined) return rights;
    const answer = await client.call('esindus_v2', representationQuery(asked.personalId, registerCountryOf(asked.personalIdCountryCode)));
    evidence.push(answer.evidence);
    const entry = companiesIn(answer.keha).find((company) => textAt(company, 'ariregistri_kood') === card.registryCode);
    for (const person of itemsOf(objectAt(entry, 'isikud'))) {
      const code = textAt(person, 'fyysilise_isiku_kood');
      const alone = yesNoAt(person, 'ainuesindusoigus_olemas');
      if (code === undefined || alone === undefined) continue;
      const key = representativeKey(code, countryOf(textAt(person, 'isikukood_riik')) ?? DEFAULT_COUNTRY_CODE);
      // A person with two roles may act alone in one of them: alone it is.
      rights.set(key, alone || rights.get(key) === true);
    }
    return rights;
  };

  const recordOf = async (company: RikObject, evidence: RikEvidence[]): Promise<RikCompanyRecord | undefined> => {
    const day = today();
    const card = readCard(company, day);
    // A legal form the product does not serve (a sole proprietor, a state agency) is no company it can pre-fill.
    if (!card.legalForm) return undefined;
    const holdings = await ownersOf(card.shareholders, 0, new Set([card.registryCode]), evidence);
    const owned = holdingsOf(holdings);
    const beneficial = await client.call('tegelikudKasusaajad_v2', beneficialOwnersQuery(card.registryCode));
    evidence.push(beneficial.evidence);
    const beneficialOwnership = readBeneficialOwners(beneficial.keha, day, (key) => owned.get(key));
    const conditions = card.representation.specialConditions.map((condition) => condition.text);
    const representation = representationFromCard(card.representatives, conditions, await soleRightsOf(card, evidence));
    return {
      details: {
        businessName: card.businessName,
        registryCode: card.registryCode,
        registryCountryCode: DEFAULT_COUNTRY_CODE,
        legalForm: card.legalForm,
        status: card.status,
        registrationDate: card.registrationDate,
        legalAddress: card.legalAddress,
        emtakVersion: card.emtakVersion,
        mainFieldOfActivityCode: card.mainFieldOfActivityCode,
        ...(card.mainFieldOfActivityName === undefined ? {} : { mainFieldOfActivityName: card.mainFieldOfActivityName }),
        isListedCompany: isListed(card.registryCode),
        managementBoardMembers: card.managementBoardMembers,
        supervisoryBoardMembers: card.supervisoryBoardMembers,
        authorizedPersons: card.authorizedPersons,
        shareholders: toShareholders(holdings),
        ...beneficialOwnersOf(beneficialOwnership),
        representation,
      },
      statusCode: card.statusCode,
      legalFormCode: card.legalFormCode,
      representation: card.representation,
      beneficialOwnership,
      evidence,
    };
  };

  const record = async (registryCode: string): Promise<RikCompanyRecord | undefined> => {
    const code = cleanRegistryCode(registryCode);
    // The register's codes are numbers: anything else cannot name a company in it.
    if (!/^\d{1,9}$/.test(code)) return undefined;
    const answer = await client.call('detailandmed_v2', companyByCodeQuery(code));
    const [company] = companiesIn(answer.keha);
    return company ? recordOf(company, [answer.evidence]) : undefined;
  };

  const representationOf = (company: RikObject, person: PersonKey): RegisterCompany | undefined => {
    const { status } = companyStatusOf(textAt(company, 'staatus'));
    const legalForm = legalFormOf(textAt(company, 'oiguslik_vorm'));
    // Nobody may act for a deleted company, and the product serves only its legal forms.
    if (status === 'DELETED' || !legalForm) return undefined;
    // Each company lists all its representatives, not only the one asked about (docs/register-facts.md section 2.5).
    const own = itemsOf(objectAt(company, 'isikud')).filter(
      (entry) =>
        textAt(entry, 'fyysilise_isiku_kood') === person.personalId.trim() &&
        (countryOf(textAt(entry, 'isikukood_riik')) ?? DEFAULT_COUNTRY_CODE) === person.countryCode.trim().toUpperCase(),
    );
    const meanings = own.map((entry) => roleOf(textAt(entry, 'fyysilise_isiku_roll')));
    const representationBasis = meanings.some((meaning) => meaning === 'MANAGEMENT_BOARD' || meaning === 'LIQUIDATOR')
      ? 'MANAGEMENT_BOARD_MEMBER'
      : meanings.includes('AUTHORIZED_PERSON')
        ? 'AUTHORIZED_PERSON'
        : undefined;
    if (!representationBasis) return undefined;
    return {
      businessName: textAt(company, 'arinimi') ?? '',
      registryCode: textAt(company, 'ariregistri_kood') ?? '',
      registryCountryCode: DEFAULT_COUNTRY_CODE,
      legalForm,
      status,
      representationBasis,
      canActAlone: own.some((entry) => yesNoAt(entry, 'ainuesindusoigus_olemas') === true),
    };
  };

  return {
    record,

    companiesOf: async (person) => {
      const answer = await client.call('esindus_v2', representationQuery(person.personalId.trim(), registerCountryOf(person.countryCode)));
      return companiesIn(answer.keha).flatMap((company) => representationOf(company, person) ?? []);
    },

    company: async (registryCountryCode, registryCode) => {
      // The Estonian register holds Estonian companies only.
      if (registryCountryCode.trim().toUpperCase() !== DEFAULT_COUNTRY_CODE) return undefined;
      return (await record(registryCode))?.details;
    },

    companiesNamed: async (businessName) => {
      const key = businessNameKey(businessName);
      if (key === '') return [];
      // A name holds no control characters; one typed in would only make the query unwritable as XML.
      const answer = await client.call('detailandmed_v2', companiesByNameQuery(withoutControlCharacters(businessName).trim()));
      // The register's name search is wider than the port's rule: keep exactly the names that are the same.
      const named = companiesIn(answer.keha).filter((company) => businessNameKey(textAt(company, 'nimi') ?? '') === key);
      const found: RegisterCompanyDetails[] = [];
      for (const company of named) {
        const entry = await recordOf(company, [answer.evidence]);
        if (entry) found.push(entry.details);
      }
      return found;
    },

    person: (personalId, countryCode) => options.persons.person(personalId, countryCode),
  };
};
