import { z } from 'zod';
import { FEE_TYPES, SHIPPING_KINDS, type ShippingMethod } from '../../../../app/domain/checkout/options';
import type { Db } from '../../db/client';
import { readSetting } from '../shared/settings';
import { taxRuleRef, warehouseLabelIn, wordsIn, type Words } from '../texts/texts';
import type { PickUpLocation } from '../../../../app/domain/pick-up';

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
      /** How long delivery takes, shown beside the method so that methods can be compared (English; other languages are texts). */
      deliveryEstimate: z.string().default(''),
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
    z.object({
      code: z.string(),
      label: z.string(),
      description: z.string(),
      instructions: z.string(),
      creditLimit: z.number().int().positive().nullable(),
      fee: fee.nullable(),
      /** Paid before the order ships: the grace period to pay and its fees apply (app/domain/orders/payment-collection.ts). */
      paidBeforeShipping: z.boolean().default(true),
      /** On account: due this many days from the invoice. */
      termsDays: z.number().int().positive().max(365).nullable().default(null),
    }),
  ),
  additionalServices: z.array(
    z.object({ code: z.string(), label: z.string(), description: z.string(), instructions: z.string(), fee }),
  ),
  insuranceRate: z.number().int().nonnegative(),
  maxShipmentInsuranceAmount: z.number().int().positive(),
  taxRules: z.array(
    z.object({
      country: z.string(),
      state: z.string().optional(),
      rate: z.number().int().nonnegative(),
      description: z.string(),
    }),
  ),
  /**
   * Where each warehouse is: its country and state for the tax of an order picked up there (a
   * warehouse not listed is taxed at no rule), and the street address and opening hours (English;
   * other languages are texts) a buyer who picks up reads.
   */
  warehouseLocations: z
    .record(
      z.string(),
      z.object({
        country: z.string(),
        state: z.string().default(''),
        address: z.array(z.string().max(200)).max(6).default([]),
        openingHours: z.string().max(200).default(''),
      }),
    )
    .default({}),
});
export type CheckoutCatalogue = z.infer<typeof catalogueSchema>;
/**
 * The catalogue as buyers of a language read it: also each request-a-quote level's words. The
 * levels stay as kept, the value a buyer's choice sends and an order records in every language;
 * carriers' service levels are the carriers' own product names (UPS Ground) and have no texts.
 */
export type CheckoutCatalogueIn = CheckoutCatalogue & { requestAQuote: { serviceLevelLabels: Record<string, string> } };
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
      deliveryEstimate: 'Delivered in 3 to 5 business days',
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
      deliveryEstimate: 'Delivered in 1 to 2 business days',
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
      deliveryEstimate: 'Ready for pick-up the next business day',
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
      deliveryEstimate: 'As your carrier’s service level',
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
      deliveryEstimate: 'Given with the quote',
      pickUp: false,
      freight: null,
    },
  ],
  realTimeQuoteZones: { US: 100_00, CA: 130_00 },
  billMyAccount: {
    carrierChoiceRestricted: true,
    carrierOptions: ['UPS', 'FedEx'],
    carrierServiceLevelsRestricted: true,
    carrierServiceLevelOptions: {
      UPS: ['Ground', '2nd Day Air', 'Next Day Air'],
      FedEx: ['Ground', 'Express Saver', 'Priority Overnight'],
    },
  },
  requestAQuote: { serviceLevelsRestricted: true, serviceLevels: ['Economy', 'Standard', 'Express'] },
  paymentMethods: [
    {
      code: 'TERMS_NET_30',
      label: 'Net 30 terms',
      description: 'Pay within 30 days of the invoice.',
      instructions:
        'Pay each invoice within 30 days of its date by bank wire to account 0012 3456 789, quoting your order number.',
      creditLimit: 25_000_00,
      fee: { type: 'FIXED', value: 25_00 },
      paidBeforeShipping: false,
      termsDays: 30,
    },
    {
      code: 'COD',
      label: 'Cash on delivery',
      description: 'Pay the carrier when the order arrives.',
      instructions: 'Have a certified cheque ready for the carrier.',
      creditLimit: null,
      fee: { type: 'PER_UNIT', value: 25 },
      paidBeforeShipping: false,
      termsDays: null,
    },
    {
      code: 'WIRE_TRANSFER',
      label: 'Wire transfer',
      description: 'Pay by bank wire before the order ships.',
      instructions: 'Wire the total to account 0012 3456 789, quoting your order number.',
      creditLimit: null,
      fee: { type: 'PERC_OF_ORDER_SUBTOTAL', value: 100 },
      paidBeforeShipping: true,
      termsDays: null,
    },
    {
      code: 'INTEGRATED_PAYPAL',
      label: 'PayPal',
      description: 'Pay now through PayPal.',
      instructions: 'You pay through PayPal when you place the order.',
      creditLimit: null,
      fee: { type: 'PERC_OF_ORDER_TOTAL', value: 290 },
      paidBeforeShipping: true,
      termsDays: null,
    },
  ],
  additionalServices: [
    {
      code: 'DATA_WIPE',
      label: 'Certified data wipe',
      description: 'Every device wiped with a certificate.',
      instructions: 'Certificates arrive with the invoice.',
      fee: { type: 'PER_UNIT', value: 1_50 },
    },
    {
      code: 'PHOTO_AUDIT',
      label: 'Photo audit',
      description: 'Photos of every device before it ships.',
      instructions: '',
      fee: { type: 'FIXED', value: 20_00 },
    },
    {
      code: 'PREMIUM_PACKAGING',
      label: 'Premium packaging',
      description: 'Devices boxed one by one.',
      instructions: '',
      fee: { type: 'PERC_OF_ORDER_SUBTOTAL', value: 50 },
    },
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
    MIA: {
      country: 'US',
      state: 'FL',
      address: ['ACME Miami', '7800 NW 25th St, Dock 4', 'Doral, FL 33122'],
      openingHours: 'Monday to Friday, 8 AM to 5 PM (local time)',
    },
    LAX: {
      country: 'US',
      state: 'CA',
      address: ['ACME Los Angeles', '2100 E Maple Ave, Dock 2', 'El Segundo, CA 90245'],
      openingHours: 'Monday to Friday, 8 AM to 5 PM (local time)',
    },
    DAL: {
      country: 'US',
      state: 'TX',
      address: ['ACME Dallas', '1500 Regal Row, Dock 1', 'Dallas, TX 75247'],
      openingHours: 'Monday to Friday, 8 AM to 5 PM (local time)',
    },
    NYC: {
      country: 'US',
      state: 'NY',
      address: ['ACME New York', '45-20 Metropolitan Ave, Dock 3', 'Queens, NY 11385'],
      openingHours: 'Monday to Friday, 8 AM to 5 PM (local time)',
    },
    AMS: {
      country: 'NL',
      state: '',
      address: ['ACME Amsterdam', 'Schiphol Boulevard 120', '1118 BG Schiphol'],
      openingHours: 'Monday to Friday, 8:30 to 17:30 (local time)',
    },
    FRA: {
      country: 'DE',
      state: '',
      address: ['ACME Frankfurt', 'Cargo City Süd, Gebäude 537', '60549 Frankfurt am Main'],
      openingHours: 'Monday to Friday, 8:30 to 17:30 (local time)',
    },
    'BLU-HK': {
      country: 'HK',
      state: '',
      address: ['BlueWave Hong Kong', '8 Chong Fu Road, Chai Wan'],
      openingHours: 'Monday to Saturday, 9:00 to 18:00 (local time)',
    },
    'BLU-SZ': {
      country: 'CN',
      state: '',
      address: ['BlueWave Shenzhen', '3001 Huaqiang North Road, Futian', 'Shenzhen 518031'],
      openingHours: 'Monday to Saturday, 9:00 to 18:00 (local time)',
    },
    'NST-DE': {
      country: 'DE',
      state: '',
      address: ['Nordstern Hamburg', 'Am Windhukkai 6', '20457 Hamburg'],
      openingHours: 'Monday to Friday, 8:30 to 17:30 (local time)',
    },
  },
};

export async function readCatalogue(db: Db): Promise<CheckoutCatalogue> {
  const stored = await readSetting(db, 'checkout-catalogue');
  return stored ? catalogueSchema.parse(stored) : DEMO_CATALOGUE;
}

/**
 * The catalogue as buyers of a language read it: the names, descriptions and instructions of its
 * methods and services and its tax descriptions in that language (English where it has no text).
 */
export function catalogueIn(catalogue: CheckoutCatalogue, words: Words): CheckoutCatalogueIn {
  const levels = catalogue.requestAQuote.serviceLevels;
  return {
    ...catalogue,
    requestAQuote: {
      ...catalogue.requestAQuote,
      serviceLevelLabels: Object.fromEntries(
        levels.map((level) => [level, words('quote-service-level', level, 'label', level)]),
      ),
    },
    shippingMethods: catalogue.shippingMethods.map((m) => ({
      ...m,
      label: words('shipping-method', m.code, 'label', m.label),
      deliveryEstimate: words('shipping-method', m.code, 'deliveryEstimate', m.deliveryEstimate),
    })),
    paymentMethods: catalogue.paymentMethods.map((p) => ({
      ...p,
      label: words('payment-method', p.code, 'label', p.label),
      description: words('payment-method', p.code, 'description', p.description),
      instructions: words('payment-method', p.code, 'instructions', p.instructions),
    })),
    additionalServices: catalogue.additionalServices.map((s) => ({
      ...s,
      label: words('additional-service', s.code, 'label', s.label),
      description: words('additional-service', s.code, 'description', s.description),
      instructions: words('additional-service', s.code, 'instructions', s.instructions),
    })),
    taxRules: catalogue.taxRules.map((r) => ({
      ...r,
      description: words('tax-rule', taxRuleRef(r), 'description', r.description),
    })),
    warehouseLocations: Object.fromEntries(
      Object.entries(catalogue.warehouseLocations).map(([code, at]) => [
        code,
        { ...at, openingHours: words('pick-up-location', code, 'openingHours', at.openingHours) },
      ]),
    ),
  };
}

/**
 * The pick-up location of an order whose shipping method is a pick-up (null for one that ships):
 * what the thank-you page, the order page, the invoice and the e-mail name instead of "we ship it".
 */
export function pickUpLocationOf(
  catalogue: CheckoutCatalogue,
  shippingMethodCode: string | null | undefined,
  warehouseCode: string,
  warehouseLabel: string,
): PickUpLocation | null {
  const method = catalogue.shippingMethods.find((m) => m.code === shippingMethodCode);
  if (!method?.pickUp) return null;
  const at = catalogue.warehouseLocations[warehouseCode];
  return {
    warehouse: warehouseLabel,
    address: at?.address ?? [],
    country: at?.country ?? '',
    openingHours: at?.openingHours ?? '',
  };
}

/** The tenant's checkout catalogue in a language: what buyers are shown and what an order placed now records. */
export async function readCatalogueIn(db: Db, language: string): Promise<CheckoutCatalogueIn> {
  return catalogueIn(await readCatalogue(db), await wordsIn(db, language));
}

/** Every word of the catalogue that can have texts, with its English (the operator's list). */
export function checkoutTexts(catalogue: CheckoutCatalogue) {
  return [
    ...catalogue.shippingMethods.flatMap((m) => [
      { kind: 'shipping-method' as const, ref: m.code, field: 'label', english: m.label },
      { kind: 'shipping-method' as const, ref: m.code, field: 'deliveryEstimate', english: m.deliveryEstimate },
    ]),
    ...catalogue.paymentMethods.flatMap((p) =>
      (['label', 'description', 'instructions'] as const).map((field) => ({
        kind: 'payment-method' as const,
        ref: p.code,
        field,
        english: p[field],
      })),
    ),
    ...catalogue.additionalServices.flatMap((s) =>
      (['label', 'description', 'instructions'] as const).map((field) => ({
        kind: 'additional-service' as const,
        ref: s.code,
        field,
        english: s[field],
      })),
    ),
    ...catalogue.taxRules.map((r) => ({
      kind: 'tax-rule' as const,
      ref: taxRuleRef(r),
      field: 'description',
      english: r.description,
    })),
    ...catalogue.requestAQuote.serviceLevels.map((level) => ({
      kind: 'quote-service-level' as const,
      ref: level,
      field: 'label',
      english: level,
    })),
    ...Object.entries(catalogue.warehouseLocations)
      .filter(([, at]) => at.openingHours)
      .map(([code, at]) => ({
        kind: 'pick-up-location' as const,
        ref: code,
        field: 'openingHours',
        english: at.openingHours,
      })),
  ];
}

/** A method as buyers see it (its freight and pick-up flag are the marketplace's own). */
export const methodView = ({ freight: _freight, pickUp: _pickUp, ...method }: CatalogueMethod): ShippingMethod =>
  method;

/** The freight of a method for this many devices to this country: null when it has none (bill my account, a quote requested) or no real-time quote returns. */
export function freightOf(
  method: CatalogueMethod,
  catalogue: CheckoutCatalogue,
  country: string,
  units: number,
): number | null {
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
export function methodFreight(
  method: CatalogueMethod,
  catalogue: CheckoutCatalogue,
  country: string,
  units: number,
): number | null {
  if (method.kind === 'REQUEST_A_QUOTE') return null;
  if (method.kind === 'BILL_MY_ACCOUNT') return 0;
  return freightOf(method, catalogue, country, units);
}

export function taxRuleFor(catalogue: CheckoutCatalogue, address: { country: string; state: string }) {
  return (
    catalogue.taxRules.find(
      (rule) => rule.country === address.country && (!rule.state || rule.state === address.state),
    ) ?? null
  );
}

/** The tax of an order: where it is delivered, which for a pick-up is the warehouse it is collected from. */
export function orderTaxRule(
  catalogue: CheckoutCatalogue,
  method: CatalogueMethod | undefined,
  warehouseCode: string,
  shipTo: { country: string; state: string } | null | undefined,
) {
  if (method?.pickUp) {
    const warehouse = catalogue.warehouseLocations[warehouseCode];
    return warehouse ? taxRuleFor(catalogue, warehouse) : null;
  }
  return shipTo ? taxRuleFor(catalogue, shipTo) : null;
}

/** The pick-up location of a stored order (its shipping choice and warehouse), in the language. */
export async function pickUpOfOrder(
  db: Db,
  order: { warehouseCode: string; shipping: Record<string, unknown> | null },
  language: string,
): Promise<PickUpLocation | null> {
  const code = (order.shipping?.selection as { shippingMethodCode?: string } | undefined)?.shippingMethodCode;
  const catalogue = await readCatalogueIn(db, language);
  if (!catalogue.shippingMethods.find((m) => m.code === code)?.pickUp) return null;
  return pickUpLocationOf(
    catalogue,
    code,
    order.warehouseCode,
    await warehouseLabelIn(db, order.warehouseCode, language),
  );
}
