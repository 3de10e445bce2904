import { decisionSchema, SIGNING_METHODS, type ApplicationHistory, type ApplicationTimeline } from '@onboarding/domain';
import { paymentReferenceOf } from '../mail/index.js';
import { applicantHistoryOf } from './applicant-history.js';
import { serviceFeeInvoiceOf } from './service-fee-invoice.js';
import type { ChangeSource } from './flow/transitions.js';
import type { OnboardingRepository } from './onboarding-repository.js';
import type { OwnApplication } from './owned-application.js';
import type { ApplicationEventRow, ApplicationRow } from './rows.js';
import type { User } from './user.js';

const CHANGE_SOURCES: readonly ChangeSource[] = ['APPLICANT', 'REGISTER', 'EID', 'BANK'];

/** The source of an event's change: the register's readings, the eID's signature, the bank's decisions, else the applicant. */
function sourceOfEvent(type: string, payload: Record<string, unknown>): ChangeSource {
  const source = CHANGE_SOURCES.find((candidate) => candidate === payload.source);
  if (source) return source;
  if (type === 'APPLICATION_SUBMITTED') return 'EID';
  return 'APPLICANT';
}

const isSigningMethod = (method: unknown): method is (typeof SIGNING_METHODS)[number] => (SIGNING_METHODS as readonly unknown[]).includes(method);

/**
 * The timeline's entries of an application's events: a submission says only when and how it was signed, a decision
 * only what the bank decided. A decision the schema does not read (written by a later version, or damaged) is left
 * out rather than failing the page: the applicant still sees the rest, and the record keeps it.
 */
export function timelineEntriesOf(events: readonly Pick<ApplicationEventRow, 'type' | 'payload' | 'createdAt'>[]): ApplicationTimeline['entries'] {
  const entries: ApplicationTimeline['entries'] = [];
  let submissions = 0;
  for (const event of events) {
    const at = event.createdAt.toISOString();
    if (event.type === 'APPLICATION_SUBMITTED') {
      entries.push({ kind: 'SUBMITTED', at, method: isSigningMethod(event.payload.method) ? event.payload.method : null, isResubmission: submissions > 0 });
      submissions += 1;
    } else if (event.type === 'DECISION_RECORDED') {
      const decision = decisionSchema.safeParse(event.payload.decision);
      if (decision.success) entries.push({ kind: 'DECISION', at, decision: decision.data });
    }
  }
  return entries;
}

/** The application's append-only record: whole for the bank, the applicant's copy, and the status page's timeline. */
export function createHistory({ repository, ownApplication }: { repository: Pick<OnboardingRepository, 'eventsOf'>; ownApplication: OwnApplication }) {
  /** The application's append-only record, whole: every change with its JSON Patch, author, time and source (the bank's read). */
  async function historyOf(application: ApplicationRow): Promise<ApplicationHistory> {
    const events = await repository.eventsOf(application.processId);
    return {
      processId: application.processId,
      company: {
        businessName: application.companyName,
        registryCode: application.companyRegistryCode,
        registryCountryCode: application.companyRegistryCountryCode,
      },
      events: events.map((event) => ({
        id: event.id,
        type: event.type,
        at: event.createdAt.toISOString(),
        actor: event.actor,
        applicationVersion: event.applicationVersion,
        source: sourceOfEvent(event.type, event.payload),
        ...(Array.isArray(event.payload.patch) ? { patch: event.payload.patch as ApplicationHistory['events'][number]['patch'] } : {}),
        payload: Object.fromEntries(Object.entries(event.payload).filter(([key]) => key !== 'patch')),
      })),
    };
  }

  return {
    historyOf,

    /** The application's record, if it is this user's: the applicant's copy, without what is the bank's alone (DA9). */
    async history(user: User, processId: string): Promise<ApplicationHistory> {
      return applicantHistoryOf(await historyOf(await ownApplication(processId, user)));
    },

    /** Where the application stands, for its status page: each submission and each decision of the bank, oldest first. */
    async timeline(user: User, processId: string): Promise<ApplicationTimeline> {
      const application = await ownApplication(processId, user);
      const events = await repository.eventsOf(application.processId);
      return {
        processId: application.processId,
        applicationNumber: application.applicationNumber,
        paymentReference: paymentReferenceOf(application.applicationNumber),
        status: application.status as ApplicationTimeline['status'],
        reopenedSteps: application.reopenedSteps ?? null,
        entries: timelineEntriesOf(events),
        serviceFeeInvoice: serviceFeeInvoiceOf(application),
      };
    },
  };
}

export type History = ReturnType<typeof createHistory>;
