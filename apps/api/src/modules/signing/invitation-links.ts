import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_SENDS_MAX, type AccessTokenPayload, type Invitation, type InvitationStatus, type Locale } from '@onboarding/domain';
import { personKeyOf, type ApplicationRow } from '../onboarding/index.js';
import type { InvitationRow } from './invitation-repository.js';

/**
 * What every invitation shares (decisions 39 and 40), whether it asks to sign or to give one's details: the link's
 * token, kept only as its hash; how it stands now; and its mail.
 */

type User = Pick<AccessTokenPayload, 'personalId' | 'personalIdCountryCode' | 'givenName' | 'surname'>;

/** The link's token is kept only as its hash: whoever reads the table cannot rebuild a link. */
export const tokenHashOf = (token: string): string => createHash('sha256').update(token).digest('base64url');
export const newToken = (): string => randomBytes(32).toString('base64url');

/** PENDING past its time reads as EXPIRED: nothing needs to run when the time passes. */
export const invitationStatusOf = (row: InvitationRow, now: Date): InvitationStatus =>
  row.status === 'PENDING' && row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : (row.status as InvitationStatus);

const formatDay = (day: Date, language: Locale): string =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Tallinn' }).format(day);

/** An invitation as the applicant sees it. */
export function invitationOf(row: InvitationRow, now: Date): Invitation {
  const status = invitationStatusOf(row, now);
  return {
    invitationId: row.id,
    status,
    email: row.email,
    language: row.language as Locale,
    sendCount: row.sendCount,
    maySendAgain: status === 'PENDING' && row.sendCount < INVITATION_SENDS_MAX,
    lastSentAt: row.lastSentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    declineReason: row.declineReason,
  };
}

/** The mail of an invitation with a fresh token: the first, or again (the old link then opens nothing). */
export function invitationMailOf(
  application: ApplicationRow,
  user: User,
  row: Pick<InvitationRow, 'email' | 'language' | 'firstName' | 'lastName' | 'expiresAt'>,
  token: string,
) {
  const language = row.language as Locale;
  return {
    to: row.email,
    language,
    processId: application.processId,
    personKey: personKeyOf(user),
    token,
    params: {
      inviteeName: `${row.firstName} ${row.lastName}`,
      applicantName: `${user.givenName} ${user.surname}`,
      businessName: application.companyName,
      registryCode: application.companyRegistryCode ?? '',
      // The last whole day it opens: the day before it expires, where it expires at the start of a day.
      validUntil: formatDay(new Date(row.expiresAt.getTime() - 1), language),
    },
  };
}
