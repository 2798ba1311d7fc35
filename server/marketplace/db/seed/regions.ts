import type { TenantConfig } from '../../../../app/domain/tenant-config';
import { DEMO_CATALOGUE, type CheckoutCatalogue } from '../../services/checkout/checkout-catalogue';

/**
 * Where a tenant's demo marketplace is: a dollar tenant's is American (US warehouses, sales taxes by
 * state), a euro tenant's European (warehouses in the European Union, VAT by country, prices in euros).
 */
export type DemoRegion = 'us' | 'eu';

export const demoRegionOf = (config: Pick<TenantConfig, 'currencyCode'>): DemoRegion =>
  config.currencyCode === 'EUR' ? 'eu' : 'us';

export interface WarehouseGroupDef {
  id: string;
  name: string;
  description: string;
  warehouses: { code: string; label: string; acceptingOffers: boolean }[];
}

/** The tenant's own warehouse groups in each region. */
export const OWN_GROUPS: Record<DemoRegion, WarehouseGroupDef[]> = {
  us: [
    {
      id: 'acme-us',
      name: 'United States',
      description: 'Ships from our US warehouses',
      warehouses: [
        { code: 'MIA', label: 'Miami', acceptingOffers: true },
        { code: 'LAX', label: 'Los Angeles', acceptingOffers: true },
        { code: 'DAL', label: 'Dallas', acceptingOffers: false },
        { code: 'NYC', label: 'New York', acceptingOffers: true },
      ],
    },
    {
      id: 'acme-eu',
      name: 'Europe',
      description: 'Ships from our European warehouses',
      warehouses: [
        { code: 'AMS', label: 'Amsterdam', acceptingOffers: true },
        { code: 'FRA', label: 'Frankfurt', acceptingOffers: false },
      ],
    },
  ],
  eu: [
    {
      id: 'eu',
      name: 'European Union',
      description: 'Ships from our warehouses in the European Union',
      warehouses: [
        { code: 'ROT', label: 'Rotterdam', acceptingOffers: true },
        { code: 'LYS', label: 'Lyon', acceptingOffers: true },
        { code: 'MXP', label: 'Milan', acceptingOffers: false },
      ],
    },
  ],
};

/** What a list price of the American demo is in the region's currency (whole units: euros have no cents here). */
export const PRICE_FACTOR: Record<DemoRegion, number> = { us: 1, eu: 0.92 };

/**
 * The European demo's checkout catalogue: the American one's methods, fees and services, carried by
 * European carriers, with VAT by country and the EU warehouses' countries for pick-ups.
 */
export const EUROPEAN_CATALOGUE: CheckoutCatalogue = {
  ...DEMO_CATALOGUE,
  shippingMethods: DEMO_CATALOGUE.shippingMethods.map((m) =>
    m.code === 'ACME_STANDARD_SHIPPING'
      ? { ...m, label: 'Standard shipping' }
      : m.code === 'ACME_EXPRESS_SHIPPING'
        ? { ...m, label: 'Express shipping' }
        : m,
  ),
  realTimeQuoteZones: { FR: 100_00, NL: 100_00, BE: 100_00, DE: 110_00, IT: 120_00 },
  billMyAccount: {
    carrierChoiceRestricted: true,
    carrierOptions: ['DHL', 'UPS'],
    carrierServiceLevelsRestricted: true,
    carrierServiceLevelOptions: { DHL: ['Economy Select', 'Express'], UPS: ['Standard', 'Express Saver'] },
  },
  paymentMethods: DEMO_CATALOGUE.paymentMethods.map((p) =>
    p.code === 'WIRE_TRANSFER'
      ? { ...p, instructions: 'Wire the total to IBAN FR76 3000 6000 0112 3456 7890 189, quoting your order number.' }
      : p,
  ),
  taxRules: [
    { country: 'FR', rate: 2000, description: 'French VAT 20%' },
    { country: 'NL', rate: 2100, description: 'Dutch VAT 21%' },
    { country: 'BE', rate: 2100, description: 'Belgian VAT 21%' },
    { country: 'DE', rate: 1900, description: 'German VAT 19%' },
    { country: 'IT', rate: 2200, description: 'Italian VAT 22%' },
  ],
  warehouseLocations: {
    ROT: {
      country: 'NL',
      state: '',
      address: ['Refurb Rotterdam', 'Waalhaven Oostzijde 85', '3087 BM Rotterdam'],
      openingHours: 'Monday to Friday, 8:30 to 17:30 (local time)',
    },
    LYS: {
      country: 'FR',
      state: '',
      address: ['Refurb Lyon', '15 rue de la Gare de Cargo, Bâtiment C', '69125 Colombier-Saugnieu'],
      openingHours: 'Monday to Friday, 8:30 to 17:30 (local time)',
    },
    MXP: {
      country: 'IT',
      state: '',
      address: ['Refurb Milano', 'Via Malpensa 2000, Magazzino 7', '21010 Ferno (VA)'],
      openingHours: 'Monday to Friday, 8:30 to 17:30 (local time)',
    },
    // The network participants' warehouses are where they are in either region.
    ...Object.fromEntries(
      Object.entries(DEMO_CATALOGUE.warehouseLocations).filter(
        ([code]) => !OWN_GROUPS.us.some((g) => g.warehouses.some((w) => w.code === code)),
      ),
    ),
  },
};

/** The region's checkout catalogue; the American one is the marketplace's default, so it is not stored. */
export const CATALOGUE: Record<DemoRegion, CheckoutCatalogue | null> = { us: null, eu: EUROPEAN_CATALOGUE };

const EVERY_METHOD = ['ACME_STANDARD_SHIPPING', 'ACME_EXPRESS_SHIPPING', 'LOCAL_PICKUP', 'BILL_MY_ACCOUNT'];

type AddressRow = {
  kind: 'SHIPPING' | 'BILLING';
  label: string;
  contact: string;
  address1: string;
  address2?: string;
  city: string;
  state?: string;
  zip: string;
  country: string;
  shippingMethodCodes?: string[];
};

const US_ADDRESSES: AddressRow[] = [
  {
    kind: 'SHIPPING',
    label: 'Main warehouse',
    contact: 'Receiving dock',
    address1: '1200 Commerce St',
    city: 'Dallas',
    state: 'TX',
    zip: '75202',
    country: 'US',
    shippingMethodCodes: EVERY_METHOD,
  },
  {
    kind: 'SHIPPING',
    label: 'East coast depot',
    contact: 'Dana Ortiz',
    address1: '350 Fifth Avenue',
    address2: 'Suite 4100',
    city: 'New York',
    state: 'NY',
    zip: '10118',
    country: 'US',
    shippingMethodCodes: [...EVERY_METHOD, 'REQUEST_A_QUOTE'],
  },
  {
    kind: 'SHIPPING',
    label: 'London office',
    contact: 'Sam Patel',
    address1: '10 Finsbury Square',
    city: 'London',
    zip: 'EC2A 1AF',
    country: 'GB',
    shippingMethodCodes: ['ACME_EXPRESS_SHIPPING', 'BILL_MY_ACCOUNT'],
  },
  {
    kind: 'BILLING',
    label: 'Head office',
    contact: 'Accounts payable',
    address1: '1200 Commerce St',
    city: 'Dallas',
    state: 'TX',
    zip: '75202',
    country: 'US',
  },
  {
    kind: 'BILLING',
    label: 'Finance',
    contact: 'Lee Chen',
    address1: '1000 N West St',
    city: 'Wilmington',
    state: 'DE',
    zip: '19801',
    country: 'US',
  },
];

/** The European buyer's address names are the buyer's own words: in the tenant's language. */
const EU_LABELS: Record<string, [string, string, string, string, string]> = {
  en: ['Main warehouse', 'Benelux depot', 'London office', 'Head office', 'Finance'],
  fr: ['Entrepôt principal', 'Dépôt Benelux', 'Bureau de Londres', 'Siège', 'Comptabilité'],
  de: ['Hauptlager', 'Benelux-Lager', 'Büro London', 'Hauptsitz', 'Buchhaltung'],
};

function europeanAddresses(language: string): AddressRow[] {
  const [main, benelux, london, head, finance] = EU_LABELS[language.split('-')[0]!] ?? EU_LABELS.en!;
  return [
    {
      kind: 'SHIPPING',
      label: main,
      contact: 'Camille Martin',
      address1: '12 rue de la République',
      city: 'Lyon',
      zip: '69002',
      country: 'FR',
      shippingMethodCodes: EVERY_METHOD,
    },
    {
      kind: 'SHIPPING',
      label: benelux,
      contact: 'Daan de Vries',
      address1: 'Wilhelminakade 100',
      city: 'Rotterdam',
      zip: '3072 AP',
      country: 'NL',
      shippingMethodCodes: [...EVERY_METHOD, 'REQUEST_A_QUOTE'],
    },
    {
      kind: 'SHIPPING',
      label: london,
      contact: 'Sam Patel',
      address1: '10 Finsbury Square',
      city: 'London',
      zip: 'EC2A 1AF',
      country: 'GB',
      shippingMethodCodes: ['ACME_EXPRESS_SHIPPING', 'BILL_MY_ACCOUNT'],
    },
    {
      kind: 'BILLING',
      label: head,
      contact: 'Claire Dubois',
      address1: '8 rue de Rivoli',
      city: 'Paris',
      zip: '75004',
      country: 'FR',
    },
    {
      kind: 'BILLING',
      label: finance,
      contact: 'Lena Peeters',
      address1: 'Rue de la Loi 16',
      city: 'Bruxelles',
      zip: '1000',
      country: 'BE',
    },
  ];
}

/**
 * A demo buyer's addresses, as rows of `buyer_addresses`: three ship-to (one abroad, where no
 * real-time quote returns) and two bill-to, in the tenant's region.
 */
export function demoAddresses(
  buyerId: number,
  buyerName: string,
  config: Pick<TenantConfig, 'currencyCode' | 'language'>,
) {
  const rows = demoRegionOf(config) === 'eu' ? europeanAddresses(config.language) : US_ADDRESSES;
  return rows.map((row) => ({ buyerId, name: buyerName, ...row }));
}
