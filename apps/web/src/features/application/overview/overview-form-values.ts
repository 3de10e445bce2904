import {
  applicationOverviewSchema,
  CONNECTIONS_TO_ESTONIA,
  FINANCIAL_INSTITUTION_TYPES,
  IDENTIFICATION_LOCATION_TYPES,
  NON_FINANCIAL_ENTITY_TYPES,
  type ApplicationOverview,
  type ConnectionToEstonia,
  type IdentificationLocationType,
  type TaxStatusEntityType,
} from '@onboarding/domain';
import type { Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';
import { domainResolver } from '../../../lib/domain-resolver';
import { isRecord } from '../opening-reasons/opening-reasons-form';

/**
 * The overview step as the form holds it: the field names of
 * applicationOverviewSchema, with an unanswered yes/no as null and an
 * unchosen office or type as ''. The draft is saved in this shape too.
 */
export type OverviewFormValues = {
  additionalInformation: string;
  identificationLocation: { type: IdentificationLocationType | ''; officeId: string; isSignedInOffice: boolean };
  connectionToEstonia: ConnectionToEstonia[];
  connectionToEstoniaOther: string;
  isFinancialInstitution: boolean | null;
  giin: string;
  taxStatusEntityType: TaxStatusEntityType | '';
  isDataCorrectAndFundsLegal: boolean;
};

export const OVERVIEW_FIELDS = Object.keys({
  additionalInformation: 0,
  identificationLocation: 0,
  connectionToEstonia: 0,
  connectionToEstoniaOther: 0,
  isFinancialInstitution: 0,
  giin: 0,
  taxStatusEntityType: 0,
  isDataCorrectAndFundsLegal: 0,
} satisfies Record<keyof OverviewFormValues, 0>);

/** The tax-status types a yes/no answer allows: a financial institution's, or a non-financial entity's. */
export const taxStatusTypesFor = (isFinancialInstitution: boolean | null): readonly TaxStatusEntityType[] => {
  if (isFinancialInstitution === null) return [];
  return isFinancialInstitution ? FINANCIAL_INSTITUTION_TYPES : NON_FINANCIAL_ENTITY_TYPES;
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const oneOf = <T extends string>(allowed: readonly T[], value: unknown): T | '' => allowed.find((candidate) => candidate === value) ?? '';

/** Form values from a draft or saved step data; anything missing or of the wrong kind is left empty. */
export function overviewFormValues(data: unknown): OverviewFormValues {
  const source = isRecord(data) ? data : {};
  const location = isRecord(source.identificationLocation) ? source.identificationLocation : {};
  const connections = Array.isArray(source.connectionToEstonia) ? source.connectionToEstonia : [];
  const isFinancialInstitution = typeof source.isFinancialInstitution === 'boolean' ? source.isFinancialInstitution : null;
  return {
    additionalInformation: text(source.additionalInformation),
    identificationLocation: {
      type: oneOf(IDENTIFICATION_LOCATION_TYPES, location.type),
      officeId: text(location.officeId),
      isSignedInOffice: location.isSignedInOffice === true,
    },
    connectionToEstonia: CONNECTIONS_TO_ESTONIA.filter((connection) => connections.includes(connection)),
    connectionToEstoniaOther: text(source.connectionToEstoniaOther),
    isFinancialInstitution,
    giin: text(source.giin),
    // A type that does not fit the yes/no answer could not be seen among the options, so it is not kept.
    taxStatusEntityType: oneOf(taxStatusTypesFor(isFinancialInstitution), source.taxStatusEntityType),
    isDataCorrectAndFundsLegal: source.isDataCorrectAndFundsLegal === true,
  };
}

type OverviewPayload = z.input<typeof applicationOverviewSchema>;

const optional = (value: string): string | undefined => (value.trim() === '' ? undefined : value);
const orUndefined = <T>(value: T | '' | null): T | undefined => (value === '' || value === null ? undefined : value);

/**
 * The step's data. Texts of hidden fields are left out (the OTHER text
 * without OTHER, the GIIN without a financial institution), so they are
 * neither validated nor saved; unanswered choices go as missing, which the
 * schema reports as required. A GIIN is written in capitals (IRS format).
 */
export function toOverviewPayload(values: OverviewFormValues): OverviewPayload {
  const { identificationLocation: location } = values;
  const payload = {
    additionalInformation: optional(values.additionalInformation),
    identificationLocation: { type: orUndefined(location.type), officeId: location.officeId, isSignedInOffice: location.isSignedInOffice },
    connectionToEstonia: values.connectionToEstonia,
    connectionToEstoniaOther: values.connectionToEstonia.includes('OTHER') ? values.connectionToEstoniaOther : undefined,
    isFinancialInstitution: orUndefined(values.isFinancialInstitution),
    giin: values.isFinancialInstitution === true ? optional(values.giin.trim().toUpperCase()) : undefined,
    taxStatusEntityType: orUndefined(values.taxStatusEntityType),
    isDataCorrectAndFundsLegal: values.isDataCorrectAndFundsLegal,
  };
  // Missing answers are what the schema is to report; the input type has no room for them.
  return payload as unknown as OverviewPayload;
}

type FormError = { type: string; message: string; types: Record<string, string> };
const required = (): FormError => ({ type: 'required', message: 'required', types: {} });

/**
 * The schema's cross-field rules (OTHER's text, the GIIN of a financial
 * institution) sit in its object-level superRefine, which zod runs only once
 * every field parses; while others are still empty, the same rules are
 * applied here, so these fields show their message on touch like the rest.
 */
function crossFieldErrors(values: OverviewFormValues): Partial<Record<'connectionToEstoniaOther' | 'giin', FormError>> {
  const errors: Partial<Record<'connectionToEstoniaOther' | 'giin', FormError>> = {};
  if (values.connectionToEstonia.includes('OTHER') && values.connectionToEstoniaOther.trim() === '') errors.connectionToEstoniaOther = required();
  if (values.isFinancialInstitution === true && values.giin.trim() === '') errors.giin = required();
  return errors;
}

const schemaResolver = domainResolver(applicationOverviewSchema);

/** domainResolver over applicationOverviewSchema, applied to the step's data the form would send. */
export const overviewResolver: Resolver<OverviewFormValues, unknown, ApplicationOverview> = async (values, context, options) => {
  const result = await schemaResolver(toOverviewPayload(values), context, options as unknown as ResolverOptions<OverviewPayload>);
  if (Object.keys(result.errors).length === 0) return result as unknown as ResolverResult<OverviewFormValues, ApplicationOverview>;
  return { values: {}, errors: { ...crossFieldErrors(values), ...result.errors } } as unknown as ResolverResult<OverviewFormValues, ApplicationOverview>;
};
