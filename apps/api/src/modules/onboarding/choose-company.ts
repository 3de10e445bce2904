import {
  companyApplicationStatusOf,
  REOPENABLE_STEPS,
  type CreateApplicationRequest,
  type CreateApplicationResponse,
  type RegisterCompanyDetails,
  type RepresentativeCompanies,
  type RepresentativeCompany,
} from '@onboarding/domain';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import { type LookupScope, lookupScopeOf } from '../registry/index.js';
import { toApplicationView } from './application-view.js';
import { companyDecision, existingApplications, registryCodelessWindowStart } from './flow/application-flow.js';
import { applicationCreated } from './flow/transitions.js';
import type { WritePath } from './flow/write-path.js';
import type { ManualCompanies } from './manual-company.js';
import type { OnboardingRepository } from './onboarding-repository.js';
import type { OwnApplication } from './owned-application.js';
import type { PersonOutcomeOf } from './person-outcome.js';
import type { BankRecords, Register } from './ports.js';
import { readCompany, type RegisterEvidenceStore } from './register-evidence.js';
import type { Representatives } from './representatives.js';
import type { ApplicationRow } from './rows.js';
import { actorOf, isOwnedBy, personOf, type User } from './user.js';

export type ChooseCompanyOptions = {
  repository: Pick<OnboardingRepository, 'applicationsOf' | 'applicationsForCompany' | 'hasSignedContract' | 'latestRegistryCodelessApplication'>;
  register: Register;
  bankRecords: BankRecords;
  writes: Pick<WritePath, 'write'>;
  ownApplication: OwnApplication;
  requireConsent: Representatives['requireConsent'];
  manualCompanies: Pick<ManualCompanies, 'choose'>;
  /** Where the register's answers behind the created application's facts are kept. */
  evidence: RegisterEvidenceStore;
  personOutcome: PersonOutcomeOf;
  now: () => Date;
};

/**
 * Choosing a company (docs/requirements.md section 3): the person's companies with what choosing each leads to, what they may look
 * up in the registers, and the application a choice creates or resumes.
 */
export function createChooseCompany(options: ChooseCompanyOptions) {
  const { repository, register, bankRecords, writes, ownApplication, requireConsent, manualCompanies, evidence, personOutcome, now } = options;
  const existing = (rows: readonly ApplicationRow[], user: User) => existingApplications(rows, (row) => isOwnedBy(row, user));

  /**
   * The person's own application as the company list names it: the way to it, where it stands, the steps the bank
   * reopened, and for a submitted one whether a signed contract can be downloaded.
   */
  async function ownStatusOf(
    row: ApplicationRow,
  ): Promise<Pick<RepresentativeCompany, 'processId' | 'applicationStatus' | 'reopenedSteps' | 'hasSignedContract'>> {
    const applicationStatus = companyApplicationStatusOf(row) ?? undefined;
    const isSubmitted = applicationStatus === 'SUBMITTED' || applicationStatus === 'APPROVED' || applicationStatus === 'DECLINED';
    return {
      processId: row.processId,
      ...(applicationStatus ? { applicationStatus } : {}),
      ...(applicationStatus === 'MORE_INFORMATION_NEEDED' ? { reopenedSteps: REOPENABLE_STEPS.filter((step) => row.reopenedSteps?.includes(step)) } : {}),
      ...(isSubmitted ? { hasSignedContract: await repository.hasSignedContract(row.processId) } : {}),
    };
  }

  /** docs/requirements.md section 3: what choosing a company leads to, and the application when it leads to one. */
  async function decideAndCreate(user: User, request: CreateApplicationRequest): Promise<CreateApplicationResponse> {
    await requireConsent(user);
    const outcome = await personOutcome(user);
    if (outcome) return { kind: 'OUTCOME', outcome };
    if (request.source === 'MANUAL') return manualCompanies.choose(user, request.company);

    const person = personOf(user);
    const { registryCode, registryCountryCode } = request;
    if (await bankRecords.isCustomer(registryCountryCode, registryCode)) throw new AppError('CONFLICT', 'The company already has an account.');
    const reading = await readCompany(register, registryCountryCode, registryCode, now);
    const registered = reading?.details;
    if (!reading || !registered) throw new AppError('NOT_FOUND', 'No such company in the register.');
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
          // When the register answered: a card it gave a while ago is as old as that (docs/decisions/0035).
          registerQueriedAt: reading.queriedAt,
        },
        actorOf(user),
        // The person's application for the same company typed by hand gives way to this one.
        { person, registryCountryCode, registryCode },
      ),
    );
    await evidence.keep(created.processId, reading.evidence, now());
    return { kind: 'APPLICATION', application: toApplicationView(created) };
  }

  return {
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

    /**
     * The companies the register names the person a representative of, each with what choosing it leads to and, for
     * the person's own application, where it stands now: the bank's latest decision included, so the list never says
     * less than the status page it links to.
     */
    async companies(user: User): Promise<RepresentativeCompanies> {
      await requireConsent(user);
      const companies = await register.companiesOf({ personalId: user.personalId, countryCode: user.personalIdCountryCode });
      const entries = await Promise.all(
        companies.map(async (company): Promise<RepresentativeCompany> => {
          const base = { businessName: company.businessName, registryCode: company.registryCode, registryCountryCode: company.registryCountryCode };
          const rows = await repository.applicationsForCompany(company.registryCountryCode, company.registryCode);
          // An approved application opened the company's account, whoever applied: the online bank is the way on,
          // also while the bank's list of customers does not have the company yet.
          const approved = rows.find((row) => row.status === 'APPROVED');
          if (approved || (await bankRecords.isCustomer(company.registryCountryCode, company.registryCode))) {
            const ownApproved = rows.find((row) => row.status === 'APPROVED' && isOwnedBy(row, user));
            return { ...base, entry: 'EXISTING_ACCOUNT', ...(ownApproved ? await ownStatusOf(ownApproved) : {}) };
          }
          // The person's list already says each company's status: its card (three register queries and more for its
          // owners) is read only for the company chosen.
          const decision = companyDecision({ isRepresentedByPerson: true, status: company.status }, existing(rows, user));
          const named = 'processId' in decision ? rows.find((row) => row.processId === decision.processId) : undefined;
          const own = named ? await ownStatusOf(named) : {};
          if (decision.kind === 'RESUME') return { ...base, entry: 'PENDING_APPLICATION', ...own };
          if (decision.kind === 'OUTCOME') return { ...base, entry: 'BLOCKED', outcome: decision.outcome, ...own };
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
  };
}

export type ChooseCompany = ReturnType<typeof createChooseCompany>;
