import { z } from 'zod';
import { validationErrorMap as error } from '../validation/zod-issues.js';
import { list, object, oneOf } from './fields.js';
import { IDENTIFICATION_LOCATION_TYPES } from './overview.js';

// Reference data is written by us, not typed by a user, so its schemas check
// shape only; they serve the OpenAPI document, the client's types and the
// server's check of its own data at start.
const text = () => z.string({ error }).min(1, { error });
const codeOf = (pattern: RegExp) => z.string({ error }).regex(pattern, { error });

/** A name in each language of the product (LOCALES). */
export const localizedNameSchema = object({ et: text(), en: text(), ru: text() });
export type LocalizedName = z.infer<typeof localizedNameSchema>;

/** A country by its ISO 3166-1 alpha-2 code; the client sorts by the name of its language. */
export const countrySchema = object({ code: codeOf(/^[A-Z]{2}$/), name: localizedNameSchema });
export type Country = z.infer<typeof countrySchema>;

export const countriesResponseSchema = object({ countries: list(countrySchema) });
export type CountriesResponse = z.infer<typeof countriesResponseSchema>;

/** A fifth-level (national) EMTAK code, the one an application names as its field of activity. */
export const economicActivitySchema = object({ code: codeOf(/^\d{5}$/), name: localizedNameSchema });
export type EconomicActivity = z.infer<typeof economicActivitySchema>;

/** A two-digit EMTAK division (NACE division) with the fifth-level codes we list under it. */
export const economicActivityDivisionSchema = object({
  code: codeOf(/^\d{2}$/),
  name: localizedNameSchema,
  activities: list(economicActivitySchema),
});
export type EconomicActivityDivision = z.infer<typeof economicActivityDivisionSchema>;

/** An EMTAK section, the letter level. */
export const economicActivitySectionSchema = object({
  code: codeOf(/^[A-Z]$/),
  name: localizedNameSchema,
  divisions: list(economicActivityDivisionSchema),
});
export type EconomicActivitySection = z.infer<typeof economicActivitySectionSchema>;

/**
 * EMTAK as a tree; `version` is what an application stores as its EMTAK
 * version (docs/requirements.md section 3), so a code is always read against its version.
 */
export const economicActivitiesResponseSchema = object({
  version: text(),
  sections: list(economicActivitySectionSchema),
});
export type EconomicActivitiesResponse = z.infer<typeof economicActivitiesResponseSchema>;

/** Estonian local government types: a town (linn) or a rural municipality (vald). */
export const MUNICIPALITY_TYPES = ['URBAN_MUNICIPALITY', 'RURAL_MUNICIPALITY'] as const;
export type MunicipalityType = (typeof MUNICIPALITY_TYPES)[number];

/**
 * A "district" of an address (docs/requirements.md section 3): a local government,
 * named as in the address data system. Its `cities` are the towns and main
 * settlements to choose from; Tallinn's are its city districts, as Estonian addresses
 * write them.
 */
export const districtSchema = object({
  code: codeOf(/^EE-\d{3}$/),
  name: text(),
  type: oneOf(MUNICIPALITY_TYPES),
  cities: list(text(), { min: 1 }),
});
export type District = z.infer<typeof districtSchema>;

/** A county (maakond); `code` is its ISO 3166-2 code. */
export const countySchema = object({
  code: codeOf(/^EE-\d{2}$/),
  name: localizedNameSchema,
  districts: list(districtSchema, { min: 1 }),
});
export type County = z.infer<typeof countySchema>;

export const placesResponseSchema = object({ counties: list(countySchema) });
export type PlacesResponse = z.infer<typeof placesResponseSchema>;

/** An office is where the representative identifies themselves (overview step). */
export const BANK_OFFICE_TYPES = IDENTIFICATION_LOCATION_TYPES;

/** A branch or banking point; `id` is what the overview step stores as `officeId`. */
export const bankOfficeSchema = object({
  id: codeOf(/^[a-z0-9-]+$/),
  type: oneOf(BANK_OFFICE_TYPES),
  name: localizedNameSchema,
  address: text(),
  city: text(),
  postalCode: codeOf(/^\d{5}$/),
  /** The ISO 3166-2 code of its county, as in the places list. */
  countyCode: codeOf(/^EE-\d{2}$/),
  /** A cash-free office handles no cash: no deposits or withdrawals at the counter. */
  isCashFree: z.boolean({ error }),
  openingHours: localizedNameSchema,
});
export type BankOffice = z.infer<typeof bankOfficeSchema>;

export const bankOfficesResponseSchema = object({ bankOffices: list(bankOfficeSchema) });
export type BankOfficesResponse = z.infer<typeof bankOfficesResponseSchema>;
