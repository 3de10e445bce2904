import { DEFAULT_COUNTRY_CODE } from '@onboarding/domain';
import type { BusinessRegister, RegisterReading } from './business-register.js';
import type { RikCompanyRecord, RikRegister } from './rik/rik-register.js';

/** The record's card with its answers; its query time is the oldest answer's, so a card kept a while never looks newer than it is. */
export const readingOf = (record: RikCompanyRecord): RegisterReading => {
  const times = record.evidence.map((evidence) => Date.parse(evidence.queriedAt)).filter((time) => Number.isFinite(time));
  // A record always holds the card's answer; without one it could only have been read just now.
  return { details: record.details, queriedAt: times.length > 0 ? new Date(Math.min(...times)) : new Date(), evidence: record.evidence };
};

/** The RIK register with `companyReading`: `company()` and the answers it was read from, for the application's evidence. */
export const withCompanyReadings = (register: RikRegister): BusinessRegister => ({
  companiesOf: (person) => register.companiesOf(person),
  company: (registryCountryCode, registryCode) => register.company(registryCountryCode, registryCode),
  companiesNamed: (businessName) => register.companiesNamed(businessName),
  person: (personalId, countryCode) => register.person(personalId, countryCode),
  companyReading: async (registryCountryCode, registryCode) => {
    // The Estonian register holds Estonian companies only (as company() says).
    if (registryCountryCode.trim().toUpperCase() !== DEFAULT_COUNTRY_CODE) return undefined;
    const record = await register.record(registryCode);
    return record ? readingOf(record) : undefined;
  },
});
