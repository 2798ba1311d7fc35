import { z } from 'zod';
import { FEE_TYPES, SHIPPING_KINDS, type ShippingMethod } from '../../../app/domain/checkout/options';
import type { Db } from '../db/client';
import { readSetting } from './settings';

/**
 * The tenant's checkout terms: shipping methods with their freight, payment methods with their fees,
 * additional services, insurance and tax. Kept as the `checkout-catalogue` setting; this default is
 * the demo marketplace's. Money in minor units, rates in basis points.
 */
const fee = z.object({ type: z.enum(FEE_TYPES), value: z.number().int().nonnegative() });
const catalogueSchema = z.object({
  shippingMethods: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      kind: z.enum(SHIPPING_KINDS),
      insuranceAvailable: z.boolean(),
      ignoreShippingInstructions: z.boolean(),
      maxDevicesInShipment: z.number().int().positive().nullable(),
      /** How long delivery takes, by language (English is the fallback): shown beside the method so that methods can be compared. */
      deliveryEstimate: z.record(z.string(), z.string()).default({}),
      /** The buyer collects at the warehouse: the order is taxed where the warehouse is, not at the ship-to address. */
      pickUp: z.boolean().default(false),
      /** FIXED: the freight; REAL_TIME_QUOTE: the rate the quote scales by zone. */
      freight: z.object({ base: z.number().int().nonnegative(), perUnit: z.number().int().nonnegative() }).nullable(),
    }),
  ),
  /** Real-time quotes by ship-to country, as basis points of the method's rate; a country not listed gets no quote. */
  realTimeQuoteZones: z.record(z.string(), z.number().int().positive()),
  billMyAccount: z.object({
    carrierChoiceRestricted: z.boolean(),
    carrierOptions: z.array(z.string()),
    carrierServiceLevelsRestricted: z.boolean(),
    carrierServiceLevelOptions: z.record(z.string(), z.array(z.string())),
  }),
  requestAQuote: z.object({ serviceLevelsRestricted: z.boolean(), serviceLevels: z.array(z.string()) }),
  paymentMethods: z.array(
    z.object({ code: z.string(), label: z.string(), description: z.string(), instructions: z.string(), creditLimit: z.number().int().positive().nullable(), fee: fee.nullable() }),
  ),
  additionalServices: z.array(z.object({ code: z.string(), label: z.string(), description: z.string(), instructions: z.string(), fee })),
  insuranceRate: z.number().int().nonnegative(),
  maxShipmentInsuranceAmount: z.number().int().positive(),
  taxRules: z.array(z.object({ country: z.string(), state: z.string().optional(), rate: z.number().int().nonnegative(), description: z.string() })),
  /** Where each warehouse is, for the tax of an order picked up there; a warehouse not listed is taxed at no rule. */
  warehouseLocations: z.record(z.string(), z.object({ country: z.string(), state: z.string().default('') })).default({}),
});
export type CheckoutCatalogue = z.infer<typeof catalogueSchema>;
export type CatalogueMethod = CheckoutCatalogue['shippingMethods'][number];

export const DEMO_CATALOGUE: CheckoutCatalogue = {
  shippingMethods: [
    {
      code: 'ACME_STANDARD_SHIPPING',
      label: 'ACME Standard Shipping',
      kind: 'FIXED',
      insuranceAvailable: true,
      ignoreShippingInstructions: false,
      maxDevicesInShipment: null,
      deliveryEstimate: { en: 'Delivered in 3 to 5 business days', fr: 'Livraison en 3 à 5 jours ouvrés', de: 'Lieferung in 3 bis 5 Werktagen' },
      pickUp: false,
      freight: { base: 25_00, perUnit: 50 },
    },
    {
      code: 'ACME_EXPRESS_SHIPPING',
      label: 'ACME Express Shipping',
      kind: 'REAL_TIME_QUOTE',
      insuranceAvailable: true,
      ignoreShippingInstructions: false,
      maxDevicesInShipment: 200,
      deliveryEstimate: { en: 'Delivered in 1 to 2 business days', fr: 'Livraison en 1 à 2 jours ouvrés', de: 'Lieferung in 1 bis 2 Werktagen' },
      pickUp: false,
      freight: { base: 40_00, perUnit: 1_20 },
    },
    {
      code: 'LOCAL_PICKUP',
      label: 'Pick up at the warehouse',
      kind: 'FIXED',
      insuranceAvailable: false,
      ignoreShippingInstructions: true,
      maxDevicesInShipment: null,
      deliveryEstimate: { en: 'Ready for pick-up the next business day', fr: 'Prêt à retirer le jour ouvré suivant', de: 'Abholbereit am nächsten Werktag' },
      pickUp: true,
      freight: { base: 0, perUnit: 0 },
    },
    {
      code: 'BILL_MY_ACCOUNT',
      label: 'Bill My Account',
      kind: 'BILL_MY_ACCOUNT',
      insuranceAvailable: false,
      ignoreShippingInstructions: false,
      maxDevicesInShipment: null,
      deliveryEstimate: { en: 'As your carrier’s service level', fr: 'Selon le niveau de service de votre transporteur', de: 'Je nach Serviceart Ihres Spediteurs' },
      pickUp: false,
      freight: null,
    },
    {
      code: 'REQUEST_A_QUOTE',
      label: 'Request a Quote',
      kind: 'REQUEST_A_QUOTE',
      insuranceAvailable: false,
      ignoreShippingInstructions: false,
      maxDevicesInShipment: null,
      deliveryEstimate: { en: 'Given with the quote', fr: 'Indiqué avec le devis', de: 'Wird mit dem Angebot mitgeteilt' },
      pickUp: false,
      freight: null,
    },
  ],
  realTimeQuoteZones: { US: 100_00, CA: 130_00 },
  billMyAccount: {
    carrierChoiceRestricted: true,
    carrierOptions: ['UPS', 'FedEx'],
    carrierServiceLevelsRestricted: true,
    carrierServiceLevelOptions: { UPS: ['Ground', '2nd Day Air', 'Next Day Air'], FedEx: ['Ground', 'Express Saver', 'Priority Overnight'] },
  },
  requestAQuote: { serviceLevelsRestricted: true, serviceLevels: ['Economy', 'Standard', 'Express'] },
  paymentMethods: [
    { code: 'TERMS_NET_30', label: 'Net 30 terms', description: 'Pay within 30 days of the invoice.', instructions: 'Your invoice is due 30 days after the order ships.', creditLimit: 25_000_00, fee: { type: 'FIXED', value: 25_00 } },
    { code: 'COD', label: 'Cash on delivery', description: 'Pay the carrier when the order arrives.', instructions: 'Have a certified cheque ready for the carrier.', creditLimit: null, fee: { type: 'PER_UNIT', value: 25 } },
    { code: 'WIRE_TRANSFER', label: 'Wire transfer', description: 'Pay by bank wire before the order ships.', instructions: 'Wire the total to account 0012 3456 789, quoting your order number.', creditLimit: null, fee: { type: 'PERC_OF_ORDER_SUBTOTAL', value: 100 } },
    { code: 'INTEGRATED_PAYPAL', label: 'PayPal', description: 'Pay now through PayPal.', instructions: 'You pay through PayPal when you place the order.', creditLimit: null, fee: { type: 'PERC_OF_ORDER_TOTAL', value: 290 } },
  ],
  additionalServices: [
    { code: 'DATA_WIPE', label: 'Certified data wipe', description: 'Every device wiped with a certificate.', instructions: 'Certificates arrive with the invoice.', fee: { type: 'PER_UNIT', value: 1_50 } },
    { code: 'PHOTO_AUDIT', label: 'Photo audit', description: 'Photos of every device before it ships.', instructions: '', fee: { type: 'FIXED', value: 20_00 } },
    { code: 'PREMIUM_PACKAGING', label: 'Premium packaging', description: 'Devices boxed one by one.', instructions: '', fee: { type: 'PERC_OF_ORDER_SUBTOTAL', value: 50 } },
  ],
  insuranceRate: 50,
  maxShipmentInsuranceAmount: 50_000_00,
  taxRules: [
    { country: 'US', state: 'TX', rate: 825, description: 'Texas sales tax 8.25%' },
    { country: 'US', state: 'NY', rate: 888, description: 'New York sales tax 8.88%' },
    { country: 'US', state: 'FL', rate: 600, description: 'Florida sales tax 6%' },
    { country: 'US', state: 'CA', rate: 725, description: 'California sales tax 7.25%' },
  ],
  warehouseLocations: {
    MIA: { country: 'US', state: 'FL' },
    LAX: { country: 'US', state: 'CA' },
    DAL: { country: 'US', state: 'TX' },
    NYC: { country: 'US', state: 'NY' },
    AMS: { country: 'NL', state: '' },
    FRA: { country: 'DE', state: '' },
    'BLU-HK': { country: 'HK', state: '' },
    'BLU-SZ': { country: 'CN', state: '' },
    'NST-DE': { country: 'DE', state: '' },
  },
};

export async function readCatalogue(db: Db): Promise<CheckoutCatalogue> {
  const stored = await readSetting(db, 'checkout-catalogue');
  return stored ? catalogueSchema.parse(stored) : DEMO_CATALOGUE;
}

/** A method as buyers see it, its delivery estimate in the tenant's language (English when the catalogue has none in it). */
export const methodView = ({ freight: _freight, pickUp: _pickUp, deliveryEstimate, ...method }: CatalogueMethod, language: string): ShippingMethod => ({
  deliveryEstimate: deliveryEstimate[language] ?? deliveryEstimate.en ?? '',
  ...method,
});

/** The freight of a method for this many devices to this country: null when it has none (bill my account, a quote requested) or no real-time quote returns. */
export function freightOf(method: CatalogueMethod, catalogue: CheckoutCatalogue, country: string, units: number): number | null {
  if (!method.freight) return null;
  const rate = method.freight.base + method.freight.perUnit * units;
  if (method.kind !== 'REAL_TIME_QUOTE') return rate;
  const zone = catalogue.realTimeQuoteZones[country];
  return zone === undefined ? null : Math.round((rate * zone) / 100_00);
}

/**
 * What a method charges to carry this order to this country: the buyer's own carrier bills it (0 here),
 * a requested quote is not known yet (null), as is a real-time quote that does not return.
 */
export function methodFreight(method: CatalogueMethod, catalogue: CheckoutCatalogue, country: string, units: number): number | null {
  if (method.kind === 'REQUEST_A_QUOTE') return null;
  if (method.kind === 'BILL_MY_ACCOUNT') return 0;
  return freightOf(method, catalogue, country, units);
}

export function taxRuleFor(catalogue: CheckoutCatalogue, address: { country: string; state: string }) {
  return catalogue.taxRules.find((rule) => rule.country === address.country && (!rule.state || rule.state === address.state)) ?? null;
}

/** The tax of an order: where it is delivered, which for a pick-up is the warehouse it is collected from. */
export function orderTaxRule(catalogue: CheckoutCatalogue, method: CatalogueMethod | undefined, warehouseCode: string, shipTo: { country: string; state: string } | null | undefined) {
  if (method?.pickUp) {
    const warehouse = catalogue.warehouseLocations[warehouseCode];
    return warehouse ? taxRuleFor(catalogue, warehouse) : null;
  }
  return shipTo ? taxRuleFor(catalogue, shipTo) : null;
}

/** The demo buyer's addresses, as rows of `buyer_addresses`: three ship-to (one abroad, where no real-time quote returns) and two bill-to. */
export function demoAddresses(buyerId: number, buyerName: string) {
  const everyUsMethod = ['ACME_STANDARD_SHIPPING', 'ACME_EXPRESS_SHIPPING', 'LOCAL_PICKUP', 'BILL_MY_ACCOUNT'];
  const rows = [
    { kind: 'SHIPPING', label: 'Main warehouse', name: buyerName, contact: 'Receiving dock', address1: '1200 Commerce St', city: 'Dallas', state: 'TX', zip: '75202', country: 'US', shippingMethodCodes: everyUsMethod },
    { kind: 'SHIPPING', label: 'East coast depot', name: buyerName, contact: 'Dana Ortiz', address1: '350 Fifth Avenue', address2: 'Suite 4100', city: 'New York', state: 'NY', zip: '10118', country: 'US', shippingMethodCodes: [...everyUsMethod, 'REQUEST_A_QUOTE'] },
    { kind: 'SHIPPING', label: 'London office', name: buyerName, contact: 'Sam Patel', address1: '10 Finsbury Square', city: 'London', zip: 'EC2A 1AF', country: 'GB', shippingMethodCodes: ['ACME_EXPRESS_SHIPPING', 'BILL_MY_ACCOUNT'] },
    { kind: 'BILLING', label: 'Head office', name: buyerName, contact: 'Accounts payable', address1: '1200 Commerce St', city: 'Dallas', state: 'TX', zip: '75202', country: 'US' },
    { kind: 'BILLING', label: 'Finance', name: buyerName, contact: 'Lee Chen', address1: '1000 N West St', city: 'Wilmington', state: 'DE', zip: '19801', country: 'US' },
  ];
  return rows.map((row) => ({ buyerId, ...row }));
}
