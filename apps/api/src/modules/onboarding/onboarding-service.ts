import {
  cleanRegistryCode,
  DEFAULT_COUNTRY_CODE,
  DEFAULT_LOCALE,
  MAX_OPEN_MANUAL_APPLICATIONS,
  type ManualCompany,
  isBlockedByRegister,
  stepIndex,
  verifiedNotices,
  type CompanyData,
  type RegisterCompanyDetails,
  createRelatedPersonsSchema,
  isLocale,
  parseWithIssues,
  relatedPersonsContextOf,
  reviewApplication,
  type ApplicationReview,
  type ApplicationHistory,
  type ApplicationTimeline,
  decisionSchema,
  SIGNING_METHODS,
  type StepReview,
  STEP_SCHEMAS,
  type ApplicationView,
  type CreateApplicationRequest,
  type CreateApplicationResponse,
  type FieldIssue,
  type FillableStep,
  type PersonalInformation,
  type Representative,
  type RepresentativeCompanies,
  type RepresentativeCompany,
  type RelatedPersonsFromRegister,
  type Step,
} from '@onboarding/domain';
import { paymentReferenceOf } from '../mail/payment-reference.js';
import { BANK_OFFICES } from '../reference/bank-offices.js';
import { lookupScopeOf, type LookupScope } from '../registry/lookup-scope.js';
import { relatedPersonsFromRegister } from '../registry/related-persons-from-register.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import { companyDecision, isStepReached, isStepReopened, registryCodelessWindowStart, representativeOutcome, type ExistingApplication } from './flow/application-flow.js';
import {
  applicationCreated,
  continueLaterRequested,
  draftSaved,
  stepSaved,
  type ChangeSource,
  type DecisionFacts,
} from './flow/transitions.js';
import type { WritePath } from './flow/write-path.js';
import { applicantHistoryOf } from './applicant-history.js';
import { companySourceOf, confirmedEmailOf, personKeyOf } from './mail-recipient.js';
import { HISTORY_ROW_BYTES, type OnboardingRepository } from './onboarding-repository.js';
import type { BankRecords, Register } from './ports.js';
import type { ApplicationEventRow, ApplicationRow, PersonKey } from './rows.js';
import { registerOf, toApplicationView } from './application-view.js';
import { decisionFactsOf, factsFor, factsOf } from './facts.js';
import { createRegisterRefresh } from './register-refresh.js';
import { actorOf, isOwnedBy, personOf, type User } from './user.js';

export type { ChangeSource } from './flow/transitions.js';

export type OnboardingServiceOptions = {
  repository: OnboardingRepository;
  register: Register;
  bankRecords: BankRecords;
  /** The one write path of the applications' state. */
  writes: Pick<WritePath, 'write' | 'writeOrConflict'>;
  /** Signing starts only on register facts at most this old; older ones are read again. */
  registerFactsMaxAgeMs?: number;
  /** Bytes of JSON a step's data and a whole application may take (MAX_STEP_BYTES, MAX_APPLICATION_BYTES). */
  storageLimits?: StorageLimits;
  now?: () => Date;
};

export type StorageLimits = { stepBytes: number; applicationBytes: number; historyBytes: number };

const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

/**
 * Refuses, before anything is written, a step's data over its limit or a save that would take the application
 * over its own: without them one person could fill the database with a few large drafts.
 */
function assertStorable(limits: StorageLimits, data: unknown, application: { stepData: object; drafts: object }): void {
  if (jsonBytes(data) > limits.stepBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `A step's data may take at most ${limits.stepBytes} bytes of JSON.`);
  }
  // Every step's data and draft is written through the check above, so each takes at most stepBytes: while that
  // many of them fit the application's limit, the sum cannot exceed it and need not be measured (the usual case,
  // and a save's hot path: measuring means serialising the whole application once more).
  const parts = Object.keys(application.stepData).length + Object.keys(application.drafts).length;
  if (parts * limits.stepBytes <= limits.applicationBytes) return;
  if (jsonBytes(application.stepData) + jsonBytes(application.drafts) > limits.applicationBytes) {
    throw new AppError('APPLICATION_TOO_LARGE', `An application's steps and drafts may take at most ${limits.applicationBytes} bytes of JSON.`);
  }
}

/**
 * Refuses, before anything is written, an applicant's save whose event would take the application's history over
 * its limit: the history is append-only evidence, so what one person adds to it must be bounded where it is added.
 * Two saves racing past the check both need the same version: only one is written.
 */
async function assertHistoryRoom(limits: StorageLimits, repository: OnboardingRepository, processId: string, payload: Record<string, unknown>): Promise<void> {
  const used = await repository.historyBytes(processId);
  if (used + jsonBytes(payload) + HISTORY_ROW_BYTES > limits.historyBytes) {
    throw new AppError('HISTORY_TOO_LARGE', `An application's history may take at most ${limits.historyBytes} bytes.`);
  }
}

/** A step that names another company than the application's: the company is fixed when the application is created. */
function companyMismatchIssues(application: ApplicationRow, company: CompanyData): FieldIssue[] {
  const registryCode = company.registryCode ? cleanRegistryCode(company.registryCode) : null;
  const expected = {
    businessName: company.businessName.trim() === application.companyName.trim(),
    registryCode: registryCode === application.companyRegistryCode,
    registryCountryCode: company.registryCountryCode === application.companyRegistryCountryCode,
  };
  return Object.entries(expected)
    .filter(([, isSame]) => !isSame)
    .map(([path]) => ({ path, code: 'companyMismatch', params: {} }));
}


const isFillableStep = (step: string): step is FillableStep => Object.hasOwn(STEP_SCHEMAS, step);

const OVERVIEW_STEPS: readonly string[] = ['AdditionalData', 'ApplicationOverview'];

/** Submitted, and submitted with the bank's final answer since. */
const SUBMITTED_STATUSES: readonly string[] = ['SUBMITTED', 'APPROVED', 'DECLINED'];

/**
 * While the bank waits for more information (a MORE_INFORMATION_NEEDED decision), the steps it did not name stay as
 * signed: saving or autosaving one of them is refused, so the new contract differs only where the bank asked.
 */
function assertReopened(application: ApplicationRow, step: string): void {
  if (!isStepReopened(application.reopenedSteps, step)) {
    throw new AppError('STEP_NOT_REOPENED', `The bank asked for more information in ${application.reopenedSteps?.join(', ')} only.`);
  }
}

/** The identification location must be one of the bank's offices, of the type chosen (the picker lists them from reference data). */
function identificationLocationIssues(overview: unknown): FieldIssue[] {
  const location = (overview as { identificationLocation?: { type?: unknown; officeId?: unknown } } | undefined)?.identificationLocation;
  if (!location) return [];
  const office = BANK_OFFICES.find((candidate) => candidate.id === location.officeId);
  return office && office.type === location.type ? [] : [{ path: 'identificationLocation.officeId', code: 'incorrectValue', params: {} }];
}

/** The onboarding rules: who may do what to which application, and what happens next (SPEC.md sections 1, 4, 5). */
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

export function createOnboardingService(options: OnboardingServiceOptions) {
  const { repository, register, bankRecords, writes } = options;
  const now = options.now ?? (() => new Date());
  const registerRefresh = createRegisterRefresh({ register, writes, maxAgeMs: options.registerFactsMaxAgeMs ?? 15 * 60_000, now });
  const storageLimits = options.storageLimits ?? { stepBytes: 65_536, applicationBytes: 524_288, historyBytes: 2_097_152 };

  /** SPEC.md section 1: the bank asks the registers only after the representative consented to it. */
  async function requireConsent(user: Pick<User, 'personalId' | 'personalIdCountryCode'>): Promise<void> {
    const row = await repository.findRepresentative({ personalId: user.personalId, personalIdCountryCode: user.personalIdCountryCode });
    if (!row?.consentedAt) throw new AppError('CONSENT_REQUIRED');
  }

  /** The application, if it is this user's; anyone else learns nothing, not even that it exists (nor from the time it takes). */
  async function ownApplication(processId: string, user: User): Promise<ApplicationRow> {
    const application = await repository.findOwnedApplication(processId, personOf(user));
    if (!application) throw new AppError('NOT_FOUND', 'No such application.');
    return application;
  }

  async function personOutcome(user: User) {
    const person = await register.person(user.personalId, user.personalIdCountryCode);
    // A person the register knows must hold a valid document; one it does not know is checked in person later.
    const hasValidIdentityDocument = person ? person.identityDocument?.isValid === true : undefined;
    return representativeOutcome({ ...personOf(user), hasValidIdentityDocument }, now());
  }

  /**
   * The company's open applications. A submission that contradicted the register is flagged for a manager and is not
   * the company's submitted application until one confirms it, so a false declaration cannot lock the real board out.
   */
  function existing(rows: readonly ApplicationRow[], user: User): ExistingApplication[] {
    return rows
      .filter((row) => row.status === 'IN_PROGRESS' || (SUBMITTED_STATUSES.includes(row.status) && row.submittedDiscrepancies === null))
      // A decided application stops a new one as a submitted one does: the bank has given its answer on the company.
      .map((row) => ({ processId: row.processId, status: SUBMITTED_STATUSES.includes(row.status) ? 'SUBMITTED' : row.status, isOwn: isOwnedBy(row, user) }));
  }

  const contextOf = (application: ApplicationRow, user: User) =>
    relatedPersonsContextOf(
      application.stepData,
      {
        registryCode: application.companyRegistryCode,
        registryCountryCode: application.companyRegistryCountryCode,
        isListedCompany: registerOf(application)?.details.isListedCompany ?? null,
      },
      personOf(user),
    );

  /** A step's schema; the related persons are checked against the company and the signed-in representative. */
  const schemaOf = (step: FillableStep, application: ApplicationRow, user: User) =>
    step === 'RelatedPersons' ? createRelatedPersonsSchema(contextOf(application, user)) : STEP_SCHEMAS[step];

  function assertWritable(application: ApplicationRow): void {
    if (application.status !== 'IN_PROGRESS') throw new AppError('CONFLICT', `The application is ${application.status.toLowerCase().replace('_', ' ')}.`);
  }

  /** SPEC.md section 3: what choosing a company leads to, and the application when it leads to one. */
  /**
   * A company typed by hand is one the register does not know: one it knows, by its Estonian registry code or by
   * name, is chosen from the list (where the register, not the applicant, decides about it), or taken up with a
   * manager when the register does not name the person its representative. An Estonian registry code the register
   * does not know belongs to no company. Otherwise nobody could tell a registered company from one typed as it.
   */
  async function refuseRegisteredCompany(person: PersonKey, company: ManualCompany): Promise<void> {
    const registryCode = company.registryCode ? cleanRegistryCode(company.registryCode) : '';
    const isEstonianCode = registryCode !== '' && company.registryCountryCode === DEFAULT_COUNTRY_CODE;
    const byCode = isEstonianCode ? await register.company(DEFAULT_COUNTRY_CODE, registryCode) : undefined;
    if (isEstonianCode && !byCode) {
      throw new AppError('COMPANY_IN_REGISTER', { fields: [{ path: 'company.registryCode', code: 'registryCodeNotInRegister', params: {} }] });
    }
    const [known] = byCode ? [byCode] : await register.companiesNamed(company.businessName);
    if (!known) return;
    const represented = await register.companiesOf({ personalId: person.personalId, countryCode: person.personalIdCountryCode });
    const isRepresented = represented.some((candidate) => candidate.registryCode === known.registryCode && candidate.registryCountryCode === known.registryCountryCode);
    throw new AppError('COMPANY_IN_REGISTER', {
      fields: [
        {
          path: byCode ? 'company.registryCode' : 'company.businessName',
          code: isRepresented ? 'companyInRegister' : 'companyInRegisterNotRepresented',
          params: { name: known.businessName, registryCode: known.registryCode },
        },
      ],
    });
  }

  /** A new application for a company typed by hand, once the person has fewer than the cap in progress. */
  async function createManualApplication(user: User, company: ManualCompany, registryCode: string | null): Promise<ApplicationRow> {
    const person = personOf(user);
    if ((await repository.openManualApplicationCount(person)) >= MAX_OPEN_MANUAL_APPLICATIONS) {
      throw new AppError('MANUAL_APPLICATION_LIMIT');
    }
    return writes.write(
      applicationCreated(
        {
          representativePersonalId: person.personalId,
          representativeCountryCode: person.personalIdCountryCode,
          companyName: company.businessName,
          companyRegistryCode: registryCode,
          companyRegistryCountryCode: company.registryCountryCode,
          companySource: 'MANUAL',
        },
        actorOf(user),
      ),
    );
  }

  async function decideAndCreate(user: User, request: CreateApplicationRequest): Promise<CreateApplicationResponse> {
    await requireConsent(user);
    const outcome = await personOutcome(user);
    if (outcome) return { kind: 'OUTCOME', outcome };
    const person = personOf(user);

    if (request.source === 'MANUAL') {
      const { company } = request;
      await refuseRegisteredCompany(person, company);
      if (!company.registryCode) {
        const pending = await repository.latestRegistryCodelessApplication(person, registryCodelessWindowStart(now()));
        if (pending?.status === 'SUBMITTED') return { kind: 'OUTCOME', outcome: 'ALREADY_SUBMITTED', processId: pending.processId };
        if (pending) return { kind: 'APPLICATION', application: toApplicationView(pending) };
        return { kind: 'APPLICATION', application: toApplicationView(await createManualApplication(user, company, null)) };
      }
      // A foreign company: the register has nothing to say, so one application at a time per code, as for any company.
      const registryCode = cleanRegistryCode(company.registryCode);
      if (bankRecords.hasAccount(company.registryCountryCode, registryCode)) throw new AppError('CONFLICT', 'The company already has an account.');
      const rows = await repository.applicationsForCompany(company.registryCountryCode, registryCode);
      const decision = companyDecision({ isRepresentedByPerson: true, status: 'ACTIVE' }, existing(rows, user));
      if (decision.kind === 'OUTCOME') return decision;
      if (decision.kind === 'RESUME') return { kind: 'APPLICATION', application: toApplicationView(await ownApplication(decision.processId, user)) };
      return { kind: 'APPLICATION', application: toApplicationView(await createManualApplication(user, company, registryCode)) };
    }

    const { registryCode, registryCountryCode } = request;
    if (bankRecords.hasAccount(registryCountryCode, registryCode)) throw new AppError('CONFLICT', 'The company already has an account.');
    const registered = await register.company(registryCountryCode, registryCode);
    if (!registered) throw new AppError('NOT_FOUND', 'No such company in the register.');
    const represented = await register.companiesOf({ personalId: person.personalId, countryCode: person.personalIdCountryCode });
    const isRepresentedByPerson = represented.some((company) => company.registryCode === registryCode && company.registryCountryCode === registryCountryCode);
    const rows = await repository.applicationsForCompany(registryCountryCode, registryCode);
    const decision = companyDecision({ isRepresentedByPerson, status: registered.status }, existing(rows, user));
    if (decision.kind === 'OUTCOME') return decision;
    if (decision.kind === 'RESUME') {
      return { kind: 'APPLICATION', application: toApplicationView(await ownApplication(decision.processId, user)) };
    }

    const created = await writes.write(
      applicationCreated(
        {
          representativePersonalId: person.personalId,
          representativeCountryCode: person.personalIdCountryCode,
          companyName: registered.businessName,
          companyRegistryCode: registered.registryCode,
          companyRegistryCountryCode: registryCountryCode,
          companySource: 'REGISTER',
          companyLegalForm: registered.legalForm,
          registerFacts: registered,
          registerQueriedAt: now(),
        },
        actorOf(user),
        { person, registryCountryCode, registryCode },
      ),
    );
    return { kind: 'APPLICATION', application: toApplicationView(created) };
  }

  /** The application's append-only record, whole: every change with its JSON Patch, author, time and source (the bank's read). */
  async function historyOf(application: ApplicationRow): Promise<ApplicationHistory> {
    const events = await repository.eventsOf(application.processId);
    return {
      processId: application.processId,
      company: { businessName: application.companyName, registryCode: application.companyRegistryCode, registryCountryCode: application.companyRegistryCountryCode },
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
    /** The application if it is this user's, for the signing module; anyone else gets 404. */
    ownedApplication: (user: User, processId: string): Promise<ApplicationRow> => ownApplication(processId, user),

    requireConsent,

    /** What the bank decides on at submission: the verified facts, the notices they give, and the discrepancies. */
    decisionFacts: (user: User, application: ApplicationRow): DecisionFacts => decisionFactsOf(application, user),

    /**
     * The application with register facts at most REGISTER_FACTS_MAX_AGE_MINUTES old, read again when older. When the
     * register now says something else, the new card is kept, the steps it touches reopen, and REGISTER_CHANGED says
     * what changed: nothing is signed on facts the applicant has not seen.
     */
    async withFreshRegisterFacts(user: User, processId: string): Promise<ApplicationRow> {
      return registerRefresh.withFreshRegisterFacts(await ownApplication(processId, user), user);
    },

    /** The application's record, if it is this user's: the applicant's copy, without what is the bank's alone (DA9). */
    async history(user: User, processId: string): Promise<ApplicationHistory> {
      return applicantHistoryOf(await historyOf(await ownApplication(processId, user)));
    },

    historyOf,

    /** Every fact with its source and the discrepancies, for the representative the record names (the bank's read). */
    factsFor,

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
      };
    },

    async representative(user: User): Promise<Representative> {
      const row = await repository.findRepresentative(personOf(user));
      return {
        ...personOf(user),
        givenName: user.givenName,
        surname: user.surname,
        email: row?.email ?? null,
        phone: row?.phone ?? null,
        language: (row?.language ?? null) as Representative['language'],
        hasConsentedToRegistryQueries: !!row?.consentedAt,
        isEmailConfirmed: confirmedEmailOf(row) !== undefined,
      };
    },

    async savePersonalInformation(user: User, information: PersonalInformation): Promise<Representative> {
      await repository.saveRepresentative(personOf(user), {
        email: information.email,
        phone: information.phone,
        language: information.language,
        consentedAt: now(),
      });
      return this.representative(user);
    },

    /** What the user may look up in the registers; lookupScopeOf holds the rule, this reads what it needs. */
    async lookupScope(user: User): Promise<LookupScope> {
      const represented = await register.companiesOf({ personalId: user.personalId, countryCode: user.personalIdCountryCode });
      const own = await repository.applicationsOf(personOf(user));
      const applications = own.map((row) => ({
        status: row.status,
        registryCountryCode: row.companyRegistryCountryCode,
        registryCode: row.companyRegistryCode,
        card: row.registerFacts as unknown as RegisterCompanyDetails | null,
      }));
      return lookupScopeOf({ represented, applications }, register);
    },

    async companies(user: User): Promise<RepresentativeCompanies> {
      await requireConsent(user);
      const companies = await register.companiesOf({ personalId: user.personalId, countryCode: user.personalIdCountryCode });
      const entries = await Promise.all(
        companies.map(async (company): Promise<RepresentativeCompany> => {
          const base = { businessName: company.businessName, registryCode: company.registryCode, registryCountryCode: company.registryCountryCode };
          if (bankRecords.hasAccount(company.registryCountryCode, company.registryCode)) return { ...base, entry: 'EXISTING_ACCOUNT' };
          const details = await register.company(company.registryCountryCode, company.registryCode);
          const rows = await repository.applicationsForCompany(company.registryCountryCode, company.registryCode);
          const decision = companyDecision({ isRepresentedByPerson: true, status: details?.status ?? 'ACTIVE' }, existing(rows, user));
          if (decision.kind === 'RESUME') return { ...base, entry: 'PENDING_APPLICATION', processId: decision.processId };
          if (decision.kind === 'OUTCOME') {
            // The representative's own submitted application, once signed: its contract, which the mail promises after signing in.
            const ownSigned = decision.outcome === 'ALREADY_SUBMITTED' && decision.processId !== undefined && (await repository.hasSignedContract(decision.processId));
            return { ...base, entry: 'BLOCKED', outcome: decision.outcome, ...(ownSigned ? { processId: decision.processId } : {}) };
          }
          return { ...base, entry: 'NEW' };
        }),
      );
      const pending = await repository.latestRegistryCodelessApplication(personOf(user), registryCodelessWindowStart(now()));
      return {
        companies: entries,
        pendingManualApplication: pending?.status === 'IN_PROGRESS' ? { processId: pending.processId, businessName: pending.companyName } : null,
      };
    },

    async createApplication(user: User, request: CreateApplicationRequest): Promise<CreateApplicationResponse> {
      try {
        return await decideAndCreate(user, request);
      } catch (error) {
        // Another request created the company's application a moment ago (one open application per company is a
        // unique index): deciding again with it in view resumes it or names the other representative.
        if (!isUniqueViolation(error)) throw error;
        return decideAndCreate(user, request);
      }
    },

    async application(user: User, processId: string): Promise<ApplicationView> {
      return toApplicationView(await ownApplication(processId, user));
    },

    /** Validates a step with its domain schema and moves the application to the step the server decides. */
    async saveStep(user: User, processId: string, step: string, version: number, data: unknown): Promise<ApplicationView> {
      const application = await ownApplication(processId, user);
      assertWritable(application);
      if (!isFillableStep(step)) throw new AppError('NOT_FOUND', `No step ${step}.`);
      assertReopened(application, step);
      const currentStep = application.currentStep as Step;
      if (!isStepReached(currentStep, step)) throw new AppError('CONFLICT', 'The application has not reached this step.');
      const parsed = parseWithIssues(schemaOf(step, application, user), data);
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', { fields: parsed.issues });
      const officeIssues = OVERVIEW_STEPS.includes(step) ? identificationLocationIssues(parsed.data) : [];
      if (officeIssues.length > 0) throw new AppError('VALIDATION_FAILED', { fields: officeIssues });
      if (step === 'CompanyData') {
        const mismatch = companyMismatchIssues(application, parsed.data as CompanyData);
        if (mismatch.length > 0) throw new AppError('COMPANY_MISMATCH', { fields: mismatch });
      }

      const transition = stepSaved(application, step, parsed.data, actorOf(user));
      const { stepData = application.stepData, drafts = application.drafts } = transition.change;
      assertStorable(storageLimits, parsed.data, { stepData, drafts });
      await assertHistoryRoom(storageLimits, repository, processId, transition.event.payload ?? {});
      const written = await writes.writeOrConflict(transition, version);
      return toApplicationView(written);
    },

    /** The related persons as the register knows them; a company the register does not know has none to give. */
    async relatedPersonsFromRegister(user: User, processId: string): Promise<RelatedPersonsFromRegister> {
      const application = await ownApplication(processId, user);
      // The card the application holds: the form is filled from the facts the bank decides on.
      const company = registerOf(application)?.details;
      if (!company) return { shareholders: [], relatedPersons: [] };
      const draft = relatedPersonsFromRegister(company, { personalId: user.personalId, countryCode: user.personalIdCountryCode });
      return { shareholders: draft.shareholders, relatedPersons: draft.relatedPersons.map((person) => ({ ...person, isFromRegister: true as const })) } as RelatedPersonsFromRegister;
    },

    /** Whether the whole application may be signed: every step checked again against what is stored now. */
    async review(user: User, processId: string): Promise<ApplicationReview> {
      const application = await ownApplication(processId, user);
      const review = reviewApplication(application.stepData, contextOf(application, user));
      const { facts, discrepancies } = factsOf(application, user);
      const currentIndex = stepIndex(application.currentStep);
      const steps = review.steps.map((stepReview): StepReview => {
        if (stepReview.step === 'ApplicationOverview') {
          if (!stepReview.isComplete) return stepReview;
          const issues = identificationLocationIssues(application.stepData.ApplicationOverview ?? application.stepData.AdditionalData);
          return { ...stepReview, isComplete: issues.length === 0, issues };
        }
        // The register stops the account from opening online: the company step says so until it changes.
        if (stepReview.step === 'CompanyData' && isBlockedByRegister(facts)) {
          return { ...stepReview, isComplete: false, issues: [{ path: '', code: 'blockedByRegister', params: {} }] };
        }
        const isAhead = stepIndex(stepReview.step) >= currentIndex && application.stepData[stepReview.step] !== undefined;
        // A step the bank reopened is saved again before signing; the steps it did not name stay as signed.
        if (application.reopenedSteps) {
          return isAhead && application.reopenedSteps.includes(stepReview.step)
            ? { ...stepReview, isComplete: false, issues: [{ path: '', code: 'reopenedByBank', params: {} }] }
            : stepReview;
        }
        // A step the register's changes reopened is saved again before signing.
        if (isAhead) {
          return { ...stepReview, isComplete: false, issues: [{ path: '', code: 'registerChanged', params: {} }] };
        }
        return stepReview;
      });
      return {
        ...review,
        steps,
        isComplete: steps.every((stepReview) => stepReview.isComplete),
        notices: verifiedNotices(application.stepData, registerOf(application)?.details),
        facts,
        discrepancies,
      };
    },

    /** Autosave: the step's input as typed, neither validated nor advancing. */
    async saveDraft(user: User, processId: string, step: string, version: number, data: unknown) {
      const application = await ownApplication(processId, user);
      assertWritable(application);
      if (!isFillableStep(step)) throw new AppError('NOT_FOUND', `No step ${step}.`);
      assertReopened(application, step);
      if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'data', code: 'incorrectValue', params: {} }] });
      }
      const transition = draftSaved(application, step, data, actorOf(user));
      assertStorable(storageLimits, data, { stepData: application.stepData, drafts: transition.change.drafts ?? application.drafts });
      await assertHistoryRoom(storageLimits, repository, processId, transition.event.payload ?? {});
      const written = await writes.writeOrConflict(transition, version);
      return { version: written.version, updatedAt: written.updatedAt.toISOString() };
    },

    /**
     * Sends the representative a link back to the application, and answers the address it went to; the link alone
     * opens nothing without signing in.
     * Only to the address the person confirmed (409 CONFLICT without one), and a few a day at most (the mail
     * module's limits per application, per address and per person): beyond them 429 RATE_LIMITED, and neither mail
     * nor event is written.
     */
    async saveAndContinueLater(user: User, processId: string, version: number): Promise<{ email: string }> {
      const application = await ownApplication(processId, user);
      assertWritable(application);
      const representative = await repository.findRepresentative(personOf(user));
      const email = confirmedEmailOf(representative);
      if (!email) throw new AppError('CONFLICT', 'Confirm your e-mail address first.');
      // Nothing in the application changes, so its version stays: a save-and-continue-later while a contract is being
      // signed leaves that contract valid. The version is still checked, so the link leads to what the user saw.
      await writes.writeOrConflict(
        continueLaterRequested(application, actorOf(user), {
          to: email,
          language: isLocale(representative?.language) ? representative.language : DEFAULT_LOCALE,
          personKey: personKeyOf(personOf(user)),
          params: {
            representativeName: `${user.givenName} ${user.surname}`,
            businessName: application.companyName,
            companySource: companySourceOf(application),
            processId,
            applicationNumber: application.applicationNumber,
          },
        }),
        version,
      );
      return { email };
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
