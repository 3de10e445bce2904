import type { AccessTokenPayload } from '@onboarding/domain';
import type { ApplicationRow, PersonKey } from './rows.js';

/** The signed-in representative, as the verified token names them: every identity comes from it, never from a body. */
export type User = Pick<AccessTokenPayload, 'personalId' | 'personalIdCountryCode' | 'givenName' | 'surname'>;

export const personOf = (user: Pick<User, 'personalId' | 'personalIdCountryCode'>): PersonKey => ({
  personalId: user.personalId,
  personalIdCountryCode: user.personalIdCountryCode,
});

/** The person as the history names an actor: `EE38001085718`. */
export const actorOf = (user: Pick<User, 'personalId' | 'personalIdCountryCode'>): string => `${user.personalIdCountryCode}${user.personalId}`;

export const isOwnedBy = (application: ApplicationRow, user: Pick<User, 'personalId' | 'personalIdCountryCode'>): boolean =>
  application.representativePersonalId === user.personalId && application.representativeCountryCode === user.personalIdCountryCode;
