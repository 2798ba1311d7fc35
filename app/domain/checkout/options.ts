/**
 * What a buyer can choose at checkout (spec 3 §3): addresses, shipping methods of four kinds,
 * payment methods with their fees, additional services. Money is in integer minor units
 * (hundredths of the currency unit); percentages are in basis points (1% = 100).
 */

export const SHIPPING_KINDS = ['FIXED', 'REAL_TIME_QUOTE', 'BILL_MY_ACCOUNT', 'REQUEST_A_QUOTE'] as const;
export type ShippingKind = (typeof SHIPPING_KINDS)[number];

export const BILL_MY_ACCOUNT = 'BILL_MY_ACCOUNT';
export const REQUEST_A_QUOTE = 'REQUEST_A_QUOTE';
export const INTEGRATED_PAYPAL = 'INTEGRATED_PAYPAL';

export const FEE_TYPES = ['FIXED', 'PER_UNIT', 'PERC_OF_ORDER_SUBTOTAL', 'PERC_OF_ORDER_TOTAL'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

/** A fee: an amount in minor units (FIXED, PER_UNIT) or a rate in basis points (the two PERC_ types). */
export interface Fee {
  type: FeeType;
  value: number;
}

export interface Address {
  id: number;
  label: string;
  /** ShipToName on a shipping address, BillingCustomerName on a billing one. */
  name: string;
  contact: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  instructions: string;
}

export interface ShippingAddress extends Address {
  /** The methods this address may ship with (shippingAddressIdShippingMethodCodeMapping). */
  shippingMethodCodes: string[];
  /** At checkout, what each of those methods charges for this order to this address (minor units); null until a quote gives it. */
  freights?: Record<string, number | null>;
}

export interface ShippingMethod {
  code: string;
  label: string;
  kind: ShippingKind;
  insuranceAvailable: boolean;
  ignoreShippingInstructions: boolean;
  /** More devices than this in one order and the method cannot carry it. */
  maxDevicesInShipment: number | null;
  /** How long delivery takes, in the tenant's language ('' or absent when the tenant gives none). */
  deliveryEstimate?: string;
}

export interface BillMyAccountOptions {
  carrierChoiceRestricted: boolean;
  carrierOptions: string[];
  carrierServiceLevelsRestricted: boolean;
  /** Service levels per carrier. */
  carrierServiceLevelOptions: Record<string, string[]>;
}

export interface RequestAQuoteOptions {
  serviceLevelsRestricted: boolean;
  /** The levels as the marketplace keeps them: the value a buyer's choice sends and an order records. */
  serviceLevels: string[];
  /** Each level in the tenant's language (a tenant API without them: the levels as they are). */
  serviceLevelLabels?: Record<string, string>;
}

/** A request-a-quote level as buyers read it. */
export const serviceLevelLabel = (options: RequestAQuoteOptions, level: string) =>
  options.serviceLevelLabels?.[level] ?? level;

export interface PaymentMethod {
  code: string;
  label: string;
  description: string;
  instructions: string;
  /** Above this order item total the method is not offered; null is no limit. */
  creditLimit: number | null;
  fee: Fee | null;
}

export interface AdditionalService {
  code: string;
  label: string;
  description: string;
  instructions: string;
  fee: Fee;
}

export interface CheckoutOptions {
  shippingAddresses: ShippingAddress[];
  billingAddresses: Address[];
  /** Methods in the order they are offered; which apply to an address is in its shippingMethodCodes. */
  shippingMethods: ShippingMethod[];
  billMyAccount: BillMyAccountOptions;
  requestAQuote: RequestAQuoteOptions;
  paymentMethods: PaymentMethod[];
  additionalServices: AdditionalService[];
  /** Insurance above this is refused (the order subtotal caps it too). */
  maxShipmentInsuranceAmount: number;
}

/** Spec 3 §9: insurance is capped at this when the tenant sets no maximum. */
export const DEFAULT_MAX_SHIPMENT_INSURANCE = 50_000_00;
export const MAX_SHIPPING_INSTRUCTIONS = 1024;
