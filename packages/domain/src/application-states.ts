/** Blocking outcomes (docs/requirements.md section 4). */
export const BLOCKING_OUTCOMES = [
  'MINOR',
  'CANNOT_OPEN',
  'MUST_VISIT_BRANCH',
  'DOCUMENT_INVALID',
  'APPLICATION_SUPERSEDED',
  'STARTED_WITH_OTHER_REPRESENTATIVE',
  'ALREADY_SUBMITTED',
] as const;
export type BlockingOutcome = (typeof BLOCKING_OUTCOMES)[number];

/**
 * The blocking outcomes that depend on the person alone, whatever the company: known right after sign-in, so the
 * person hears of them before typing anything (decision 46).
 */
export const PERSON_OUTCOMES = ['MINOR', 'DOCUMENT_INVALID'] as const satisfies readonly BlockingOutcome[];
export type PersonOutcome = (typeof PERSON_OUTCOMES)[number];
