import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.js';
import { emailConfirmationCodes, representatives } from '../../db/schema.js';
import type { PersonKey } from './rows.js';

/** A try at a code, taken before the code is compared: what is left of it. */
export type SpentTry = { email: string; codeHash: string; triesLeft: number };

const ofPerson = (person: PersonKey) =>
  and(eq(emailConfirmationCodes.personalId, person.personalId), eq(emailConfirmationCodes.personalIdCountryCode, person.personalIdCountryCode));

/** Every query of the e-mail confirmation. Times are the database's, so every instance agrees on a code's expiry. */
export function createEmailConfirmationRepository(db: Db) {
  return {
    db,

    /** The person's one open code, replacing any earlier one (with its tries). */
    async replaceCode(tx: Executor, person: PersonKey, code: { email: string; codeHash: string; tries: number; validSeconds: number }): Promise<void> {
      const values = {
        email: code.email,
        codeHash: code.codeHash,
        triesLeft: code.tries,
        expiresAt: sql`now() + make_interval(secs => ${code.validSeconds})`,
        createdAt: sql`now()`,
      };
      await tx
        .insert(emailConfirmationCodes)
        .values({ ...person, ...values })
        .onConflictDoUpdate({ target: [emailConfirmationCodes.personalId, emailConfirmationCodes.personalIdCountryCode], set: values });
    },

    /**
     * Takes one try of the person's open code, if it has one left and has not expired, in one statement: requests
     * at the same moment each take their own, so no more guesses are compared than the code allows.
     */
    async spendTry(person: PersonKey): Promise<SpentTry | undefined> {
      const [row] = await db
        .update(emailConfirmationCodes)
        .set({ triesLeft: sql`${emailConfirmationCodes.triesLeft} - 1` })
        .where(and(ofPerson(person), sql`${emailConfirmationCodes.triesLeft} > 0`, sql`${emailConfirmationCodes.expiresAt} > now()`))
        .returning({ email: emailConfirmationCodes.email, codeHash: emailConfirmationCodes.codeHash, triesLeft: emailConfirmationCodes.triesLeft });
      return row;
    },

    /**
     * Marks `email` confirmed if it is still the person's saved address, and removes the code, in one transaction.
     * False when the person saved another address since the code was sent: that one is not confirmed by it.
     */
    async confirm(person: PersonKey, email: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.delete(emailConfirmationCodes).where(ofPerson(person));
        const confirmed = await tx
          .update(representatives)
          .set({ emailConfirmedAt: sql`now()` })
          .where(
            and(
              eq(representatives.personalId, person.personalId),
              eq(representatives.personalIdCountryCode, person.personalIdCountryCode),
              eq(representatives.email, email),
            ),
          )
          .returning({ email: representatives.email });
        return confirmed.length > 0;
      });
    },
  };
}

export type EmailConfirmationRepository = ReturnType<typeof createEmailConfirmationRepository>;
