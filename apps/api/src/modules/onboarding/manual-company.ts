import { cleanRegistryCode, DEFAULT_COUNTRY_CODE, MAX_OPEN_MANUAL_APPLICATIONS, type CreateApplicationResponse, type ManualCompany } from '@onboarding/domain';
import { AppError } from '../../errors.js';
import { toApplicationView } from './application-view.js';
import { companyDecision, existingApplications, registryCodelessWindowStart } from './flow/application-flow.js';
import { applicationCreated } from './flow/transitions.js';
import type { WritePath } from './flow/write-path.js';
import type { OnboardingRepository } from './onboarding-repository.js';
import type { OwnApplication } from './owned-application.js';
import type { BankRecords, Register } from './ports.js';
import type { ApplicationRow, PersonKey } from './rows.js';
import { actorOf, isOwnedBy, personOf, type User } from './user.js';

export type ManualCompaniesOptions = {
  repository: Pick<OnboardingRepository, 'openManualApplicationCount' | 'latestRegistryCodelessApplication' | 'applicationsForCompany'>;
  register: Pick<Register, 'company' | 'companiesNamed' | 'companiesOf'>;
  bankRecords: BankRecords;
  writes: Pick<WritePath, 'write'>;
  ownApplication: OwnApplication;
  now: () => Date;
};

/** Applications for companies typed by hand: the register does not know them, so the applicant's word is all there is. */
export function createManualCompanies({ repository, register, bankRecords, writes, ownApplication, now }: ManualCompaniesOptions) {
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
    const isRepresented = represented.some(
      (candidate) => candidate.registryCode === known.registryCode && candidate.registryCountryCode === known.registryCountryCode,
    );
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

  return {
    /**
     * docs/requirements.md section 3 for a company typed by hand: without a registry code, one application per 30 days (a repeat
     * leads to the pending one); with a foreign code, one application at a time per code, as for any company.
     */
    async choose(user: User, company: ManualCompany): Promise<CreateApplicationResponse> {
      const person = personOf(user);
      await refuseRegisteredCompany(person, company);
      if (!company.registryCode) {
        const pending = await repository.latestRegistryCodelessApplication(person, registryCodelessWindowStart(now()));
        if (pending?.status === 'SUBMITTED') return { kind: 'OUTCOME', outcome: 'ALREADY_SUBMITTED', processId: pending.processId };
        if (pending) return { kind: 'APPLICATION', application: toApplicationView(pending) };
        return { kind: 'APPLICATION', application: toApplicationView(await createManualApplication(user, company, null)) };
      }
      // A foreign company: the register has nothing to say, so one application at a time per code, as for any company.
      const registryCode = cleanRegistryCode(company.registryCode);
      if (await bankRecords.isCustomer(company.registryCountryCode, registryCode)) throw new AppError('CONFLICT', 'The company already has an account.');
      const rows = await repository.applicationsForCompany(company.registryCountryCode, registryCode);
      const decision = companyDecision(
        { isRepresentedByPerson: true, status: 'ACTIVE' },
        existingApplications(rows, (row) => isOwnedBy(row, user)),
      );
      if (decision.kind === 'OUTCOME') return decision;
      if (decision.kind === 'RESUME') return { kind: 'APPLICATION', application: toApplicationView(await ownApplication(decision.processId, user)) };
      return { kind: 'APPLICATION', application: toApplicationView(await createManualApplication(user, company, registryCode)) };
    },
  };
}

export type ManualCompanies = ReturnType<typeof createManualCompanies>;
