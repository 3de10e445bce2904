import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { DEFAULT_LOCALE, EMAIL_CONFIRMATION_CODE_LENGTH, isLocale, type AccessTokenPayload, type EmailConfirmationCodeSent } from '@onboarding/domain';
import { AppError } from '../../errors.js';
import type { EmailConfirmationRepository } from './email-confirmation-repository.js';
import { personKeyOf } from './mail-recipient.js';
import type { OnboardingRepository } from './onboarding-repository.js';
import type { PersonKey } from './rows.js';
import type { MailModule } from '../mail/index.js';

/** How long a code is good for, and how many wrong tries it takes. */
export const CODE_VALID_MINUTES = 10;
export const CODE_TRIES = 5;

type User = Pick<AccessTokenPayload, 'personalId' | 'personalIdCountryCode' | 'givenName' | 'surname'>;

export type EmailConfirmationOptions = {
  repository: EmailConfirmationRepository;
  onboardingRepository: Pick<OnboardingRepository, 'findRepresentative'>;
  mail: Pick<MailModule, 'enqueueEmailConfirmationCode'> & { sender: Pick<MailModule['sender'], 'wake'> };
};

const personOf = (user: User): PersonKey => ({ personalId: user.personalId, personalIdCountryCode: user.personalIdCountryCode });

/**
 * The code is hashed with the person and the address it was sent to: the stored hash confirms that address for that
 * person only. A 6-digit code is short, so the hash is no secret against someone who reads the table; what keeps the
 * code unguessable is its few tries and short life.
 */
const hashOf = (person: PersonKey, email: string, code: string): string =>
  createHash('sha256')
    .update(`${personKeyOf(person)}\n${email}\n${code}`)
    .digest('hex');

const isSameHash = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const newCode = (): string => String(randomInt(0, 10 ** EMAIL_CONFIRMATION_CODE_LENGTH)).padStart(EMAIL_CONFIRMATION_CODE_LENGTH, '0');

/**
 * Confirming the representative's e-mail address (personal information screen): mail goes only to an address the
 * person typed back a code from, so the bank's sender cannot be pointed at anyone else's mailbox.
 */
export function createEmailConfirmation({ repository, onboardingRepository, mail }: EmailConfirmationOptions) {
  return {
    /**
     * Mails a new code to the saved address; the earlier code stops working. 409 CONFLICT without a saved address or
     * when it is confirmed already; 429 RATE_LIMITED beyond the codes a person may have sent in a day.
     */
    async sendCode(user: User): Promise<EmailConfirmationCodeSent> {
      const person = personOf(user);
      const representative = await onboardingRepository.findRepresentative(person);
      if (!representative?.email) throw new AppError('CONFLICT', 'Give an e-mail address first.');
      if (representative.emailConfirmedAt) throw new AppError('CONFLICT', 'The e-mail address is confirmed already.');
      const email = representative.email;
      const code = newCode();
      await repository.db.transaction(async (tx) => {
        // The mail first: it takes the limits' locks before anything else in this transaction, and a refusal writes nothing.
        await mail.enqueueEmailConfirmationCode(
          {
            to: email,
            language: isLocale(representative.language) ? representative.language : DEFAULT_LOCALE,
            personKey: personKeyOf(person),
            params: { representativeName: `${user.givenName} ${user.surname}`, code, validMinutes: CODE_VALID_MINUTES },
          },
          tx,
        );
        await repository.replaceCode(tx, person, { email, codeHash: hashOf(person, email, code), tries: CODE_TRIES, validSeconds: CODE_VALID_MINUTES * 60 });
      });
      mail.sender.wake();
      return { email, validMinutes: CODE_VALID_MINUTES };
    },

    /**
     * Confirms the saved address with its code. A wrong code is 400 VALIDATION_FAILED on `code` with the tries left;
     * a code that is used up, expired, replaced or never sent, or sent to an address no longer saved, is
     * `confirmationCodeExpired`: only a new code helps.
     */
    async confirm(user: User, code: string): Promise<void> {
      const person = personOf(user);
      const expired = new AppError('VALIDATION_FAILED', { fields: [{ path: 'code', code: 'confirmationCodeExpired', params: {} }] });
      const spent = await repository.spendTry(person);
      if (!spent) throw expired;
      if (!isSameHash(hashOf(person, spent.email, code), spent.codeHash)) {
        if (spent.triesLeft === 0) throw expired;
        throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'code', code: 'wrongConfirmationCode', params: { triesLeft: spent.triesLeft } }] });
      }
      if (!(await repository.confirm(person, spent.email))) throw expired;
    },
  };
}

export type EmailConfirmation = ReturnType<typeof createEmailConfirmation>;
