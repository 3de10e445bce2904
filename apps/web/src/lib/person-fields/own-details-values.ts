import {
  addressFromDraft,
  DEFAULT_COUNTRY_CODE,
  emptyAddressDraft,
  isValidPersonalId,
  ownDetailsSchema,
  parseWithIssues,
  type AddressDraft,
  type FieldIssue,
  type OwnDetails,
  type Residency,
} from '@onboarding/domain';
import type { Resolver } from 'react-hook-form';
import { toFieldErrors } from '../domain-resolver';

/**
 * A person's own details as a form holds them (decision 40): the fields named as in ownDetailsSchema, so the domain's
 * issue paths are the form's field names. The related person form holds them beside the rest of the person; the
 * invited person's form holds only these, with the personal code the eID gave (for the Estonian TIN).
 */
export type TaxResidenceFormValues = { countryCode: string; tin: string };
export type PepFormValues = { firstName: string; lastName: string; birthDate: string; birthCountryCode: string; governmentPosition: string };

export type OwnDetailsFormValues = {
  personalId: string;
  personalIdCountryCode: string;
  birthCountryCode: string;
  nationalityCountryCode: string;
  residentialAddress: AddressDraft;
  residentialCountryCode: string;
  residency: Residency | '';
  isEResident: boolean | null;
  livesAndWorksMostlyInEstonia: boolean | null;
  taxResidences: TaxResidenceFormValues[];
  isPep: boolean | null;
  pep: PepFormValues;
};

export const emptyTaxResidence = (): TaxResidenceFormValues => ({ countryCode: '', tin: '' });
export const emptyPep = (): PepFormValues => ({ firstName: '', lastName: '', birthDate: '', birthCountryCode: '', governmentPosition: '' });

/**
 * In Estonia the tax identification number is the personal code: an
 * Estonian personal code (valid, of country EE) is what a tax residence in
 * Estonia starts with. Undefined for any other ID.
 */
export function estonianTin(personalId: string, personalIdCountryCode: string): string | undefined {
  const code = personalId.trim();
  return personalIdCountryCode === DEFAULT_COUNTRY_CODE && isValidPersonalId(code) ? code : undefined;
}

/** A tax residence in Estonia with no TIN yet takes the Estonian personal code; the user may change it. */
export const withEstonianTin = (residence: TaxResidenceFormValues, tin: string | undefined): TaxResidenceFormValues =>
  residence.countryCode === DEFAULT_COUNTRY_CODE && residence.tin.trim() === '' && tin !== undefined ? { ...residence, tin } : { ...residence };

/** Own details as far as they are known: given whole, or a draft of the related persons step. */
type KnownOwnDetails = Partial<Omit<OwnDetails, 'residentialAddress' | 'pep'>> & {
  residentialAddress?: Partial<OwnDetails['residentialAddress']>;
  pep?: Partial<PepFormValues>;
};

/** The form's values of a person's own details: as given or declared, else empty with one tax residence to fill in. */
export function ownDetailsFormValues(
  details: KnownOwnDetails | undefined,
  person: { personalId: string; personalIdCountryCode: string },
): OwnDetailsFormValues {
  const address: Partial<OwnDetails['residentialAddress']> = details?.residentialAddress ?? {};
  const tin = estonianTin(person.personalId, person.personalIdCountryCode);
  return {
    personalId: person.personalId,
    personalIdCountryCode: person.personalIdCountryCode,
    birthCountryCode: details?.birthCountryCode ?? '',
    nationalityCountryCode: details?.nationalityCountryCode ?? '',
    residentialAddress: {
      ...emptyAddressDraft(),
      ...address,
      // A register person has a country of residence but no address yet: the address starts there.
      countryCode: address.countryCode ?? (details?.residentialCountryCode || DEFAULT_COUNTRY_CODE),
    },
    residentialCountryCode: details?.residentialCountryCode ?? '',
    residency: details?.residency ?? '',
    isEResident: details?.isEResident ?? null,
    livesAndWorksMostlyInEstonia: details?.livesAndWorksMostlyInEstonia ?? null,
    // At least one is required, so there is always a row to fill in.
    taxResidences: details?.taxResidences?.length ? details.taxResidences.map((residence) => withEstonianTin(residence, tin)) : [emptyTaxResidence()],
    isPep: details?.isPep ?? null,
    pep: { ...emptyPep(), ...details?.pep },
  };
}

/**
 * The own details the form describes, as ownDetailsSchema reads them. An unanswered question goes as missing, to be
 * refused as required; the PEP details of a non-PEP are not sent.
 */
export function toOwnDetails(values: OwnDetailsFormValues): Record<string, unknown> {
  return {
    birthCountryCode: values.birthCountryCode,
    nationalityCountryCode: values.nationalityCountryCode,
    residentialAddress: addressFromDraft(values.residentialAddress),
    residentialCountryCode: values.residentialCountryCode,
    residency: values.residency || undefined,
    isEResident: values.isEResident ?? undefined,
    livesAndWorksMostlyInEstonia: values.livesAndWorksMostlyInEstonia ?? undefined,
    taxResidences: values.taxResidences.map((residence) => ({ ...residence })),
    isPep: values.isPep ?? undefined,
    pep: values.isPep === true ? { ...values.pep } : undefined,
  };
}

/** The domain reports a repeated tax residence country at the row; the form shows it at the row's country, where the fix is. */
export const formPathOf = (path: string): string => (/^taxResidences\.\d+$/.test(path) ? `${path}.countryCode` : path);

/**
 * The schema's issues at the form's field paths, then `extra` (checks of the form's own), one per field: what a
 * person form shows. Shared by the own details form and the related person forms.
 */
export function formIssuesOf(schemaIssues: readonly FieldIssue[], extra: readonly FieldIssue[] = []): FieldIssue[] {
  const seen = new Set<string>();
  const all: FieldIssue[] = [];
  for (const found of [...schemaIssues.map((candidate) => ({ ...candidate, path: formPathOf(candidate.path) })), ...extra]) {
    if (seen.has(found.path)) continue;
    seen.add(found.path);
    all.push(found);
  }
  return all;
}

export const ownDetailsResolver: Resolver<OwnDetailsFormValues, unknown, OwnDetails> = (values, _context, options) => {
  const parsed = parseWithIssues(ownDetailsSchema, toOwnDetails(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  return { values: {}, errors: toFieldErrors(formIssuesOf(parsed.issues), options) };
};
