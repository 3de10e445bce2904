import { AppError } from '../../errors.js';
import type { OnboardingRepository } from './onboarding-repository.js';
import type { ApplicationRow } from './rows.js';
import { personOf, type User } from './user.js';

/** Reads an application for its owner: every route on an application starts here. */
export type OwnApplication = (processId: string, user: User) => Promise<ApplicationRow>;

/** The application, if it is this user's; anyone else learns nothing, not even that it exists (nor from the time it takes). */
export const ownApplicationFrom =
  (repository: Pick<OnboardingRepository, 'findOwnedApplication'>): OwnApplication =>
  async (processId, user) => {
    const application = await repository.findOwnedApplication(processId, personOf(user));
    if (!application) throw new AppError('NOT_FOUND', 'No such application.');
    return application;
  };

/** Only an application in progress may be changed by its applicant. */
export function assertWritable(application: ApplicationRow): void {
  if (application.status !== 'IN_PROGRESS') throw new AppError('CONFLICT', `The application is ${application.status.toLowerCase().replace('_', ' ')}.`);
}
