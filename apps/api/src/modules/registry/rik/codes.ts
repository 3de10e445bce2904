import type { BenefitType, CompanyStatus, LegalForm } from '@onboarding/domain';
// The library's plain entry: its Node entry would load every locale, and codes need none.
import countries from 'i18n-iso-countries/index.js';

/*
 * The register's code lists, one table each (docs/register-facts.md section 3). Codes never change with the
 * language of the answer; labels do, so nothing here matches a label. An unknown code never throws: it maps to a
 * safe value and the raw code travels with it.
 */

/** Company status (docs/register-facts.md section 3.1). */
export const COMPANY_STATUS_CODES: Readonly<Record<string, CompanyStatus>> = {
  R: 'ACTIVE',
  L: 'IN_LIQUIDATION',
  N: 'BANKRUPT',
  K: 'DELETED',
};

/**
 * A status the table does not know is not "entered in the register": the company is shown, and it cannot open an
 * account, as one in liquidation cannot.
 */
export const companyStatusOf = (code: string | undefined): { status: CompanyStatus; code: string | undefined; isKnown: boolean } => {
  const status = code === undefined ? undefined : COMPANY_STATUS_CODES[code];
  return status ? { status, code, isKnown: true } : { status: 'IN_LIQUIDATION', code, isKnown: false };
};

/** Legal forms the product serves (docs/register-facts.md section 3.2), by the register's short code. */
export const LEGAL_FORM_CODES: Readonly<Record<string, LegalForm>> = {
  OÜ: 'OU',
  AS: 'AS',
  TÜ: 'TU',
  UÜ: 'UU',
  MTÜ: 'MTU',
  SA: 'SA',
};

// `OÜ` may arrive as `O&#xDC;` (docs/register-facts.md section 1.4): a reference left in a text is read as its letter.
const CHARACTER_REFERENCE = /&#(x[0-9a-f]+|\d+);/gi;
const decodeReferences = (text: string) =>
  text.replace(CHARACTER_REFERENCE, (reference, number: string) => {
    const point = number.toLowerCase().startsWith('x') ? parseInt(number.slice(1), 16) : Number(number);
    return point <= 0x10ffff ? String.fromCodePoint(point) : reference;
  });

/**
 * The domain's legal form, or undefined for a form the product does not serve (a sole proprietor, a state agency).
 * The code is compared in NFC: an `Ü` written as U and a combining diaeresis is the same letter.
 */
export const legalFormOf = (code: string | undefined): LegalForm | undefined =>
  code === undefined ? undefined : LEGAL_FORM_CODES[decodeReferences(code).normalize('NFC').trim()];

export type PersonType = 'NATURAL' | 'LEGAL';

/** Person type `F`/`J` (docs/register-facts.md section 2.2). */
export const PERSON_TYPE_CODES: Readonly<Record<string, PersonType>> = { F: 'NATURAL', J: 'LEGAL' };

/** An unknown type is read from the code: an Estonian registry code has 8 digits, a personal code 11. */
export const personTypeOf = (code: string | undefined, identifier: string | undefined): PersonType =>
  (code === undefined ? undefined : PERSON_TYPE_CODES[code]) ?? (identifier !== undefined && /^\d{8}$/.test(identifier) ? 'LEGAL' : 'NATURAL');

/** What a role means to the bank; IGNORED roles are named so that a new one stands out in review. */
export type RoleMeaning = 'MANAGEMENT_BOARD' | 'SUPERVISORY_BOARD' | 'AUTHORIZED_PERSON' | 'LIQUIDATOR' | 'SHAREHOLDER' | 'BENEFICIAL_OWNER' | 'IGNORED';

/** Person roles (docs/register-facts.md section 3.3). */
export const ROLE_CODES: Readonly<Record<string, RoleMeaning>> = {
  JUHL: 'MANAGEMENT_BOARD',
  JUHE: 'MANAGEMENT_BOARD',
  JUHJ: 'MANAGEMENT_BOARD',
  JUHA: 'MANAGEMENT_BOARD',
  N: 'SUPERVISORY_BOARD',
  E: 'SUPERVISORY_BOARD',
  PROK: 'AUTHORIZED_PERSON',
  LIKV: 'LIQUIDATOR',
  LIKVJ: 'LIQUIDATOR',
  O: 'SHAREHOLDER',
  OSAN: 'SHAREHOLDER',
  S: 'SHAREHOLDER',
  W: 'BENEFICIAL_OWNER',
  P: 'IGNORED',
  PANKR: 'IGNORED',
  AJPH: 'IGNORED',
  JPNKR: 'IGNORED',
  A: 'IGNORED',
  B: 'IGNORED',
  D: 'IGNORED',
  M: 'IGNORED',
  R: 'IGNORED',
  KISIK: 'IGNORED',
  ORP: 'IGNORED',
  TOSAN: 'IGNORED',
  UOSAN: 'IGNORED',
  EUSOS2: 'IGNORED',
  V: 'IGNORED',
  SJESI: 'IGNORED',
  VFILJ: 'IGNORED',
  ASES: 'IGNORED',
  KOAS: 'IGNORED',
  HNKL: 'IGNORED',
  DOKH: 'IGNORED',
  MDKPI: 'IGNORED',
  YHLLV: 'IGNORED',
  HUL: 'IGNORED',
};

export const roleOf = (code: string | undefined): RoleMeaning => (code === undefined ? 'IGNORED' : (ROLE_CODES[code] ?? 'IGNORED'));

/**
 * Manner of control of a beneficial owner (docs/register-facts.md section 2.4). Only `O`, a direct holding, is
 * confirmed; any other code is OTHER with the register's own label, so the applicant sees what the register says.
 */
export const CONTROL_TYPE_CODES: Readonly<Record<string, BenefitType>> = { O: 'SHARE_OWNERSHIP' };

export const benefitTypeOf = (code: string | undefined, label: string | undefined): { benefitType: BenefitType; benefitTypeOther?: string } => {
  const known = code === undefined ? undefined : CONTROL_TYPE_CODES[code];
  if (known) return { benefitType: known };
  const other = label ?? code;
  return other === undefined ? { benefitType: 'OTHER' } : { benefitType: 'OTHER', benefitTypeOther: other };
};

/** Three-letter codes of real register data that are not ISO 3166-1 alpha-3 (docs/register-facts.md section 3.4). */
export const NON_ISO_COUNTRY_CODES: Readonly<Record<string, string>> = {
  GER: 'DE',
  DEN: 'DK',
  LAT: 'LV',
  LIT: 'LT',
  NED: 'NL',
  SUI: 'CH',
  SLO: 'SI',
  BUL: 'BG',
  GRE: 'GR',
  POR: 'PT',
  CHI: 'CL',
  KSA: 'SA',
  SCG: 'RS',
  XKX: 'XK',
  XXK: 'XK',
  SVB: 'SJ',
  IVB: 'VG',
  MON: 'MC',
  LIB: 'LB',
};

/**
 * The alpha-2 code of a register country; a code that names no one country (`XXX`) or that neither table knows is
 * kept as it came, so the form shows it to be corrected rather than guessing a country.
 */
export const countryOf = (code: string | undefined): string | undefined => {
  if (code === undefined) return undefined;
  const upper = code.trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(upper)) return upper;
  return NON_ISO_COUNTRY_CODES[upper] ?? countries.alpha3ToAlpha2(upper) ?? upper;
};

/** The register's code of an alpha-2 country, for the country of a personal code in a query. */
export const registerCountryOf = (alpha2: string): string => countries.alpha2ToAlpha3(alpha2.trim().toUpperCase()) ?? alpha2.trim().toUpperCase();

/** EMTAK versions (docs/register-facts.md section 3.5); a newer version keeps the register's own name. */
export const EMTAK_VERSION_CODES: Readonly<Record<string, string>> = { '2': 'EMTAK 2008' };

export const emtakVersionOf = (code: string | undefined, label: string | undefined): string =>
  (code === undefined ? undefined : EMTAK_VERSION_CODES[code]) ?? label ?? `EMTAK ${code ?? '?'}`;
