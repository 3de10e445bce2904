import { personalIdCheckDigit } from '@onboarding/domain';
import { completeSteps, type ApplicationSubject } from '@onboarding/domain/test-support';

/**
 * Made-up representatives for the load: the n-th one has a valid Estonian
 * personal code of its own (nobody in the simulators' or register's tables,
 * so no outcome stops them and the ID-card stand-in signs for them), and a
 * company typed by hand without a registry code. Each scenario takes its own
 * range of n so no two share a person.
 */
export function benchSubject(n: number): ApplicationSubject {
  // 900 serial numbers a day from 1 January 1960: 3.3 million people before 1970.
  const day = Math.floor(n / 900);
  const serial = 100 + (n % 900);
  const birth = new Date(Date.UTC(1960, 0, 1) + day * 86_400_000);
  const yy = String(birth.getUTCFullYear() % 100).padStart(2, '0');
  const mm = String(birth.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(birth.getUTCDate()).padStart(2, '0');
  const firstTen = `3${yy}${mm}${dd}${String(serial)}`;
  const personalId = `${firstTen}${String(personalIdCheckDigit(firstTen))}`;
  return {
    company: { businessName: `Koormus ${String(n)} OÜ`, registryCode: '' },
    person: { personalId, firstName: 'Koormus', lastName: `Test${String(n)}`, birthDate: birth.toISOString().slice(0, 10) },
  };
}

/** The five steps of a complete application of the subject, as PUT steps/:step takes them. */
export const stepsOf = (subject: ApplicationSubject) => completeSteps(subject);

export const PERSONAL_INFORMATION = { email: 'koormus@example.ee', phone: '+372 5123 4567', hasConsentedToRegistryQueries: true, language: 'et' } as const;

export const magicSignInBody = (subject: ApplicationSubject) => ({
  personalId: subject.person.personalId,
  givenName: subject.person.firstName,
  surname: subject.person.lastName,
});

export const manualCompanyBody = (subject: ApplicationSubject) => ({
  source: 'MANUAL',
  company: { businessName: subject.company.businessName, registryCountryCode: 'EE' },
});
