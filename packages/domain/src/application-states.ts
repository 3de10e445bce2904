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
