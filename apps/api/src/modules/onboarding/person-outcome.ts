import type { PersonOutcome } from '@onboarding/domain';
import { representativeOutcome } from './flow/application-flow.js';
import type { Register } from './ports.js';
import { personOf, type User } from './user.js';

export type PersonOutcomeOptions = { register: Pick<Register, 'person'>; now: () => Date };

/**
 * What stops the person whatever the company (docs/requirements.md section 4): a minor, by the personal code; an
 * identity document the population register holds invalid. Asked right after sign-in, so the person hears of it
 * before typing anything (decision 46), and again when a company is chosen, where it stops the application.
 */
export function createPersonOutcome({ register, now }: PersonOutcomeOptions) {
  return async (user: Pick<User, 'personalId' | 'personalIdCountryCode'>): Promise<PersonOutcome | undefined> => {
    const person = await register.person(user.personalId, user.personalIdCountryCode);
    // A person the register knows must hold a valid document; one it does not know is checked in person later.
    const hasValidIdentityDocument = person ? person.identityDocument?.isValid === true : undefined;
    return representativeOutcome({ ...personOf(user), hasValidIdentityDocument }, now());
  };
}

export type PersonOutcomeOf = ReturnType<typeof createPersonOutcome>;
