import { describe, expect, it } from 'vitest';
import { postalAddressLines } from './postal-address';

const company = { name: 'Morgan Mobile Traders', contact: 'Camille Martin' };

describe('an address as its country writes it', () => {
  it('puts the postal code where the country puts it, and names the country in the reader’s language', () => {
    expect(
      postalAddressLines(
        { ...company, address1: '12 rue de la République', city: 'Lyon', zip: '69002', country: 'FR' },
        'fr',
      ),
    ).toEqual(['Morgan Mobile Traders', 'Camille Martin', '12 rue de la République', '69002 Lyon', 'France']);
    expect(
      postalAddressLines({ address1: 'Wilhelminakade 100', city: 'Rotterdam', zip: '3072 AP', country: 'NL' }, 'de'),
    ).toEqual(['Wilhelminakade 100', '3072 AP Rotterdam', 'Niederlande']);
    expect(
      postalAddressLines({ address1: '10 Finsbury Square', city: 'London', zip: 'EC2A 1AF', country: 'GB' }, 'fr'),
    ).toEqual(['10 Finsbury Square', 'London', 'EC2A 1AF', 'Royaume-Uni']);
  });

  it('keeps the state and a second street line, in the United States’ order', () => {
    expect(
      postalAddressLines(
        {
          ...company,
          address1: '1200 Commerce St',
          address2: 'Suite 4',
          city: 'Dallas',
          state: 'TX',
          zip: '75202',
          country: 'US',
        },
        'en',
      ),
    ).toEqual([
      'Camille Martin',
      'Morgan Mobile Traders',
      '1200 Commerce St',
      'Suite 4',
      'Dallas, TX 75202',
      'United States',
    ]);
  });

  it('drops nothing: a part the country has no place for, an unknown code or a country in words keeps the generic layout', () => {
    // France's layout has no state.
    expect(
      postalAddressLines({ address1: '1 quai', city: 'Paris', state: 'IDF', zip: '75001', country: 'FR' }, 'en'),
    ).toEqual(['1 quai', 'Paris, IDF 75001', 'France']);
    expect(postalAddressLines({ address1: 'a', city: 'Town', zip: '123', country: 'XX' }, 'en')).toEqual([
      'a',
      'Town 123',
      'XX',
    ]);
    expect(postalAddressLines({ address1: 'a', city: 'Town', zip: '123', country: 'Atlantis' }, 'en')).toEqual([
      'a',
      'Town 123',
      'Atlantis',
    ]);
    expect(postalAddressLines({ address1: 'a', city: 'Town', zip: '123', country: '' }, 'en')).toEqual([
      'a',
      'Town 123',
    ]);
  });
});
