import { decisionSchema, type ApplicationHistory } from '@onboarding/domain';

type HistoryEvent = ApplicationHistory['events'][number];

/** How the applicant's copy names every bank client: which system of the bank recorded a decision is the bank's. */
export const BANK_ACTOR = 'bank';

/**
 * The payload fields the applicant's copy keeps, per event type: what the applicant gave or was told anyway. A
 * submission says how it was signed, as the status timeline does; its facts, discrepancies, follow-up and evidence
 * ids are the bank's record. A type not named here keeps no payload, so a field added later stays the bank's until
 * someone decides otherwise.
 */
const APPLICANT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  APPLICATION_CREATED: ['source', 'companySource', 'businessName', 'registryCode', 'registryCountryCode', 'legalForm', 'registerQueriedAt'],
  STEP_SAVED: ['source', 'step'],
  DRAFT_SAVED: ['step'],
  REGISTER_CHECKED: ['source', 'queriedAt'],
  REGISTER_CHANGED: ['source', 'changes', 'reopenedStep'],
  // The invoice issued with a submission is the applicant's too: they were mailed it.
  APPLICATION_SUBMITTED: ['source', 'method', 'resubmission', 'serviceFeeInvoice'],
  DECISION_RECORDED: ['source'],
};

const pick = (payload: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(fields.filter((field) => Object.hasOwn(payload, field)).map((field) => [field, payload[field]]));

function applicantPayloadOf(event: HistoryEvent): Record<string, unknown> {
  const payload = pick(event.payload, APPLICANT_FIELDS[event.type] ?? []);
  if (event.type !== 'DECISION_RECORDED') return payload;
  // The decision as the status page reads it: decisionSchema's fields only; one it cannot read is left out.
  const decision = decisionSchema.safeParse(event.payload.decision);
  return decision.success ? { ...payload, decision: decision.data } : payload;
}

/**
 * The record as its representative downloads it (DA8, DA9): every event with its time, version, source and the
 * step's patch, the bank's clients named "the bank", and of each payload only the fields above. The bank's systems
 * read the whole record (/integration/v1).
 */
export function applicantHistoryOf(history: ApplicationHistory): ApplicationHistory {
  return {
    ...history,
    events: history.events.map((event) => ({
      ...event,
      actor: event.actor.startsWith('bank:') ? BANK_ACTOR : event.actor,
      payload: applicantPayloadOf(event),
    })),
  };
}
