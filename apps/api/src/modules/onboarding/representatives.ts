import type { PersonalInformation, Representative } from '@onboarding/domain';
import { AppError } from '../../errors.js';
import { confirmedEmailOf } from './mail-recipient.js';
import type { OnboardingRepository } from './onboarding-repository.js';
import type { PersonOutcomeOf } from './person-outcome.js';
import { personOf, type User } from './user.js';

export type RepresentativesOptions = {
  repository: Pick<OnboardingRepository, 'findRepresentative' | 'saveRepresentative'>;
  personOutcome: PersonOutcomeOf;
  now: () => Date;
};

/**
 * The signed-in representative's own details: e-mail, phone, language, the consent to registry queries, and what
 * stops the person whatever the company.
 */
export function createRepresentatives({ repository, personOutcome, now }: RepresentativesOptions) {
  async function representative(user: User): Promise<Representative> {
    const [row, outcome] = await Promise.all([repository.findRepresentative(personOf(user)), personOutcome(user)]);
    return {
      ...personOf(user),
      givenName: user.givenName,
      surname: user.surname,
      email: row?.email ?? null,
      phone: row?.phone ?? null,
      language: (row?.language ?? null) as Representative['language'],
      hasConsentedToRegistryQueries: !!row?.consentedAt,
      consentedAt: row?.consentedAt?.toISOString() ?? null,
      isEmailConfirmed: confirmedEmailOf(row) !== undefined,
      personOutcome: outcome ?? null,
    };
  }

  return {
    /** docs/requirements.md section 1: the bank asks the registers only after the representative consented to it. */
    async requireConsent(user: Pick<User, 'personalId' | 'personalIdCountryCode'>): Promise<void> {
      const row = await repository.findRepresentative(personOf(user));
      if (!row?.consentedAt) throw new AppError('CONSENT_REQUIRED');
    },

    representative,

    async savePersonalInformation(user: User, information: PersonalInformation): Promise<Representative> {
      await repository.saveRepresentative(personOf(user), {
        email: information.email,
        phone: information.phone,
        language: information.language,
        consentedAt: now(),
      });
      return representative(user);
    },
  };
}

export type Representatives = ReturnType<typeof createRepresentatives>;
