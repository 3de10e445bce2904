import type { AccessTokenPayload, ApplicationHistory, ApplicationReview } from '@onboarding/domain';
import type { Executor } from '../../db/database.js';
import type { WritePath } from './flow/write-path.js';
import type { OnboardingRepository } from './onboarding-repository.js';
import type { OnboardingService } from './onboarding-service.js';
import type { ApplicationRow, PersonKey, RepresentativeRow } from './rows.js';
import type { SubmittedRepository } from './submitted-repository.js';
import type { DecisionFacts } from './flow/transitions.js';

type User = Pick<AccessTokenPayload, 'personalId' | 'personalIdCountryCode' | 'givenName' | 'surname'>;

/**
 * What the other modules (signing, decisions, the integration API) may ask of the applications, and the one way they
 * change one: a transition of the flow (flow/transitions.ts) handed to `write`. No other module reads the onboarding
 * module's repository or writes its tables.
 */
export type Applications = {
  /** The application if it is this user's; anyone else gets 404. */
  owned(user: User, processId: string): Promise<ApplicationRow>;
  /**
   * The application by its id alone, for a caller that lets someone other than the applicant in on its own grounds
   * (a board member invited to sign it too, decision 39): the caller checks who asks.
   */
  find(processId: string): Promise<ApplicationRow | undefined>;
  /** Whether the whole application may be signed: every step checked again against what is stored now. */
  review(user: User, processId: string): Promise<ApplicationReview>;
  /** The application with register facts fresh enough to sign on; REGISTER_CHANGED when the register changed. */
  withFreshRegisterFacts(user: User, processId: string): Promise<ApplicationRow>;
  /** What the bank decides on at submission: the verified facts, the notices they give, and the discrepancies. */
  decisionFacts(user: User, application: ApplicationRow): DecisionFacts;
  /** Every fact with its source and the discrepancies, for the representative the record names (the bank's read). */
  factsFor: OnboardingService['factsFor'];
  /** The application's append-only record, whole (the bank's read). */
  historyOf(application: ApplicationRow): Promise<ApplicationHistory>;
  /** The representative's details (their confirmed address, their language), in the caller's transaction if given. */
  representative(person: PersonKey, executor?: Executor): Promise<RepresentativeRow | undefined>;
  /** The application as the caller's transaction sees it, locked until that transaction ends. */
  lock(executor: Executor, processId: string): Promise<ApplicationRow | undefined>;
  /** The signer's name as the eID gave it at the latest submission, if it recorded one. */
  signerNameOf(executor: Executor, processId: string): Promise<string | undefined>;
  /** A page of applications submitted at least once, in (updated_at, process_id) order: drafts are the applicant's business. */
  submittedPage: SubmittedRepository['page'];
  /** The application if it was ever submitted; a draft is as unknown as a missing one. */
  findSubmitted: SubmittedRepository['findSubmitted'];
  /** The one write path: persists a transition with its event and outbox rows. */
  write: WritePath['write'];
  /** The same, refusing with 409 STALE_VERSION a transition from another version than the one given. */
  writeOrConflict: WritePath['writeOrConflict'];
  /** After a transaction given as `within` committed: wakes the senders of the outboxes the transition wrote to. */
  wake: WritePath['wake'];
};

export function applicationsPort(
  service: OnboardingService,
  repository: OnboardingRepository,
  submitted: SubmittedRepository,
  writes: WritePath,
): Applications {
  return {
    owned: (user, processId) => service.ownedApplication(user, processId),
    find: (processId) => repository.findApplication(processId),
    review: (user, processId) => service.review(user, processId),
    withFreshRegisterFacts: (user, processId) => service.withFreshRegisterFacts(user, processId),
    decisionFacts: (user, application) => service.decisionFacts(user, application),
    factsFor: (application, representative) => service.factsFor(application, representative),
    historyOf: (application) => service.historyOf(application),
    representative: (person, executor) => repository.findRepresentative(person, executor),
    lock: (executor, processId) => repository.lockApplication(executor, processId),
    signerNameOf: (executor, processId) => repository.signerNameOf(executor, processId),
    submittedPage: (query) => submitted.page(query),
    findSubmitted: (processId) => submitted.findSubmitted(processId),
    write: writes.write,
    writeOrConflict: writes.writeOrConflict,
    wake: writes.wake,
  };
}
