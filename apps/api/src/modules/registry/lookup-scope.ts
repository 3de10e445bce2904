import { cleanRegistryCode, type RegisterShareholder } from '@onboarding/domain';
import type { BusinessRegister, RegisterCompany, RegisterCompanyDetails, RegisterPersonData } from './business-register.js';

/** One of the signed-in person's own applications, as far as the look-up scope reads it. */
export type OwnApplication = {
  status: string;
  registryCountryCode: string;
  registryCode: string | null;
  /** The register card the application holds; null when the register did not know the company. */
  card: RegisterCompanyDetails | null;
};

/** What the signed-in person may look up in the registers (docs/requirements.md section 5, auto-fill). */
export type LookupScope = {
  hasCompany(registryCountryCode: string, registryCode: string): boolean;
  hasPerson(personalIdCountryCode: string, personalId: string): boolean;
};

const companyKey = (registryCountryCode: string, registryCode: string) => `${registryCountryCode.trim().toUpperCase()}:${cleanRegistryCode(registryCode)}`;
const personKey = (countryCode: string, personalId: string) => `${countryCode.trim().toUpperCase()}:${personalId.trim()}`;

/** Every private person a card names: board, supervisory board, procura holders, beneficial owners and shareholders at any depth. */
function personsNamedIn(card: RegisterCompanyDetails): RegisterPersonData[] {
  const shareholders = (list: readonly RegisterShareholder[]): RegisterPersonData[] =>
    list.flatMap((holder) => (holder.type === 'PRIVATE_PERSON' ? [holder] : shareholders(holder.shareholders)));
  return [
    ...card.managementBoardMembers,
    ...card.supervisoryBoardMembers,
    ...card.authorizedPersons,
    ...card.beneficialOwners,
    ...shareholders(card.shareholders),
  ];
}

/** Every company a card names among its owners, at any depth of the chain it nests. */
function ownerCompaniesIn(list: readonly RegisterShareholder[]): { registryCountryCode: string; registryCode: string }[] {
  return list.flatMap((holder) => (holder.type === 'LEGAL_ENTITY' ? [holder, ...ownerCompaniesIn(holder.shareholders)] : []));
}

/**
 * The register look-ups answer on a need-to-know basis, or anyone signed in
 * could harvest the personal codes and birth dates of any company's board and
 * owners. A person may look up:
 * - the companies they represent (the choose-company list, so its manual form
 *   can offer the name);
 * - the company of each of their applications in progress and every company in
 *   its chain of owners, as far as the register gives cards: the company and
 *   related persons steps are filled from these;
 * - the persons those cards name, for the related persons step.
 * A submitted or closed application fills no form any more, so it opens nothing.
 * The scope depends only on who asks, never on what they ask for, so a look-up
 * outside it does the same work as one of a code the register does not have.
 */
export async function lookupScopeOf(
  {
    represented,
    applications,
  }: { represented: readonly Pick<RegisterCompany, 'registryCountryCode' | 'registryCode'>[]; applications: readonly OwnApplication[] },
  register: Pick<BusinessRegister, 'company'>,
): Promise<LookupScope> {
  const companies = new Set(represented.map((company) => companyKey(company.registryCountryCode, company.registryCode)));
  const persons = new Set<string>();
  // Walked once each: two applications may share owners, and a chain may come back to a company.
  const walked = new Set<string>();

  const walk = async (registryCountryCode: string, registryCode: string, held: RegisterCompanyDetails | null): Promise<void> => {
    const key = companyKey(registryCountryCode, registryCode);
    if (walked.has(key)) return;
    walked.add(key);
    companies.add(key);
    // The application's own card is the one its forms are filled from; an owner's is the register's.
    const card = held ?? (await register.company(registryCountryCode, registryCode));
    if (!card) return;
    for (const person of personsNamedIn(card)) {
      if (person.personalId !== undefined) persons.add(personKey(person.personalIdCountryCode, person.personalId));
    }
    for (const owner of ownerCompaniesIn(card.shareholders)) await walk(owner.registryCountryCode, owner.registryCode, null);
  };

  for (const application of applications) {
    if (application.status !== 'IN_PROGRESS' || application.registryCode === null) continue;
    await walk(application.registryCountryCode, application.registryCode, application.card);
  }

  return {
    hasCompany: (registryCountryCode, registryCode) => companies.has(companyKey(registryCountryCode, registryCode)),
    hasPerson: (personalIdCountryCode, personalId) => persons.has(personKey(personalIdCountryCode, personalId)),
  };
}
