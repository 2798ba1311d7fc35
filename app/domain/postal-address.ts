import { formatAddress } from 'localized-address-format';
import { countryName } from './pick-up';
import { isPresent } from './validators';

/** An address as the marketplace keeps it: the company, the person, the street, the town, an ISO country code. */
export interface PostalAddress {
  name?: string;
  contact?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
}

/** Town, state and postal code on one line, as the United States write them: for a country the post's data does not know. */
function genericLines(a: PostalAddress): string[] {
  const town = [[a.city, a.state].filter(isPresent).join(', '), a.zip].filter(isPresent).join(' ');
  return [a.name, a.contact, a.address1, a.address2, town].filter(isPresent);
}

/**
 * An address as lines, laid out the way its country's post reads them (Google's address data:
 * "69002 Lyon", "London" over "EC2A 1AF", "Miami, FL 33101"), in Latin script, then the country
 * named in the reader's language ("Royaume-Uni" for GB). A part the country's layout has no place
 * for is never dropped: such an address keeps the generic layout.
 */
export function postalAddressLines(address: PostalAddress, locale: string): string[] {
  const code = (address.country ?? '').trim().toUpperCase();
  const known = /^[A-Z]{2}$/.test(code);
  let lines = known
    ? formatAddress(
        {
          postalCountry: code,
          organization: address.name,
          name: address.contact,
          addressLines: [address.address1, address.address2].filter(isPresent),
          locality: address.city,
          administrativeArea: address.state,
          postalCode: address.zip,
        },
        'latin',
      ).filter(isPresent)
    : [];
  const text = lines.join('\n');
  const { name, contact, address1, address2, city, state, zip } = address;
  const given = [name, contact, address1, address2, city, state, zip].filter(isPresent);
  if (!known || !given.every((part) => text.includes(part.trim()))) lines = genericLines(address);
  const country = known ? countryName(code, locale) : (address.country ?? '').trim();
  return country ? [...lines, country] : lines;
}
