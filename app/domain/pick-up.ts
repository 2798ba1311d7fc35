import { once } from './intl';

/** Where a buyer collects an order picked up at its warehouse (the marketplace's checkout catalogue). */
export interface PickUpLocation {
  warehouse: string;
  /** Street address lines, the site's name first. */
  address: string[];
  /** ISO 3166 code: named in each reader's language. */
  country: string;
  /** In the tenant's language; empty when the tenant gave none. */
  openingHours: string;
}

/** A country's name in the language ("Vereinigte Staaten" for US in German); the code when the runtime has no name. */
export function countryName(code: string, locale: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return once(`region|${locale}`, () => new Intl.DisplayNames([locale], { type: 'region' })).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The address a pick-up shows, one line each, the country last in the reader's language. */
export const pickUpAddressLines = (location: PickUpLocation, locale: string): string[] => [
  ...location.address,
  ...(location.country ? [countryName(location.country, locale)] : []),
];
