import type { z } from 'zod';
import { validateRelatedPersons, type RelatedPersonsRuleInput } from '../validation/related-persons.js';
import { addValidationIssue, list, object } from './fields.js';
import { relatedPersonSchema, shareholdingSchema } from './related-persons.js';

export type RelatedPersonsContext = Pick<RelatedPersonsRuleInput, 'company' | 'representative'>;

/**
 * The related persons step: the applicant's shareholders list and every
 * related person, checked person by person and then as a whole (SPEC.md
 * section 5). A whole-list violation is reported at each person it names, or
 * at "relatedPersons" when it names nobody.
 */
export const createRelatedPersonsSchema = (context: RelatedPersonsContext = {}) =>
  object({
    shareholders: list(shareholdingSchema),
    relatedPersons: list(relatedPersonSchema),
  }).superRefine((step, ctx) => {
    for (const violation of validateRelatedPersons({ ...step, ...context })) {
      const indexes = new Set(
        violation.personIds
          .map((id) => step.relatedPersons.findIndex((person) => person.id === id))
          .filter((index) => index >= 0),
      );
      if (indexes.size === 0) addValidationIssue(ctx, violation, ['relatedPersons']);
      for (const index of indexes) addValidationIssue(ctx, violation, ['relatedPersons', index]);
    }
  });

/** The step without company or representative context (the browser before they are loaded). */
export const relatedPersonsSchema = createRelatedPersonsSchema();
export type RelatedPersons = z.infer<typeof relatedPersonsSchema>;
