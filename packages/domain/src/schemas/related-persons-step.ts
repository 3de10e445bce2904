import type { z } from 'zod';
import { LIST_MAX_ITEMS } from '../constants.js';
import { RELATED_PERSON_TYPES } from './related-persons.js';
import { validateRelatedPersons, type RelatedPersonsRuleInput } from '../validation/related-persons.js';
import { addValidationIssue, flag, list, object } from './fields.js';
import { relatedPersonSchema, shareholdingSchema } from './related-persons.js';

export type RelatedPersonsContext = Pick<RelatedPersonsRuleInput, 'company' | 'representative'>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isHoldingList = (value: unknown) =>
  Array.isArray(value) &&
  value.every(
    (holding) => isRecord(holding) && typeof holding.personId === 'string' && (holding.sharePercent === undefined || typeof holding.sharePercent === 'number'),
  );
const isPersonRef = (value: unknown) =>
  isRecord(value) &&
  typeof value.id === 'string' &&
  (RELATED_PERSON_TYPES as readonly unknown[]).includes(value.type) &&
  Array.isArray(value.roles) &&
  (value.type !== 'LEGAL_ENTITY' || isHoldingList(value.shareholders));

/**
 * Whether the input has the shape the whole-list rules read (ids, types,
 * roles, holdings), even when some person's other fields are still wrong: the
 * user is told every broken rule at once, not the totals only after every
 * birth country is filled in.
 */
const hasRuleShape = (value: unknown): value is RelatedPersonsRuleInput =>
  isRecord(value) && isHoldingList(value.shareholders) && Array.isArray(value.relatedPersons) && value.relatedPersons.every(isPersonRef);

/**
 * The related persons step: the applicant's shareholders list and every
 * related person, checked person by person and then as a whole
 * (docs/requirements.md section 5). A whole-list violation is reported at each
 * person it names, or at "relatedPersons" when it names nobody.
 */
export const createRelatedPersonsSchema = (context: RelatedPersonsContext = {}) =>
  object({
    shareholders: list(shareholdingSchema, { max: LIST_MAX_ITEMS.shareholders }),
    relatedPersons: list(relatedPersonSchema, { max: LIST_MAX_ITEMS.relatedPersons }),
    /** Nobody else holds more than 25% or otherwise controls the company: a total under 100% stands (decision 34). */
    hasNoOtherBeneficialOwners: flag().optional(),
  }).superRefine(
    (step, ctx) => {
      for (const violation of validateRelatedPersons({ ...step, ...context })) {
        const indexes = new Set(violation.personIds.map((id) => step.relatedPersons.findIndex((person) => person.id === id)).filter((index) => index >= 0));
        if (indexes.size === 0) addValidationIssue(ctx, violation, ['relatedPersons']);
        for (const index of indexes) addValidationIssue(ctx, violation, ['relatedPersons', index]);
      }
    },
    { when: (payload) => hasRuleShape(payload.value) },
  );

/** The step without company or representative context (the browser before they are loaded). */
export const relatedPersonsSchema = createRelatedPersonsSchema();
export type RelatedPersons = z.infer<typeof relatedPersonsSchema>;
