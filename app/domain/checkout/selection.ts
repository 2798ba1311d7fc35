import {
  BILL_MY_ACCOUNT,
  DEFAULT_MAX_SHIPMENT_INSURANCE,
  MAX_SHIPPING_INSTRUCTIONS,
  REQUEST_A_QUOTE,
  type CheckoutOptions,
  type ShippingMethod,
} from './options';
import { devicesIn, type PricedLine } from './charges';

/** What the buyer chose on the checkout (and preferences) screen: spec 3 §3 "Selected options in the UI". */
export interface Selection {
  shippingAddressId: number | null;
  shippingMethodCode: string | null;
  /** null until the buyer answers the insurance question. */
  insured: boolean | null;
  /** Minor units; null when not insured. */
  insuredAmount: number | null;
  shippingInstructions: string;
  billMyAccount: { carrier: string; serviceLevel: string; accountNumber: string };
  requestAQuote: { serviceLevel: string; amount: string };
  billingAddressId: number | null;
  paymentMethodCode: string | null;
  additionalServiceCodes: string[];
}

export const EMPTY_SELECTION: Selection = {
  shippingAddressId: null,
  shippingMethodCode: null,
  insured: null,
  insuredAmount: null,
  shippingInstructions: '',
  billMyAccount: { carrier: '', serviceLevel: '', accountNumber: '' },
  requestAQuote: { serviceLevel: '', amount: '' },
  billingAddressId: null,
  paymentMethodCode: null,
  additionalServiceCodes: [],
};

/** The rows of the screen, in order, and the pairs DONE validates together (spec 3 §2.1). */
export const ROWS = [
  'shippingAddress',
  'shippingMethod',
  'billingAddress',
  'paymentMethod',
  'additionalServices',
] as const;
export type Row = (typeof ROWS)[number];
/** The DONE buttons of the rows, as the forms name them (`intent`). */
export const DONE_INTENTS = [
  'done:shippingAddress',
  'done:shippingMethod',
  'done:billingAddress',
  'done:paymentMethod',
  'done:additionalServices',
] as const satisfies readonly `done:${Row}`[];
export type DoneIntent = (typeof DONE_INTENTS)[number];
/** A handler for each row's DONE, made from the row it names (the checkout and the order page answer them alike). */
export function eachRowDone<H>(handlerOf: (row: Row) => H): Record<DoneIntent, H> {
  return Object.fromEntries(ROWS.map((row) => [`done:${row}`, handlerOf(row)])) as Record<DoneIntent, H>;
}
export const PAIR: Record<Row, Row[]> = {
  shippingAddress: ['shippingAddress', 'shippingMethod'],
  shippingMethod: ['shippingAddress', 'shippingMethod'],
  billingAddress: ['billingAddress', 'paymentMethod'],
  paymentMethod: ['billingAddress', 'paymentMethod'],
  additionalServices: ['additionalServices'],
};

/** What the order weighs on the limits of methods: its devices and its item total (minor units); no subtotal for preferences, which are for no one order. */
export interface OrderSize {
  deviceCount: number;
  subtotal: number | null;
}

/** The size of an order of these lines: its devices (a lot's line counts the lot's) and their total. */
export const orderSizeOf = (lines: readonly PricedLine[]): OrderSize => ({
  deviceCount: devicesIn(lines),
  subtotal: lines.reduce((n, l) => n + l.extendedPrice, 0),
});

/** The methods an address may use for this order: in its mapping, shown, and within the device limit. */
export function methodsFor(options: CheckoutOptions, addressId: number | null, size: OrderSize): ShippingMethod[] {
  const address = options.shippingAddresses.find((a) => a.id === addressId);
  if (!address) return [];
  return options.shippingMethods.filter(
    (m) => address.shippingMethodCodes.includes(m.code) && withinDeviceLimit(m, size),
  );
}

export const withinDeviceLimit = (method: ShippingMethod, size: OrderSize) =>
  method.maxDevicesInShipment === null || size.deviceCount <= method.maxDevicesInShipment;

export function paymentMethodsFor(options: CheckoutOptions, size: OrderSize) {
  return options.paymentMethods.filter(
    (p) => p.creditLimit === null || size.subtotal === null || size.subtotal <= p.creditLimit,
  );
}

/** Spec 3 §5: the smaller of the tenant's maximum (50000 when unset) and the order subtotal. */
export function maxInsurance(options: CheckoutOptions, size: OrderSize): number {
  const max = options.maxShipmentInsuranceAmount || DEFAULT_MAX_SHIPMENT_INSURANCE;
  return size.subtotal === null ? max : Math.min(max, size.subtotal);
}

/**
 * The reset rules of spec 3 §2.1, applied when the buyer changes one thing: a new shipping address
 * takes the first method it allows and drops insurance; a new method drops the insurance answer; a
 * single payment method is chosen for the buyer; an address keeps its method only while valid for it.
 */
export function applyChange(
  previous: Selection,
  next: Selection,
  options: CheckoutOptions,
  size: OrderSize,
): Selection {
  let result = { ...next };
  if (next.shippingAddressId !== previous.shippingAddressId) {
    const first = methodsFor(options, next.shippingAddressId, size)[0];
    result = { ...result, shippingMethodCode: first?.code ?? null, insured: null, insuredAmount: null };
  } else if (next.shippingMethodCode !== previous.shippingMethodCode) {
    result = { ...result, insured: null, insuredAmount: null };
  }
  if (result.insured === true && next.insured !== previous.insured) result.insuredAmount = maxInsurance(options, size);
  if (result.insured === false) result.insuredAmount = null;
  const billMyAccount = options.billMyAccount;
  // Spec 3 §5: a carrier chosen from a restricted list takes its first service level (and when the
  // levels are restricted, the old one cannot be valid for the new carrier).
  if (
    (billMyAccount.carrierChoiceRestricted || billMyAccount.carrierServiceLevelsRestricted) &&
    result.billMyAccount.carrier !== previous.billMyAccount.carrier
  ) {
    const levels = billMyAccount.carrierServiceLevelOptions[result.billMyAccount.carrier] ?? [];
    const fallback = billMyAccount.carrierServiceLevelsRestricted ? '' : result.billMyAccount.serviceLevel;
    result.billMyAccount = { ...result.billMyAccount, serviceLevel: levels[0] ?? fallback };
  }
  const payments = paymentMethodsFor(options, size);
  if (payments.length === 1) result.paymentMethodCode = payments[0]!.code;
  return result;
}

/**
 * The rows a change speaks to beside them (spec 3 §2.1): a new shipping address reset the shipping
 * method and its insurance (said only when there was an address before: a first one resets nothing);
 * a new billing address opens the payment method choice when there is more than one to choose from.
 */
export function changeNotices(shown: Selection, next: Selection, options: CheckoutOptions, size: OrderSize): Row[] {
  const notices: Row[] = [];
  if (shown.shippingAddressId !== null && next.shippingAddressId !== shown.shippingAddressId)
    notices.push('shippingMethod');
  if (next.billingAddressId !== shown.billingAddressId && paymentMethodsFor(options, size).length > 1)
    notices.push('paymentMethod');
  return notices;
}

/**
 * The notices standing after a post: those the browser raised since the last answer (`raised`) and
 * those the change posted raises; a payment method chosen anew answers its notice.
 */
export function standingNotices(
  shown: Selection,
  edited: Selection,
  raised: readonly Row[],
  options: CheckoutOptions,
  size: OrderSize,
): Row[] {
  const all = new Set<Row>([...raised, ...changeNotices(shown, edited, options, size)]);
  if (edited.paymentMethodCode !== shown.paymentMethodCode) all.delete('paymentMethod');
  return ROWS.filter((row) => all.has(row));
}

/**
 * Saved choices that no longer exist in today's options are dropped (spec 3 §5 "Saved selections"):
 * an unknown address, a method not valid for the address, a payment method or service not offered.
 */
export function withoutStale(selection: Selection, options: CheckoutOptions, size: OrderSize): Selection {
  const shippingAddressId = options.shippingAddresses.some((a) => a.id === selection.shippingAddressId)
    ? selection.shippingAddressId
    : null;
  const methodValid = methodsFor(options, shippingAddressId, size).some((m) => m.code === selection.shippingMethodCode);
  const billingAddressId = options.billingAddresses.some((a) => a.id === selection.billingAddressId)
    ? selection.billingAddressId
    : null;
  const payments = paymentMethodsFor(options, size);
  const paymentMethodCode = payments.some((p) => p.code === selection.paymentMethodCode)
    ? selection.paymentMethodCode
    : payments.length === 1
      ? payments[0]!.code
      : null;
  return {
    ...selection,
    shippingAddressId,
    shippingMethodCode: methodValid ? selection.shippingMethodCode : null,
    ...(methodValid ? {} : { insured: null, insuredAmount: null }),
    billingAddressId,
    paymentMethodCode,
    additionalServiceCodes: selection.additionalServiceCodes.filter((code) =>
      options.additionalServices.some((s) => s.code === code),
    ),
  };
}

/** A field error: the message key and, where the message names a value, that value. */
export interface FieldError {
  key: string;
  amount?: number;
}
export type RowErrors = Partial<Record<string, FieldError>>;

const isBlank = (value: string) => value.trim() === '';
const NUMBER = /^\s*\d+(?:[.,]\d{1,2})?\s*$/;

/** The errors of one row (spec 3 §5), each under the field it belongs to; no key is a valid row. */
export function rowErrors(row: Row, selection: Selection, options: CheckoutOptions, size: OrderSize): RowErrors {
  switch (row) {
    case 'shippingAddress':
      return options.shippingAddresses.some((a) => a.id === selection.shippingAddressId)
        ? {}
        : { shippingAddressId: { key: 'checkout.errors.shippingAddressRequired' } };
    case 'billingAddress':
      return options.billingAddresses.some((a) => a.id === selection.billingAddressId)
        ? {}
        : { billingAddressId: { key: 'checkout.errors.billingAddressRequired' } };
    case 'paymentMethod':
      return paymentMethodsFor(options, size).some((p) => p.code === selection.paymentMethodCode)
        ? {}
        : { paymentMethodCode: { key: 'checkout.errors.paymentMethodRequired' } };
    case 'additionalServices':
      return selection.additionalServiceCodes.every((code) => options.additionalServices.some((s) => s.code === code))
        ? {}
        : { additionalServiceCodes: { key: 'checkout.errors.invalidSelection' } };
    case 'shippingMethod':
      return shippingMethodErrors(selection, options, size);
  }
}

function shippingMethodErrors(selection: Selection, options: CheckoutOptions, size: OrderSize): RowErrors {
  const method = methodsFor(options, selection.shippingAddressId, size).find(
    (m) => m.code === selection.shippingMethodCode,
  );
  if (!method) return { shippingMethodCode: { key: 'checkout.errors.shippingMethodRequired' } };
  const errors: RowErrors = {};
  if (method.code === REQUEST_A_QUOTE) {
    const { serviceLevel, amount } = selection.requestAQuote;
    if (options.requestAQuote.serviceLevels.length && isBlank(serviceLevel))
      errors['requestAQuote.serviceLevel'] = { key: 'checkout.errors.serviceLevelRequired' };
    else if (
      options.requestAQuote.serviceLevelsRestricted &&
      !options.requestAQuote.serviceLevels.includes(serviceLevel)
    )
      errors['requestAQuote.serviceLevel'] = { key: 'checkout.errors.serviceLevelRequired' };
    if (isBlank(amount)) errors['requestAQuote.amount'] = { key: 'checkout.errors.freightRequired' };
    else if (!NUMBER.test(amount)) errors['requestAQuote.amount'] = { key: 'checkout.errors.freightNotNumber' };
  }
  if (method.code === BILL_MY_ACCOUNT) {
    const { carrier, serviceLevel, accountNumber } = selection.billMyAccount;
    const bma = options.billMyAccount;
    const missing = {
      'billMyAccount.carrier':
        isBlank(carrier) || (bma.carrierChoiceRestricted && !bma.carrierOptions.includes(carrier)),
      'billMyAccount.serviceLevel':
        isBlank(serviceLevel) ||
        (bma.carrierServiceLevelsRestricted && !(bma.carrierServiceLevelOptions[carrier] ?? []).includes(serviceLevel)),
      'billMyAccount.accountNumber': isBlank(accountNumber),
    };
    const keys = {
      'billMyAccount.carrier': 'carrierRequired',
      'billMyAccount.serviceLevel': 'serviceLevelRequired',
      'billMyAccount.accountNumber': 'accountNumberRequired',
    } as const;
    const absent = (Object.keys(missing) as (keyof typeof missing)[]).filter((field) => missing[field]);
    if (absent.length > 1) errors.billMyAccount = { key: 'checkout.errors.fillRequiredFields' };
    for (const field of absent) errors[field] = { key: `checkout.errors.${keys[field]}` };
  }
  if (method.insuranceAvailable) {
    if (selection.insured === null) errors.insured = { key: 'checkout.errors.selectInsurance' };
    else if (selection.insured) {
      const max = maxInsurance(options, size);
      const amount = selection.insuredAmount;
      if (amount === null || amount <= 0)
        errors.insuredAmount = { key: 'checkout.errors.insuranceAboveZero', amount: 0 };
      else if (amount > max) errors.insuredAmount = { key: 'checkout.errors.insuranceMax', amount: max };
    }
  }
  if (!method.ignoreShippingInstructions && selection.shippingInstructions.length > MAX_SHIPPING_INSTRUCTIONS) {
    errors.shippingInstructions = { key: 'checkout.errors.instructionsTooLong' };
  }
  return errors;
}

/** Every row (or these rows) with its errors; the rows without errors are left out. */
export function invalidRows(
  selection: Selection,
  options: CheckoutOptions,
  size: OrderSize,
  rows: readonly Row[] = ROWS,
): Partial<Record<Row, RowErrors>> {
  const result: Partial<Record<Row, RowErrors>> = {};
  for (const row of rows) {
    const errors = rowErrors(row, selection, options, size);
    if (Object.keys(errors).length) result[row] = errors;
  }
  return result;
}

/** The form field each rule's error belongs to (the rules name the parts of a selection; `billMyAccount` is the group's own message). */
const FIELD_OF: Record<string, string> = {
  additionalServiceCodes: 'service',
  'billMyAccount.carrier': 'carrier',
  'billMyAccount.serviceLevel': 'carrierServiceLevel',
  'billMyAccount.accountNumber': 'carrierAccountNumber',
  'requestAQuote.serviceLevel': 'quoteServiceLevel',
  'requestAQuote.amount': 'quoteAmount',
};

/** The rules' errors by row as Conform's field errors (i18n keys; the amounts they name are the page's to fill in). */
export function rowsFieldErrors(errors: Partial<Record<Row, RowErrors>>): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const row of ROWS)
    for (const [part, error] of Object.entries(errors[row] ?? {}))
      if (error) result[FIELD_OF[part] ?? part] = [error.key];
  return result;
}

/** The rows that block checkout: those open for editing and those not valid, in screen order (spec 3 §2.1). */
export function blockingRows(
  open: readonly Row[],
  selection: Selection,
  options: CheckoutOptions,
  size: OrderSize,
): Row[] {
  const invalid = invalidRows(selection, options, size);
  return ROWS.filter((row) => open.includes(row) || invalid[row]);
}

export const isHoldUntilQuote = (selection: Selection) => selection.shippingMethodCode === REQUEST_A_QUOTE;

/** The freight a quote request names (the most the buyer will pay), typed in the currency unit, as minor units; null when it is not an amount. */
export const quoteAmountMinor = (selection: Pick<Selection, 'requestAQuote'>) =>
  insuranceEntry(selection.requestAQuote.amount, null);

/** Insurance typed in the currency unit, as minor units; anything that is not a plain amount is ignored (spec 3 §5). */
export function insuranceEntry(typed: string, previous: number | null): number | null {
  const text = typed.trim().replace(',', '.');
  if (text === '') return null;
  if (!/^\d+(?:\.\d{0,2})?$/.test(text)) return previous;
  const [units, cents = ''] = text.split('.');
  return Number(units) * 100 + Number(cents.padEnd(2, '0'));
}

/** The parts of a selection each row's DONE saves (a pair saves both of its rows). */
const ROW_FIELDS: Record<Row, (keyof Selection)[]> = {
  shippingAddress: ['shippingAddressId'],
  shippingMethod: [
    'shippingMethodCode',
    'insured',
    'insuredAmount',
    'shippingInstructions',
    'billMyAccount',
    'requestAQuote',
  ],
  billingAddress: ['billingAddressId'],
  paymentMethod: ['paymentMethodCode'],
  additionalServices: ['additionalServiceCodes'],
};

/** The saved selection with the rows of one pair taken from the edited one. */
export function withRows(saved: Selection, edited: Selection, rows: readonly Row[]): Selection {
  const result: Selection = { ...saved };
  for (const row of rows)
    for (const key of ROW_FIELDS[row]) (result as unknown as Record<string, unknown>)[key] = edited[key];
  return result;
}
