import {
  DEFAULT_COUNTRY_CODE,
  legalEntitySchema,
  parseWithIssues,
  privatePersonSchema,
  shareholdingSchema,
  type BenefitType,
  type FieldIssue,
  type Locale,
} from '@onboarding/domain';
import type { FieldValues, Resolver } from 'react-hook-form';
import { toFieldErrors } from '../../../lib/domain-resolver';
import { formIssuesOf, ownDetailsFormValues, type OwnDetailsFormValues } from '../../../lib/person-fields/own-details-values';
import { orderRoles, type LegalEntityValues, type PersonValues, type PrivatePersonValues } from './form-values';
import { parsePercent, percentData, percentText } from './percent';

/**
 * The add/edit modal's form (docs/requirements.md section 2 "Related person
 * add/edit"): one person's fields named as in privatePersonSchema /
 * legalEntitySchema, so the domain's issue paths are the form's field names,
 * plus the Ownership part: the person's share in each company of the structure.
 */
/** A share as typed, in one company of the structure (APPLICANT_ID for the applicant). */
export type HoldingFormValues = { companyId: string; sharePercent: string };

export type PrivatePersonFormValues = OwnDetailsFormValues & {
  firstName: string;
  lastName: string;
  birthDate: string;
  isManagementBoardMember: boolean;
  isSupervisoryBoardMember: boolean;
  isBeneficialOwner: boolean | null;
  benefitType: BenefitType | '';
  benefitTypeOther: string;
  beneficiarySharePercent: string;
  holdings: HoldingFormValues[];
};

export type LegalEntityFormValues = {
  registryCountryCode: string;
  businessName: string;
  registryCode: string;
  holdings: HoldingFormValues[];
};

/** A company of the ownership structure the person may hold a share in. */
export type StructureCompany = { id: string; name: string };

/** The holdings part of the form: one share field per company, filled with what the person holds there. */
export function holdingFormValues(
  companies: readonly StructureCompany[],
  shares: ReadonlyMap<string, number | undefined>,
  locale: Locale,
): HoldingFormValues[] {
  return companies.map((company) => ({ companyId: company.id, sharePercent: percentText(shares.get(company.id), locale) }));
}

export function privatePersonFormValues(person: PrivatePersonValues | undefined, holdings: HoldingFormValues[], locale: Locale): PrivatePersonFormValues {
  const roles = person?.roles ?? [];
  const personalIdCountryCode = person?.personalIdCountryCode || DEFAULT_COUNTRY_CODE;
  return {
    ...ownDetailsFormValues(person, { personalId: person?.personalId ?? '', personalIdCountryCode }),
    firstName: person?.firstName ?? '',
    lastName: person?.lastName ?? '',
    birthDate: person?.birthDate ?? '',
    isManagementBoardMember: roles.includes('MANAGEMENT_BOARD_MEMBER'),
    isSupervisoryBoardMember: roles.includes('SUPERVISORY_BOARD_MEMBER'),
    isBeneficialOwner: person?.isBeneficialOwner ?? null,
    benefitType: person?.benefitType ?? '',
    benefitTypeOther: person?.benefitTypeOther ?? '',
    beneficiarySharePercent: percentText(person?.beneficiarySharePercent, locale),
    holdings,
  };
}

export function legalEntityFormValues(entity: LegalEntityValues | undefined, holdings: HoldingFormValues[]): LegalEntityFormValues {
  return {
    registryCountryCode: entity?.registryCountryCode || DEFAULT_COUNTRY_CODE,
    businessName: entity?.businessName ?? '',
    registryCode: entity?.registryCode ?? '',
    holdings,
  };
}

const sameKind = (a: unknown, b: unknown) => (a === null || b === null ? true : Array.isArray(a) === Array.isArray(b) && typeof a === typeof b);

/**
 * A form's values with what was typed before a reload put back (the person
 * dialog's draft): each field the form has, when the stored one is of its
 * kind; the shares company by company, for the companies there are now.
 */
export function withTypedValues<T extends { holdings: HoldingFormValues[] }>(values: T, typed: Readonly<Record<string, unknown>> | undefined): T {
  if (!typed) return values;
  const next: Record<string, unknown> = { ...values };
  for (const [key, value] of Object.entries(values)) {
    if (key === 'holdings' || !(key in typed) || !sameKind(value, typed[key])) continue;
    next[key] = typed[key];
  }
  const typedHoldings = Array.isArray(typed.holdings) ? (typed.holdings as Partial<HoldingFormValues>[]) : [];
  next.holdings = values.holdings.map((holding) => {
    const share = typedHoldings.find((candidate) => candidate.companyId === holding.companyId)?.sharePercent;
    return typeof share === 'string' ? { ...holding, sharePercent: share } : holding;
  });
  return next as T;
}

const optional = (value: string): string | undefined => (value.trim() === '' ? undefined : value);

function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/** What stays of a person whatever the form says: its id and the roles the form does not decide. */
export type PersonIdentity = { id: string; roles: PersonValues['roles'] };

/**
 * The person the form describes. The roles follow the form: the board
 * checkboxes, BENEFICIARY from the beneficial-owner answer, SHAREHOLDER from
 * a share anywhere; REPRESENTATIVE is kept as it was. Answers whose question
 * is hidden (the benefit of a non-owner, the PEP details of a non-PEP) go as
 * missing, so they are neither validated nor saved.
 */
export function toPrivatePerson(values: PrivatePersonFormValues, identity: PersonIdentity): PrivatePersonValues {
  const isBeneficialOwner = values.isBeneficialOwner === true;
  const address = values.residentialAddress;
  return compact<PrivatePersonValues>({
    id: identity.id,
    type: 'PRIVATE_PERSON',
    roles: orderRoles([
      ...identity.roles.filter((role) => role === 'REPRESENTATIVE'),
      ...(values.isManagementBoardMember ? (['MANAGEMENT_BOARD_MEMBER'] as const) : []),
      ...(values.isSupervisoryBoardMember ? (['SUPERVISORY_BOARD_MEMBER'] as const) : []),
      ...(isBeneficialOwner ? (['BENEFICIARY'] as const) : []),
      ...(toShares(values.holdings).size > 0 ? (['SHAREHOLDER'] as const) : []),
    ]),
    firstName: values.firstName,
    lastName: values.lastName,
    personalId: optional(values.personalId),
    personalIdCountryCode: values.personalIdCountryCode,
    birthDate: values.birthDate,
    birthCountryCode: values.birthCountryCode,
    nationalityCountryCode: values.nationalityCountryCode,
    residentialAddress: compact({ ...address, county: optional(address.county), district: optional(address.district) }),
    residentialCountryCode: values.residentialCountryCode,
    residency: values.residency || undefined,
    isEResident: values.isEResident ?? undefined,
    livesAndWorksMostlyInEstonia: values.livesAndWorksMostlyInEstonia ?? undefined,
    taxResidences: values.taxResidences.map((residence) => ({ ...residence })),
    isBeneficialOwner: values.isBeneficialOwner ?? undefined,
    // Text that is no number goes as typed, to be refused as the server refuses it; the dialog never saves it.
    beneficiarySharePercent: isBeneficialOwner ? (percentData(values.beneficiarySharePercent) as number | undefined) : undefined,
    benefitType: isBeneficialOwner ? values.benefitType || undefined : undefined,
    benefitTypeOther: isBeneficialOwner && values.benefitType === 'OTHER' ? values.benefitTypeOther : undefined,
    isPep: values.isPep ?? undefined,
    pep: values.isPep === true ? { ...values.pep } : undefined,
  });
}

/** The entity the form describes; its own owners are edited on their cards, so they stay as they were. */
export function toLegalEntity(values: LegalEntityFormValues, identity: PersonIdentity, shareholders: LegalEntityValues['shareholders']): LegalEntityValues {
  return compact<LegalEntityValues>({
    id: identity.id,
    type: 'LEGAL_ENTITY',
    roles: orderRoles([...identity.roles.filter((role) => role !== 'SHAREHOLDER'), ...(toShares(values.holdings).size > 0 ? (['SHAREHOLDER'] as const) : [])]),
    registryCountryCode: values.registryCountryCode,
    businessName: values.businessName,
    registryCode: optional(values.registryCode),
    shareholders,
  });
}

/** The filled share fields, by company id. */
export function toShares(holdings: readonly HoldingFormValues[]): Map<string, number> {
  const shares = new Map<string, number>();
  for (const holding of holdings) {
    const share = parsePercent(holding.sharePercent);
    if (share !== undefined) shares.set(holding.companyId, share);
  }
  return shares;
}

/** Each filled share must be a percent the domain accepts (above 0, at most 100, two decimals). */
function holdingIssues(holdings: readonly HoldingFormValues[]): FieldIssue[] {
  return holdings.flatMap((holding, index) => {
    const share = parsePercent(holding.sharePercent);
    if (share === undefined) return [];
    const result = parseWithIssues(shareholdingSchema.shape.sharePercent, share);
    return result.success ? [] : result.issues.slice(0, 1).map((found) => ({ ...found, path: `holdings.${String(index)}.sharePercent` }));
  });
}

/** Everything the private person form would be refused for, by its field paths. */
export function privatePersonIssues(values: PrivatePersonFormValues): FieldIssue[] {
  const person = toPrivatePerson(values, { id: 'person', roles: [] });
  const parsed = parseWithIssues(privatePersonSchema, person);
  const schemaIssues = parsed.success ? [] : parsed.issues;
  return formIssuesOf(schemaIssues, holdingIssues(values.holdings));
}

export function legalEntityIssues(values: LegalEntityFormValues): FieldIssue[] {
  const entity = toLegalEntity(values, { id: 'entity', roles: [] }, []);
  const parsed = parseWithIssues(legalEntitySchema, entity);
  const schemaIssues = parsed.success ? [] : parsed.issues;
  return formIssuesOf(schemaIssues, holdingIssues(values.holdings));
}

/** A resolver that validates the form with the domain schema of its person (and the shares with the holding schema). */
function domainFormResolver<T extends FieldValues>(issuesOf: (values: T) => FieldIssue[]): Resolver<T, unknown, T> {
  return (values, _context, options) => {
    const issues = issuesOf(values);
    if (issues.length === 0) return { values, errors: {} };
    return { values: {}, errors: toFieldErrors(issues, options) };
  };
}

export const privatePersonResolver = domainFormResolver<PrivatePersonFormValues>(privatePersonIssues);
export const legalEntityResolver = domainFormResolver<LegalEntityFormValues>(legalEntityIssues);

/** JSON with keys in order, so two objects with the same content read the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${stableJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sameShares = (a: ReadonlyMap<string, number | undefined>, b: ReadonlyMap<string, number | undefined>) =>
  a.size === b.size && [...a].every(([companyId, share]) => b.has(companyId) && b.get(companyId) === share);

/**
 * A person stays marked "From the Business Register" only while the user has
 * changed nothing of it, its shares included; the first edit drops the mark.
 */
export function withRegisterMark<P extends PersonValues>(
  next: P,
  previous: PersonValues | undefined,
  shares: { previous: ReadonlyMap<string, number | undefined>; next: ReadonlyMap<string, number | undefined> },
): P {
  const { isFromRegister: _dropped, ...unmarked } = next;
  if (previous?.isFromRegister !== true) return unmarked as P;
  const { isFromRegister: _previousMark, ...previousContent } = previous;
  const isUnchanged = stableJson(unmarked) === stableJson(previousContent) && sameShares(shares.previous, shares.next);
  return (isUnchanged ? { ...unmarked, isFromRegister: true } : unmarked) as P;
}
