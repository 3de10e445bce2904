import { z } from 'zod';
import { DEFAULT_COUNTRY_CODE } from './constants.js';
import { REGISTER_CHANGE_FACTS, type DiscrepancyFact, type RegisterChangeFact, type VerifiableFact } from './fact-names.js';
import { REPRESENTATION_BASES, type RepresentationBasis } from './schemas/company-data.js';
import { COMPANY_STATUSES, type RegisterCompanyDetails, type RegisterPersonData, type RegisterShareholder } from './schemas/register.js';
import { signingSummaryOf } from './representation.js';
import { RELATED_PERSON_ROLES, type RelatedPersonRole } from './schemas/related-persons.js';
import { beneficialOwnersTotalOf, isBeneficialOwnersTotalToConfirm, type PrivatePersonRef } from './validation/related-persons.js';

/**
 * Who the bank may believe about each fact it acts on (the contract, the
 * follow-up, the outcomes): the business register, the eID certificate, or
 * only the applicant's word. Where the register has an answer it decides; the
 * applicant's declaration is kept beside it, never over it, and a declaration
 * that contradicts it is a discrepancy the bank and the applicant both see.
 */

export const FACT_SOURCES = ['REGISTER', 'EID', 'APPLICANT'] as const;
export type FactSource = (typeof FACT_SOURCES)[number];

/** A person or company a fact names; `key` tells them apart (personal code, registry code, else name and birth date). */
export const factPartySchema = z.object({ key: z.string(), name: z.string(), sharePercent: z.number().optional() });
export type FactParty = z.infer<typeof factPartySchema>;

const factAddressSchema = z.object({
  countryCode: z.string(),
  county: z.string().optional(),
  district: z.string().optional(),
  city: z.string(),
  street: z.string(),
  postalCode: z.string(),
});
export type FactAddress = z.infer<typeof factAddressSchema>;

/** One fact: the value the bank acts on, where it came from (the register's with its query time), and what the applicant declared. */
const factSchema = <T extends z.ZodType>(value: T) =>
  z.object({ value, source: z.enum(FACT_SOURCES), queriedAt: z.string().optional(), declared: value.optional() });
export type Fact<T> = { value: T; source: FactSource; queriedAt?: string; declared?: T };

export const applicationFactsSchema = z.object({
  businessName: factSchema(z.string()),
  registryCode: factSchema(z.string().nullable()),
  registryCountryCode: factSchema(z.string()),
  legalForm: factSchema(z.string().nullable()),
  /** The signed-in person, from the authentication certificate. */
  representative: factSchema(z.object({ personalId: z.string(), personalIdCountryCode: z.string(), name: z.string() })),
  representationBasis: factSchema(z.enum(REPRESENTATION_BASES).nullable()),
  companyStatus: factSchema(z.enum(COMPANY_STATUSES).nullable()),
  isListedCompany: factSchema(z.boolean()),
  legalAddress: factSchema(factAddressSchema.nullable()),
  mainFieldOfActivityCode: factSchema(z.string().nullable()),
  managementBoard: factSchema(z.array(factPartySchema)),
  shareholders: factSchema(z.array(factPartySchema)),
  beneficialOwners: factSchema(z.array(factPartySchema)),
  /**
   * Beneficial owners the register counts but does not name: whoever the applicant declares in their place, the
   * register does not vouch for them, so the beneficial owners are then unverified (decision 34).
   */
  hiddenBeneficialOwners: factSchema(z.number()),
  /**
   * The declared beneficial owners' stakes when they total less than 100%, and the applicant's confirmation that
   * nobody else holds more than 25% or otherwise controls the company; null when they total 100% or nothing is
   * declared yet (decision 34).
   */
  beneficialOwnersBelowHundred: factSchema(z.object({ totalPercent: z.number(), hasNoOtherBeneficialOwners: z.boolean() }).nullable()),
});
export type ApplicationFacts = z.infer<typeof applicationFactsSchema>;

export const discrepancySchema = z.discriminatedUnion('fact', [
  z.object({ fact: z.literal('REPRESENTATION_BASIS'), register: z.enum(REPRESENTATION_BASES).nullable(), declared: z.enum(REPRESENTATION_BASES) }),
  z.object({ fact: z.literal('LISTED_COMPANY'), register: z.boolean(), declared: z.boolean() }),
  z.object({ fact: z.literal('LEGAL_ADDRESS'), register: factAddressSchema, declared: factAddressSchema }),
  z.object({ fact: z.literal('MAIN_FIELD_OF_ACTIVITY'), register: z.string(), declared: z.string() }),
  z.object({ fact: z.enum(['MANAGEMENT_BOARD', 'SHAREHOLDERS', 'BENEFICIAL_OWNERS']), register: z.array(factPartySchema), declared: z.array(factPartySchema) }),
]);
export type Discrepancy = z.infer<typeof discrepancySchema>;

/** The step whose data a fact is declared in: where the applicant goes to see or correct it. */
export const DISCREPANCY_STEP: Record<DiscrepancyFact, 'CompanyData' | 'RelatedPersons'> = {
  REPRESENTATION_BASIS: 'CompanyData',
  LISTED_COMPANY: 'CompanyData',
  LEGAL_ADDRESS: 'CompanyData',
  MAIN_FIELD_OF_ACTIVITY: 'CompanyData',
  MANAGEMENT_BOARD: 'RelatedPersons',
  SHAREHOLDERS: 'RelatedPersons',
  BENEFICIAL_OWNERS: 'RelatedPersons',
};

export type FactsInput = {
  /** The application's company as fixed at creation. */
  company: { businessName: string; registryCode: string | null; registryCountryCode: string; legalForm: string | null; source: string };
  /** The register card as last read, and when; null when the register does not know the company. */
  register: { details: RegisterCompanyDetails; queriedAt: string } | null;
  /** The saved steps: the applicant's declaration. */
  steps: Readonly<Record<string, unknown>>;
  /** From the authentication certificate (the access token). */
  representative: { personalId: string; personalIdCountryCode: string; name: string };
};

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asString = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

const normalised = (text: string): string => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('et');

/** The key of a person: the personal code where there is one, else name and birth date (docs/requirements.md section 5). */
function personKey(person: { personalId?: unknown; personalIdCountryCode?: unknown; firstName?: unknown; lastName?: unknown; birthDate?: unknown }): string {
  const personalId = asString(person.personalId);
  if (personalId) return `person:${asString(person.personalIdCountryCode) ?? DEFAULT_COUNTRY_CODE}:${personalId}`;
  return `person:${normalised(`${asString(person.firstName) ?? ''} ${asString(person.lastName) ?? ''}`)}:${asString(person.birthDate) ?? ''}`;
}
const companyKey = (entity: { registryCode?: unknown; registryCountryCode?: unknown; businessName?: unknown }): string =>
  asString(entity.registryCode)
    ? `company:${asString(entity.registryCountryCode) ?? DEFAULT_COUNTRY_CODE}:${asString(entity.registryCode)}`
    : `company:${normalised(asString(entity.businessName) ?? '')}`;
const personName = (person: { firstName?: unknown; lastName?: unknown }) => `${asString(person.firstName) ?? ''} ${asString(person.lastName) ?? ''}`.trim();

const registerPerson = (person: RegisterPersonData, sharePercent?: number): FactParty => ({
  key: personKey(person),
  name: personName(person),
  ...(sharePercent === undefined ? {} : { sharePercent }),
});
const registerShareholder = (holder: RegisterShareholder): FactParty =>
  holder.type === 'PRIVATE_PERSON'
    ? registerPerson(holder, holder.sharePercent)
    : { key: companyKey(holder), name: holder.businessName, sharePercent: holder.sharePercent };

/** The signed-in person's right to represent the company, as the register names it (null: none). */
export function registerRepresentationBasis(
  details: RegisterCompanyDetails,
  person: { personalId: string; personalIdCountryCode: string },
): RepresentationBasis | null {
  const isPerson = (member: RegisterPersonData) => member.personalId === person.personalId && member.personalIdCountryCode === person.personalIdCountryCode;
  if (details.managementBoardMembers.some(isPerson)) return 'MANAGEMENT_BOARD_MEMBER';
  if (details.authorizedPersons.some(isPerson)) return 'AUTHORIZED_PERSON';
  return null;
}

/** Board, first-level owners and beneficial owners as the applicant declared them in the related persons step. */
function declaredParties(relatedPersonsStep: unknown): { managementBoard: FactParty[]; shareholders: FactParty[]; beneficialOwners: FactParty[] } {
  const step = asRecord(relatedPersonsStep);
  const persons = asArray(step.relatedPersons).map(asRecord);
  const partyOf = (person: Record<string, unknown>, sharePercent?: unknown): FactParty => ({
    key: person.type === 'LEGAL_ENTITY' ? companyKey(person) : personKey(person),
    name: person.type === 'LEGAL_ENTITY' ? (asString(person.businessName) ?? '') : personName(person),
    ...(typeof sharePercent === 'number' ? { sharePercent } : {}),
  });
  const byId = new Map(persons.map((person) => [person.id, person]));
  return {
    managementBoard: persons
      .filter((person) => person.type !== 'LEGAL_ENTITY' && asArray(person.roles).includes('MANAGEMENT_BOARD_MEMBER'))
      .map((person) => partyOf(person)),
    shareholders: asArray(step.shareholders)
      .map(asRecord)
      .flatMap((holding) => {
        const person = byId.get(holding.personId);
        return person ? [partyOf(person, holding.sharePercent)] : [];
      }),
    beneficialOwners: persons.filter((person) => person.isBeneficialOwner === true).map((person) => partyOf(person, person.beneficiarySharePercent)),
  };
}

/** The declared beneficial owners' total when it is under 100%, with the applicant's confirmation beside it. */
function belowHundredOf(relatedPersonsStep: unknown): { totalPercent: number; hasNoOtherBeneficialOwners: boolean } | null {
  const step = asRecord(relatedPersonsStep);
  const persons = asArray(step.relatedPersons)
    .map(asRecord)
    .flatMap((person): PrivatePersonRef[] =>
      person.type === 'PRIVATE_PERSON' && typeof person.id === 'string'
        ? [
            {
              id: person.id,
              type: 'PRIVATE_PERSON',
              roles: asArray(person.roles).filter((role): role is RelatedPersonRole => (RELATED_PERSON_ROLES as readonly unknown[]).includes(role)),
              isBeneficialOwner: person.isBeneficialOwner === true,
              beneficiarySharePercent: typeof person.beneficiarySharePercent === 'number' ? person.beneficiarySharePercent : undefined,
            },
          ]
        : [],
    );
  if (!isBeneficialOwnersTotalToConfirm(persons)) return null;
  return { totalPercent: beneficialOwnersTotalOf(persons).totalPercent, hasNoOtherBeneficialOwners: step.hasNoOtherBeneficialOwners === true };
}

// Shares are entered with two decimals at most; anything closer is the same share.
const isSameShare = (a: number | undefined, b: number | undefined) => a === undefined || b === undefined || Math.abs(a - b) < 0.005;

/** The same parties with the same shares, in any order. */
function isSameParties(register: readonly FactParty[], declared: readonly FactParty[]): boolean {
  if (register.length !== declared.length) return false;
  const declaredByKey = new Map(declared.map((party) => [party.key, party]));
  return register.every((party) => {
    const other = declaredByKey.get(party.key);
    return other !== undefined && isSameShare(party.sharePercent, other.sharePercent);
  });
}

const addressOf = (value: unknown): FactAddress | undefined => {
  const address = asRecord(value);
  const [countryCode, city, street, postalCode] = [
    asString(address.countryCode),
    asString(address.city),
    asString(address.street),
    asString(address.postalCode),
  ];
  if (!countryCode || !city || !street || !postalCode) return undefined;
  const county = asString(address.county);
  const district = asString(address.district);
  return { countryCode, ...(county ? { county } : {}), ...(district ? { district } : {}), city, street, postalCode };
};
/** Street, postal code and city decide: a county or district left out is the same address. */
const isSameAddress = (a: FactAddress, b: FactAddress) =>
  normalised(a.street) === normalised(b.street) &&
  normalised(a.postalCode).replace(/\s/g, '') === normalised(b.postalCode).replace(/\s/g, '') &&
  normalised(a.city) === normalised(b.city);

/**
 * Every fact the bank acts on with its source, and every place where the
 * applicant's declaration contradicts the register. A fact the register does
 * not give (a manual company, a step not saved yet) is the applicant's alone.
 */
export function applicationFactsOf(input: FactsInput): { facts: ApplicationFacts; discrepancies: Discrepancy[] } {
  const { company, register, steps, representative } = input;
  const companyData = asRecord(steps.CompanyData);
  const hasRelatedPersons = steps.RelatedPersons !== undefined;
  const declared = declaredParties(steps.RelatedPersons);
  const companySource: FactSource = company.source === 'REGISTER' && register ? 'REGISTER' : 'APPLICANT';
  const fromCompany = <T>(value: T): Fact<T> => ({
    value,
    source: companySource,
    ...(companySource === 'REGISTER' && register ? { queriedAt: register.queriedAt } : {}),
  });

  const declaredBasis = REPRESENTATION_BASES.find((basis) => basis === companyData.representationBasis);
  const declaredListed = typeof companyData.isListedCompany === 'boolean' ? companyData.isListedCompany : undefined;
  const declaredAddress = addressOf(companyData.legalAddress);
  const declaredActivity = asString(companyData.mainFieldOfActivityCode);

  /** The register's value with the declaration beside it, or the declaration alone. */
  function sourced<T>(registerValue: T | undefined, declaredValue: T | undefined, fallback: T): Fact<T> {
    const declaration = declaredValue === undefined ? {} : { declared: declaredValue };
    if (register && registerValue !== undefined) return { value: registerValue, source: 'REGISTER', queriedAt: register.queriedAt, ...declaration };
    return { value: declaredValue ?? fallback, source: 'APPLICANT', ...declaration };
  }

  const details = register?.details;
  const registerBoard = details?.managementBoardMembers.map((member) => registerPerson(member));
  const registerShareholders = details?.shareholders.map(registerShareholder);
  const registerOwners = details?.beneficialOwners.map((owner) => registerPerson(owner, owner.beneficiarySharePercent));
  const registerAddress = details ? addressOf(details.legalAddress) : undefined;

  const facts: ApplicationFacts = {
    businessName: fromCompany(company.businessName),
    registryCode: fromCompany(company.registryCode),
    registryCountryCode: fromCompany(company.registryCountryCode),
    legalForm: fromCompany(company.legalForm),
    representative: {
      value: { personalId: representative.personalId, personalIdCountryCode: representative.personalIdCountryCode, name: representative.name },
      source: 'EID',
    },
    representationBasis: sourced<RepresentationBasis | null>(details ? registerRepresentationBasis(details, representative) : undefined, declaredBasis, null),
    companyStatus: sourced(details?.status, undefined, null),
    isListedCompany: sourced(details?.isListedCompany, declaredListed, false),
    legalAddress: sourced<FactAddress | null>(registerAddress, declaredAddress, null),
    mainFieldOfActivityCode: sourced<string | null>(details?.mainFieldOfActivityCode, declaredActivity, null),
    managementBoard: sourced(registerBoard, hasRelatedPersons ? declared.managementBoard : undefined, []),
    shareholders: sourced(registerShareholders, hasRelatedPersons ? declared.shareholders : undefined, []),
    beneficialOwners: sourced(registerOwners, hasRelatedPersons ? declared.beneficialOwners : undefined, []),
    hiddenBeneficialOwners: sourced(details ? (details.hiddenBeneficialOwners ?? 0) : undefined, undefined, 0),
    beneficialOwnersBelowHundred: { value: hasRelatedPersons ? belowHundredOf(steps.RelatedPersons) : null, source: 'APPLICANT' },
  };

  const discrepancies: Discrepancy[] = [];
  if (!details) return { facts, discrepancies };
  const basis = facts.representationBasis.value;
  if (declaredBasis !== undefined && declaredBasis !== 'OTHER' && declaredBasis !== basis)
    discrepancies.push({ fact: 'REPRESENTATION_BASIS', register: basis, declared: declaredBasis });
  if (declaredListed !== undefined && declaredListed !== details.isListedCompany)
    discrepancies.push({ fact: 'LISTED_COMPANY', register: details.isListedCompany, declared: declaredListed });
  if (declaredAddress && registerAddress && !isSameAddress(registerAddress, declaredAddress))
    discrepancies.push({ fact: 'LEGAL_ADDRESS', register: registerAddress, declared: declaredAddress });
  if (declaredActivity !== undefined && declaredActivity !== details.mainFieldOfActivityCode) {
    discrepancies.push({ fact: 'MAIN_FIELD_OF_ACTIVITY', register: details.mainFieldOfActivityCode, declared: declaredActivity });
  }
  if (hasRelatedPersons) {
    const lists = [
      ['MANAGEMENT_BOARD', registerBoard, declared.managementBoard],
      ['SHAREHOLDERS', registerShareholders, declared.shareholders],
      ['BENEFICIAL_OWNERS', registerOwners, declared.beneficialOwners],
    ] as const;
    for (const [fact, registerList = [], declaredList] of lists) {
      if (!isSameParties(registerList, declaredList)) discrepancies.push({ fact, register: registerList, declared: declaredList });
    }
  }
  return { facts, discrepancies };
}

export const registerChangeSchema = z.object({ fact: z.enum(REGISTER_CHANGE_FACTS), step: z.enum(['CompanyData', 'RelatedPersons']) });
export type RegisterChange = z.infer<typeof registerChangeSchema>;

/** The step a register change reopens: the company's own facts, or the step where the declaration sits. */
const stepOfChange = (fact: RegisterChangeFact): 'CompanyData' | 'RelatedPersons' =>
  fact === 'COMPANY_UNKNOWN' || fact === 'STATUS' || fact === 'BUSINESS_NAME' || fact === 'SIGNERS' ? 'CompanyData' : DISCREPANCY_STEP[fact];

/** JSON with object keys sorted: a card read back from a jsonb column has its keys in another order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The register's beneficial owners as a change is judged: the persons and how they hold, the notices filed and the
 * owners counted without names. The register's own words for the manner of control are left out: a card stored
 * before they were kept would otherwise seem changed, while the code itself already shows in the benefit type.
 */
const beneficialOwnersOf = (details: RegisterCompanyDetails) => ({
  owners: details.beneficialOwners.map(({ controlTypeCode: _code, controlTypeName: _name, hasDiscrepancyNotice, ...owner }) => ({
    ...owner,
    hasDiscrepancyNotice: hasDiscrepancyNotice === true,
  })),
  hidden: details.hiddenBeneficialOwners ?? 0,
  hasMissingDataNotice: details.hasBeneficialOwnersMissingNotice === true,
});

/**
 * The register facts that changed between the reading the application holds and a new one
 * (docs/requirements.md section 1's registry queries).
 */
export function registerChangesOf(
  before: RegisterCompanyDetails,
  after: RegisterCompanyDetails | undefined,
  person: { personalId: string; personalIdCountryCode: string },
): RegisterChange[] {
  if (!after) return [{ fact: 'COMPANY_UNKNOWN', step: stepOfChange('COMPANY_UNKNOWN') }];
  const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
  const board = (details: RegisterCompanyDetails) => details.managementBoardMembers.map((member) => registerPerson(member));
  // A card read before representation was kept has none to compare: only a rule both readings state can change.
  const signers = (details: RegisterCompanyDetails) =>
    before.representation && after.representation && details.representation ? signingSummaryOf(details.representation, person) : undefined;
  const checks: [RegisterChangeFact, unknown, unknown][] = [
    ['STATUS', before.status, after.status],
    ['BUSINESS_NAME', before.businessName, after.businessName],
    ['SIGNERS', signers(before), signers(after)],
    ['REPRESENTATION_BASIS', registerRepresentationBasis(before, person), registerRepresentationBasis(after, person)],
    ['LISTED_COMPANY', before.isListedCompany, after.isListedCompany],
    ['LEGAL_ADDRESS', before.legalAddress, after.legalAddress],
    ['MAIN_FIELD_OF_ACTIVITY', before.mainFieldOfActivityCode, after.mainFieldOfActivityCode],
    ['MANAGEMENT_BOARD', board(before), board(after)],
    ['SHAREHOLDERS', before.shareholders, after.shareholders],
    ['BENEFICIAL_OWNERS', beneficialOwnersOf(before), beneficialOwnersOf(after)],
  ];
  return checks.filter(([, a, b]) => !same(a, b)).map(([fact]) => ({ fact, step: stepOfChange(fact) }));
}

/** Whether the register's facts stop the account from opening online: the company is not active, or the person may not represent it. */
export const isBlockedByRegister = (facts: ApplicationFacts): boolean =>
  facts.companyStatus.source === 'REGISTER' && (facts.companyStatus.value !== 'ACTIVE' || facts.representationBasis.value === null);

/** The facts of VERIFIABLE_FACTS that only the applicant declared: the register did not give them. */
export function unverifiedFactsOf(facts: ApplicationFacts): VerifiableFact[] {
  const sources: Record<VerifiableFact, FactSource> = {
    COMPANY: facts.registryCode.source,
    REPRESENTATION_BASIS: facts.representationBasis.source,
    LISTED_COMPANY: facts.isListedCompany.source,
    SHAREHOLDERS: facts.shareholders.source,
    // Owners the register counts without naming leave the list to the applicant's word, whatever it names.
    BENEFICIAL_OWNERS: facts.hiddenBeneficialOwners.value > 0 ? 'APPLICANT' : facts.beneficialOwners.source,
  };
  return (Object.keys(sources) as VerifiableFact[]).filter((fact) => sources[fact] !== 'REGISTER');
}
