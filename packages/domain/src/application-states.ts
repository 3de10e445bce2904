/** Application states seen by the user (docs/requirements.md section 4). */
export const APPLICATION_STATES = ['IN_PROGRESS', 'SUBMITTED', 'ACTIVE_WITH_ACCOUNT'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

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
