import { parsePersonalId, type RegisterPersonData } from '@onboarding/domain';
import { countryOf } from './codes.js';
import { dateAt, textAt, type RikObject } from './values.js';

/** Where a row keeps the surname and the code: a card row says `nimi_arinimi` and `isikukood_registrikood`, a beneficial owner `nimi` and `isikukood`. */
export type PersonFields = { lastName: 'nimi_arinimi' | 'nimi'; code: 'isikukood_registrikood' | 'isikukood' };

export const CARD_PERSON: PersonFields = { lastName: 'nimi_arinimi', code: 'isikukood_registrikood' };
export const BENEFICIAL_OWNER_PERSON: PersonFields = { lastName: 'nimi', code: 'isikukood' };

/**
 * A natural person of a register row. The register holds no citizenship or residence (docs/register-facts.md
 * section 4): the country of the person's code stands for the nationality and the address country for the
 * residence, which the applicant confirms on the form. An Estonian code gives the birth date (`parsePersonalId`); a
 * foreign person has `valis_kood` and its country, or only a birth date (docs/register-facts.md section 2.2).
 */
export const personOf = (row: RikObject, fields: PersonFields): RegisterPersonData => {
  const code = textAt(row, fields.code);
  const estonian = code === undefined ? undefined : parsePersonalId(code);
  const addressCountry = countryOf(textAt(row, 'aadress_riik'));
  const foreignCode = textAt(row, 'valis_kood');
  const idCountry = code !== undefined ? 'EE' : (countryOf(textAt(row, 'valis_kood_riik')) ?? addressCountry ?? 'EE');
  const personalId = code ?? foreignCode;
  const residentialCountryCode = addressCountry ?? idCountry;
  return {
    firstName: textAt(row, 'eesnimi') ?? '',
    lastName: textAt(row, fields.lastName) ?? '',
    ...(personalId === undefined ? {} : { personalId }),
    personalIdCountryCode: idCountry,
    birthDate: estonian?.birthDate ?? dateAt(row, 'synniaeg') ?? '',
    nationalityCountryCode: idCountry,
    residentialCountryCode,
    residency: residentialCountryCode === 'EE' ? 'RESIDENT' : 'NON_RESIDENT',
  };
};

/** One key per person: the code and its country, or for a person without a code the birth date and surname. */
export const personKeyOf = (person: RegisterPersonData): string =>
  person.personalId === undefined
    ? `${person.personalIdCountryCode}:${person.birthDate}:${person.lastName.toLowerCase()}`
    : `${person.personalIdCountryCode}:${person.personalId}`;

/** Whether a row is in force on the day: begun, and not ended before it. */
export const isCurrentOn = (row: RikObject, today: string): boolean => {
  const start = dateAt(row, 'algus_kpv');
  const end = dateAt(row, 'lopp_kpv');
  return (start === undefined || start <= today) && (end === undefined || end >= today);
};
