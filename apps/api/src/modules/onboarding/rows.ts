import type { applicationEvents, applications, representatives } from '../../db/schema.js';

/** An application as stored: the onboarding module's, read by the others through its entry (index.ts). */
export type ApplicationRow = typeof applications.$inferSelect;
/** The columns a new application is given; the database fills in the rest. */
export type NewApplication = typeof applications.$inferInsert;
export type ApplicationEventRow = typeof applicationEvents.$inferSelect;
export type RepresentativeRow = typeof representatives.$inferSelect;
export type PersonKey = { personalId: string; personalIdCountryCode: string };
