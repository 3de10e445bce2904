import { completeSteps, JAAK_KRISTJAN } from '@onboarding/domain/test-support';

/**
 * The step data of a complete application as stored in `applications.step_data` (about 2.3 KB of JSON):
 * what the seeded rows are made from (seed.ts), and what the write floor's rows hold (floor-server.ts).
 */
export const STEP_DATA_TEMPLATE = JSON.stringify(Object.fromEntries(completeSteps(JAAK_KRISTJAN)));
