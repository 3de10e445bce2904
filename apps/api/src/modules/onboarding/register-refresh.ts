import { DISCREPANCY_STEP, registerChangesOf, type RegisterChange } from '@onboarding/domain';
import { AppError } from '../../errors.js';
import { registerOf } from './application-view.js';
import { factsOf } from './facts.js';
import { registerChanged, registerChecked } from './flow/transitions.js';
import type { WritePath } from './flow/write-path.js';
import type { Register } from './ports.js';
import { readCompany, type RegisterEvidenceStore } from './register-evidence.js';
import type { ApplicationRow } from './rows.js';
import { personOf, type User } from './user.js';

export type RegisterRefreshOptions = {
  register: Pick<Register, 'company' | 'companyReading'>;
  /** Where the register's answers behind the facts read again are kept. */
  evidence: RegisterEvidenceStore;
  writes: Pick<WritePath, 'write' | 'writeOrConflict'>;
  /** Signing starts only on register facts at most this old; older ones are read again. */
  maxAgeMs: number;
  now: () => Date;
};

/** Reading the business register again before a contract is signed on what it said (docs/requirements.md section 4). */
export function createRegisterRefresh({ register, evidence, writes, maxAgeMs, now }: RegisterRefreshOptions) {
  return {
    /**
     * The application with register facts at most `maxAgeMs` old, read again when older. When the register now says
     * something else, the new card is kept, the steps it touches reopen, and REGISTER_CHANGED says what changed:
     * nothing is signed on facts the applicant has not seen.
     */
    async withFreshRegisterFacts(application: ApplicationRow, user: User): Promise<ApplicationRow> {
      if (application.companySource !== 'REGISTER' || !application.companyRegistryCode) return application;
      const queriedAt = application.registerQueriedAt?.getTime();
      if (queriedAt !== undefined && now().getTime() - queriedAt <= maxAgeMs) return application;

      const before = registerOf(application)?.details;
      const read = await readCompany(register, application.companyRegistryCountryCode, application.companyRegistryCode, now);
      const after = read?.details;
      // The register no longer knowing the company is as final as its deletion.
      const details = after ?? (before ? { ...before, status: 'DELETED' as const } : undefined);
      // The answer's own query time, never the time of this check: an answer the register gave a while ago (the
      // stored answers, register-cache.ts) must not count as newer than it is (docs/decisions/0035).
      const reading = { registerFacts: details ?? null, registerQueriedAt: details ? (read?.queriedAt ?? now()) : null };
      await evidence.keep(application.processId, read?.evidence ?? [], now());
      const refreshed: ApplicationRow = { ...application, ...reading };
      const changes: RegisterChange[] = before
        ? registerChangesOf(before, after, personOf(user))
        : // Read for the first time (an application from before the register was kept): what contradicts it is news too.
          factsOf(refreshed, user).discrepancies.map((discrepancy) => ({ fact: discrepancy.fact, step: DISCREPANCY_STEP[discrepancy.fact] }));

      if (changes.length === 0) {
        // The same facts: only the time of the check moves, and the version stays, so a contract drawn up already holds.
        return writes.write(registerChecked(application, reading));
      }
      await writes.writeOrConflict(registerChanged(application, reading, changes), application.version);
      throw new AppError('REGISTER_CHANGED', { registerChanges: changes });
    },
  };
}

export type RegisterRefresh = ReturnType<typeof createRegisterRefresh>;
