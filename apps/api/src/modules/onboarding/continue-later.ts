import { DEFAULT_LOCALE, isLocale } from '@onboarding/domain';
import { AppError } from '../../errors.js';
import { continueLaterRequested } from './flow/transitions.js';
import type { WritePath } from './flow/write-path.js';
import { companySourceOf, confirmedEmailOf, personKeyOf } from './mail-recipient.js';
import type { OnboardingRepository } from './onboarding-repository.js';
import { assertWritable, type OwnApplication } from './owned-application.js';
import { actorOf, personOf, type User } from './user.js';

export type ContinueLaterOptions = {
  repository: Pick<OnboardingRepository, 'findRepresentative'>;
  writes: Pick<WritePath, 'writeOrConflict'>;
  ownApplication: OwnApplication;
};

/** Save and continue later (docs/requirements.md sections 1 and 4): a link back to the application, mailed. */
export function createContinueLater({ repository, writes, ownApplication }: ContinueLaterOptions) {
  return {
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

export type ContinueLater = ReturnType<typeof createContinueLater>;
