import type { z } from 'zod';
import {
  CONNECTIONS_TO_ESTONIA,
  FINANCIAL_INSTITUTION_TYPES,
  IDENTIFICATION_LOCATION_TYPES,
  NON_FINANCIAL_ENTITY_TYPES,
  TAX_STATUS_ENTITY_TYPES,
  type ApplicationOverviewInput,
  type TaxStatusEntityType,
} from '../schemas/overview.js';
import { answered, draftChoice, draftChoices, draftFlag, draftObject, draftText, draftTick, filled } from './draft-fields.js';

/** The tax-status types a yes/no answer allows: a financial institution's, or a non-financial entity's. */
export const taxStatusTypesFor = (isFinancialInstitution: boolean | null): readonly TaxStatusEntityType[] => {
  if (isFinancialInstitution === null) return [];
  return isFinancialInstitution ? FINANCIAL_INSTITUTION_TYPES : NON_FINANCIAL_ENTITY_TYPES;
};

/**
 * The overview step as its form holds it: the fields of
 * applicationOverviewSchema, with an unanswered yes/no as null and an
 * unchosen office or type as ''. A type that does not fit the yes/no answer
 * could not be seen among the options, so it is not kept.
 */
export const overviewDraftSchema = draftObject({
  additionalInformation: draftText(),
  identificationLocation: draftObject({
    type: draftChoice(IDENTIFICATION_LOCATION_TYPES),
    officeId: draftText(),
    isSignedInOffice: draftTick(),
  }),
  connectionToEstonia: draftChoices(CONNECTIONS_TO_ESTONIA),
  connectionToEstoniaOther: draftText(),
  isFinancialInstitution: draftFlag(),
  giin: draftText(),
  taxStatusEntityType: draftChoice(TAX_STATUS_ENTITY_TYPES),
  isDataCorrectAndFundsLegal: draftTick(),
} satisfies Record<keyof ApplicationOverviewInput, z.ZodType>).transform((draft) => ({
  ...draft,
  taxStatusEntityType: taxStatusTypesFor(draft.isFinancialInstitution).includes(draft.taxStatusEntityType as TaxStatusEntityType)
    ? draft.taxStatusEntityType
    : '',
}));
export type OverviewDraft = z.output<typeof overviewDraftSchema>;

/**
 * The step data the draft stands for. Texts of hidden fields are left out
 * (the OTHER text without OTHER, the GIIN without a financial institution),
 * so they are neither validated nor saved; unanswered choices go as missing,
 * which the schema reports as required. A GIIN is written in capitals (IRS
 * format).
 */
export function overviewFromDraft(draft: OverviewDraft): ApplicationOverviewInput {
  const { identificationLocation: location } = draft;
  const data = {
    additionalInformation: filled(draft.additionalInformation),
    identificationLocation: { ...location, type: answered(location.type) },
    connectionToEstonia: draft.connectionToEstonia,
    connectionToEstoniaOther: draft.connectionToEstonia.includes('OTHER') ? draft.connectionToEstoniaOther : undefined,
    isFinancialInstitution: answered(draft.isFinancialInstitution),
    giin: draft.isFinancialInstitution === true ? filled(draft.giin.trim().toUpperCase()) : undefined,
    taxStatusEntityType: answered(draft.taxStatusEntityType),
    isDataCorrectAndFundsLegal: draft.isDataCorrectAndFundsLegal,
  };
  // Missing answers are what the schema is to report; its input type has no room for them.
  return data as unknown as ApplicationOverviewInput;
}
