import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per account-opening application. The server owns the application:
 * `current_step` decides the screen (SPEC.md sections 2 and 4), `step_data`
 * holds what the representative entered, keyed by step, and `version` makes
 * every change an optimistic, all-or-nothing write.
 */
export const applications = pgTable(
  'applications',
  {
    processId: uuid('process_id').primaryKey().defaultRandom(),
    representativePersonalId: text('representative_personal_id').notNull(),
    representativeCountryCode: text('representative_country_code').notNull().default('EE'),
    companyName: text('company_name').notNull(),
    /** Null when the company has no registry code yet (SPEC.md section 3). */
    companyRegistryCode: text('company_registry_code'),
    companyRegistryCountryCode: text('company_registry_country_code').notNull().default('EE'),
    currentStep: text('current_step').notNull().default('AccountOpeningReason'),
    stepData: jsonb('step_data').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('IN_PROGRESS'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (table) => [
    index('applications_representative_idx').on(table.representativePersonalId, table.representativeCountryCode),
    index('applications_company_idx').on(table.companyRegistryCountryCode, table.companyRegistryCode),
    check(
      'applications_status_check',
      sql`${table.status} in ('IN_PROGRESS', 'SUBMITTED', 'VISIT_BANK', 'SUPERSEDED', 'CANCELLED')`,
    ),
    check('applications_version_check', sql`${table.version} >= 1`),
  ],
);

/**
 * Append-only history of every application change and decision: what happened,
 * who did it and with which data. A trigger (migration 0001) refuses UPDATE and
 * DELETE, so the history can be trusted as evidence.
 */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    processId: uuid('process_id')
      .notNull()
      .references(() => applications.processId),
    type: text('type').notNull(),
    /** Personal ID of the person who caused the event, or `system`. */
    actor: text('actor').notNull(),
    applicationVersion: integer('application_version').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('application_events_process_idx').on(table.processId, table.id)],
);

export const schema = { applications, applicationEvents };
