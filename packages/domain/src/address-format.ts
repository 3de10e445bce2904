/** The parts of an address the formatter reads: the address schema's, or a register fact's. */
export type AddressParts = {
  countryCode: string;
  county?: string | undefined;
  /** The municipality (omavalitsus): Tallinn, Tartu linn, Anija vald. */
  district?: string | undefined;
  /** The settlement or city district (asustusüksus, linnaosa): Kesklinna linnaosa, Kehra. */
  city: string;
  street: string;
  postalCode: string;
};

export type AddressNames = {
  /** The country's name; without it the country is not written. */
  country?: (code: string) => string;
};

const present = (part: string | undefined): part is string => part !== undefined && part.trim() !== '';

/**
 * An address on one line, as the Estonian address system (ADS) writes it: street and house, settlement or city
 * district, municipality, county, postal code, and the country when asked for. A municipality named after its
 * settlement (Tartu, Tartu linn) is written once. One formatter for the overview, the contract and the mails.
 * Place names stay the official Estonian ones in every language, the county's too: an address is a name to find
 * a place by, and a Russian or English county beside an Estonian municipality was neither one language nor the other.
 */
export function formatAddress(address: AddressParts, names: AddressNames = {}): string {
  const { city, district } = address;
  const isDistrictRepeated = present(district) && [city, `${city} linn`, `${city} vald`].includes(district);
  return [address.street, city, isDistrictRepeated ? undefined : district, address.county, address.postalCode, names.country?.(address.countryCode)]
    .filter(present)
    .join(', ');
}
