import type { RikField } from './soap.js';

/*
 * The parameters of each query after the credentials and the output format, in the schema's order, every mandatory
 * one sent (docs/register-facts.md section 1.2). Labels come in Estonian: the codes are what is read.
 */
const LANGUAGE: RikField = ['keel', 'est'];

/** detailandmed_v2 with general and personal data only (docs/register-facts.md section 2.1). */
const DETAIL_FLAGS: readonly RikField[] = [
  ['yandmed', true],
  ['iandmed', true],
  ['kandmed', false],
  ['dandmed', false],
  ['maarused', false],
];

export const companyByCodeQuery = (registryCode: string): RikField[] => [['ariregistri_kood', registryCode], ...DETAIL_FLAGS, LANGUAGE];

// A name search may match many companies; the port keeps only the same name, so a short list is enough.
const NAME_SEARCH_LIMIT = 20;

export const companiesByNameQuery = (businessName: string): RikField[] => [['arinimi', businessName], ...DETAIL_FLAGS, LANGUAGE, ['evarv', NAME_SEARCH_LIMIT]];

/** esindus_v2 by the representative's code and its country (docs/register-facts.md section 2.5). */
export const representationQuery = (personalId: string, registerCountryCode: string): RikField[] => [
  ['fyysilise_isiku_kood', personalId],
  ['fyysilise_isiku_koodi_riik', registerCountryCode],
  LANGUAGE,
];

/** tegelikudKasusaajad_v2, current owners only (docs/register-facts.md section 2.4). */
export const beneficialOwnersQuery = (registryCode: string): RikField[] => [['ariregistri_kood', registryCode], ['ainult_kehtivad', true], LANGUAGE];
