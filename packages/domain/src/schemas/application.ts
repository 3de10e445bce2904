import type { z } from 'zod';
import type { Step } from '../steps.js';
import { companyDataSchema } from './company-data.js';
import { incomesSchema } from './incomes.js';
import { openingReasonsSchema } from './opening-reasons.js';
import { applicationOverviewSchema } from './overview.js';
import { relatedPersonsSchema } from './related-persons-step.js';

/** The schema of each step the user fills (docs/requirements.md section 4), for routes that take the step as a parameter. */
export const STEP_SCHEMAS = {
  AccountOpeningReason: openingReasonsSchema,
  CompanyData: companyDataSchema,
  Incomes: incomesSchema,
  RelatedPersons: relatedPersonsSchema,
  AdditionalData: applicationOverviewSchema,
  ApplicationOverview: applicationOverviewSchema,
} as const satisfies Partial<Record<Step, z.ZodType>>;
export type FillableStep = keyof typeof STEP_SCHEMAS;
