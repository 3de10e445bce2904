import type { EconomicActivitiesResponse } from '@onboarding/domain';
import { EMTAK_ACTIVITIES, type EmtakActivity } from './emtak-activities.js';
import { EMTAK_DIVISIONS } from './emtak-divisions.js';
import { EMTAK_SECTIONS } from './emtak-sections.js';

/**
 * EMTAK 2008 is what the e-Business Register reports for most companies and
 * what our data covers; EMTAK 2025 (NACE Rev. 2.1, in force since 1 January
 * 2025) renumbers many codes, so it would be a second list, not an edit of this one.
 */
export const EMTAK_VERSION = 'EMTAK 2008';

/** Groups the flat lists into sections → divisions → codes; a code without its division is a data error, so it throws. */
export function buildEconomicActivities(): EconomicActivitiesResponse {
  const activitiesByDivision = new Map<string, EmtakActivity[]>();
  for (const activity of EMTAK_ACTIVITIES) {
    const division = activity.code.slice(0, 2);
    if (!EMTAK_DIVISIONS.some(({ code }) => code === division)) throw new Error(`EMTAK ${activity.code} has no division ${division}`);
    activitiesByDivision.set(division, [...(activitiesByDivision.get(division) ?? []), activity]);
  }
  for (const division of EMTAK_DIVISIONS) {
    if (!EMTAK_SECTIONS.some(({ code }) => code === division.section)) throw new Error(`EMTAK division ${division.code} has no section ${division.section}`);
  }

  return {
    version: EMTAK_VERSION,
    sections: EMTAK_SECTIONS.map((section) => ({
      ...section,
      divisions: EMTAK_DIVISIONS.filter((division) => division.section === section.code).map(({ code, name }) => ({
        code,
        name,
        activities: activitiesByDivision.get(code) ?? [],
      })),
    })),
  };
}
