import { todayInEstonia } from './calendar.js';
import { parsePersonalId } from './personal-id.js';

/**
 * Adulthood in Estonia; a minor must come to a bank office with a parent or legal representative
 * (docs/requirements.md section 1).
 */
export const ADULT_AGE = 18;

/** Full years between a yyyy-MM-dd birth date and a day (yyyy-MM-dd, or a moment, read as its day in Estonia). */
export const ageOn = (birthDate: string, today: string | Date): number => {
  const day = typeof today === 'string' ? today : todayInEstonia(today);
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  // Month and day compare as text because both are zero-padded.
  return day.slice(5) < birthDate.slice(5) ? years - 1 : years;
};

/**
 * Whether a signed-in person is a minor on the day, as their personal code tells: the one age rule of the
 * product, which the server applies before any company is chosen and the web app at the first screen after
 * sign-in. Only an Estonian code tells the birth date; of anyone else the age is not known here (false).
 */
export function isMinorOn(person: { personalId: string; personalIdCountryCode: string }, today: string | Date): boolean {
  if (person.personalIdCountryCode !== 'EE') return false;
  const birthDate = parsePersonalId(person.personalId)?.birthDate;
  return birthDate !== undefined && ageOn(birthDate, today) < ADULT_AGE;
}
