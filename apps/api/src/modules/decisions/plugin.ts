import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import type { BankCustomers } from '../customers/index.js';
import type { Applications } from '../onboarding/index.js';
import { createDecisionsService, type DecisionsService, type DecisionsServiceOptions } from './decisions-service.js';

export type { RecordDecisionHooks, RecordDecisionInput } from './decisions-service.js';

/** What the integration API calls to record a bank's decision (its route is the integration module's). */
export type DecisionsModule = Pick<DecisionsService, 'recordDecision'>;

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    decisions: DecisionsModule;
  }
}

export type DecisionsPluginOptions = {
  database: Database;
  /** The onboarding module's applications: the decision is a transition of their flow, written by their write path. */
  applications: Applications;
  /** The bank's customers: an APPROVED decision adds the company. */
  customers: Pick<BankCustomers, 'add'>;
  /** The account a FEE_INVOICED is paid to, from the configuration; undefined: the bank sends its invoice itself. */
  serviceFeePayee: DecisionsServiceOptions['serviceFeePayee'];
};

/**
 * The bank's decisions on submitted applications, over the onboarding module's applications. No route of its own:
 * `app.decisions.recordDecision` is what the integration API's route calls.
 */
export function registerDecisions(app: FastifyInstance, { database, applications, customers, serviceFeePayee }: DecisionsPluginOptions): DecisionsModule {
  const service = createDecisionsService({ db: database.db, applications, customers, serviceFeePayee });
  const decisions: DecisionsModule = { recordDecision: service.recordDecision };
  app.decorate('decisions', decisions);
  return decisions;
}
