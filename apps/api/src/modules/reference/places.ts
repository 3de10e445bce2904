import type { PlacesResponse } from '@onboarding/domain';
import { COUNTIES } from './counties.js';
import { DISTRICTS } from './districts.js';

/** Counties with their districts, each in the order of the lists; a district without its county is a data error. */
export function buildPlaces(): PlacesResponse {
  for (const district of DISTRICTS) {
    if (!COUNTIES.some(({ code }) => code === district.countyCode)) throw new Error(`district ${district.name} has no county ${district.countyCode}`);
  }
  return {
    counties: COUNTIES.map((county) => ({
      ...county,
      districts: DISTRICTS.filter((district) => district.countyCode === county.code).map(({ code, name, type, cities }) => ({ code, name, type, cities })),
    })),
  };
}
