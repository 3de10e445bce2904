import type { PersonalInformation, Representative } from '@onboarding/domain';
import { AppError } from '../../errors.js';
import { confirmedEmailOf } from './mail-recipient.js';
import type { OnboardingRepository } from './onboarding-repository.js';
import { personOf, type User } from './user.js';

export type RepresentativesOptions = {
  repository: Pick<OnboardingRepository, 'findRepresentative' | 'saveRepresentative'>;
  now: () => Date;
};

/** The signed-in representative's own details: e-mail, phone, language, and the consent to registry queries. */
export function createRepresentatives({ repository, now }: RepresentativesOptions) {
  async function representative(user: User): Promise<Representative> {
    const row = await repository.findRepresentative(personOf(user));
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
