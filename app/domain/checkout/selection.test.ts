import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_SHIPMENT_INSURANCE, type CheckoutOptions, type ShippingMethod } from './options';
import {
  applyChange,
  blockingRows,
  changeNotices,
  DONE_INTENTS,
  eachRowDone,
  EMPTY_SELECTION,
  insuranceEntry,
  quoteAmountMinor,
  invalidRows,
  maxInsurance,
  methodsFor,
  paymentMethodsFor,
  rowErrors,
  standingNotices,
  withoutStale,
  type OrderSize,
  type Selection,
} from './selection';

const method = (code: string, change: Partial<ShippingMethod> = {}): ShippingMethod => ({
  code,
  label: code,
  kind: 'FIXED',
  insuranceAvailable: false,
  ignoreShippingInstructions: false,
  maxDevicesInShipment: null,
  ...change,
});
const address = (id: number, shippingMethodCodes: string[]) => ({
  id,
  label: `Address ${id}`,
  name: 'Ship to',
  contact: 'Pat',
  address1: '1 Main St',
  address2: '',
  city: 'Austin',
  state: 'TX',
  zip: '73301',
  country: 'US',
  instructions: '',
  shippingMethodCodes,
});

const OPTIONS: CheckoutOptions = {
  shippingAddresses: [
    address(1, ['STANDARD', 'EXPRESS', 'BILL_MY_ACCOUNT', 'REQUEST_A_QUOTE']),
    address(2, ['EXPRESS', 'REQUEST_A_QUOTE']),
  ],
  billingAddresses: [{ ...address(10, []) }, { ...address(11, []) }],
  shippingMethods: [
    method('STANDARD', { insuranceAvailable: true }),
    method('EXPRESS', { kind: 'REAL_TIME_QUOTE', insuranceAvailable: true, maxDevicesInShipment: 10 }),
    method('BILL_MY_ACCOUNT', { kind: 'BILL_MY_ACCOUNT', ignoreShippingInstructions: true }),
    method('REQUEST_A_QUOTE', { kind: 'REQUEST_A_QUOTE' }),
  ],
  billMyAccount: {
    carrierChoiceRestricted: true,
    carrierOptions: ['UPS', 'FedEx'],
    carrierServiceLevelsRestricted: true,
    carrierServiceLevelOptions: { UPS: ['Ground', 'Air'], FedEx: ['Priority', 'Economy'] },
  },
  requestAQuote: { serviceLevelsRestricted: true, serviceLevels: ['Standard', 'Express'] },
  paymentMethods: [
    { code: 'WIRE', label: 'Wire', description: '', instructions: '', creditLimit: null, fee: null },
    {
      code: 'NET30',
      label: 'Net 30',
      description: '',
      instructions: '',
      creditLimit: 1000_00,
      fee: { type: 'FIXED', value: 25_00 },
    },
  ],
  additionalServices: [
    {
      code: 'DATA_WIPE',
      label: 'Data wipe',
      description: '',
      instructions: '',
      fee: { type: 'PER_UNIT', value: 1_50 },
    },
  ],
  maxShipmentInsuranceAmount: 2000_00,
};
const SIZE: OrderSize = { deviceCount: 5, subtotal: 800_00 };

const VALID: Selection = {
  ...EMPTY_SELECTION,
  shippingAddressId: 1,
  shippingMethodCode: 'STANDARD',
  insured: false,
  billingAddressId: 10,
  paymentMethodCode: 'WIRE',
};
const select = (change: Partial<Selection>): Selection => ({ ...VALID, ...change });
const shippingErrors = (change: Partial<Selection>, options = OPTIONS, size = SIZE) =>
  rowErrors('shippingMethod', select(change), options, size);

describe('a complete selection', () => {
  it('has no invalid row', () => expect(invalidRows(VALID, OPTIONS, SIZE)).toEqual({}));
});

describe('request a quote (spec 3 §5)', () => {
  const quote = (requestAQuote: Selection['requestAQuote'], options = OPTIONS) =>
    shippingErrors({ shippingMethodCode: 'REQUEST_A_QUOTE', insured: null, requestAQuote }, options);
  it('requires the service level and the freight', () => {
    expect(quote({ serviceLevel: '', amount: '' })).toEqual({
      'requestAQuote.serviceLevel': { key: 'checkout.errors.serviceLevelRequired' },
      'requestAQuote.amount': { key: 'checkout.errors.freightRequired' },
    });
  });
  it('requires the freight to be a number', () => {
    expect(quote({ serviceLevel: 'Express', amount: 'abc' })).toEqual({
      'requestAQuote.amount': { key: 'checkout.errors.freightNotNumber' },
    });
    expect(quote({ serviceLevel: 'Express', amount: '120.50' })).toEqual({});
  });
  it('refuses a service level outside a restricted list', () => {
    expect(quote({ serviceLevel: 'Overnight', amount: '120' })).toEqual({
      'requestAQuote.serviceLevel': { key: 'checkout.errors.serviceLevelRequired' },
    });
  });
  it('skips the service level check when no service levels are offered', () => {
    expect(
      quote(
        { serviceLevel: '', amount: '120' },
        { ...OPTIONS, requestAQuote: { serviceLevelsRestricted: false, serviceLevels: [] } },
      ),
    ).toEqual({});
  });
});

describe('bill my account (spec 3 §5)', () => {
  const bill = (billMyAccount: Selection['billMyAccount'], options = OPTIONS) =>
    shippingErrors({ shippingMethodCode: 'BILL_MY_ACCOUNT', insured: null, billMyAccount }, options);
  // Service levels free to type: a blank carrier does not also make the level invalid.
  const freeLevels = { ...OPTIONS, billMyAccount: { ...OPTIONS.billMyAccount, carrierServiceLevelsRestricted: false } };
  const full = { carrier: 'UPS', serviceLevel: 'Ground', accountNumber: 'A-1' };
  it('accepts a complete account', () => expect(bill(full)).toEqual({}));
  it.each([
    ['carrier', 'billMyAccount.carrier', 'checkout.errors.carrierRequired'],
    ['serviceLevel', 'billMyAccount.serviceLevel', 'checkout.errors.serviceLevelRequired'],
    ['accountNumber', 'billMyAccount.accountNumber', 'checkout.errors.accountNumberRequired'],
  ])('a single blank %s gives its own message only', (field, name, key) => {
    expect(bill({ ...full, [field]: '   ' }, freeLevels)).toEqual({ [name]: { key } });
  });
  it('several missing also say to fill the required fields', () => {
    expect(bill({ carrier: 'UPS', serviceLevel: '', accountNumber: ' ' })).toEqual({
      billMyAccount: { key: 'checkout.errors.fillRequiredFields' },
      'billMyAccount.serviceLevel': { key: 'checkout.errors.serviceLevelRequired' },
      'billMyAccount.accountNumber': { key: 'checkout.errors.accountNumberRequired' },
    });
    expect(Object.keys(bill({ carrier: '', serviceLevel: '', accountNumber: '' }))).toHaveLength(4);
  });
  it('a blank carrier with restricted service levels leaves no valid level either', () => {
    expect(Object.keys(bill({ ...full, carrier: '' }))).toEqual([
      'billMyAccount',
      'billMyAccount.carrier',
      'billMyAccount.serviceLevel',
    ]);
  });
  it('a carrier or service level outside a restricted list counts as missing', () => {
    expect(bill({ ...full, carrier: 'DHL', serviceLevel: 'Ground' })).toMatchObject({
      billMyAccount: { key: 'checkout.errors.fillRequiredFields' },
    });
    expect(bill({ ...full, serviceLevel: 'Priority' })).toEqual({
      'billMyAccount.serviceLevel': { key: 'checkout.errors.serviceLevelRequired' },
    });
  });
});

describe('insurance (spec 3 §5)', () => {
  it('asks for a choice when the method offers insurance', () => {
    expect(shippingErrors({ insured: null })).toEqual({ insured: { key: 'checkout.errors.selectInsurance' } });
    expect(
      shippingErrors({
        shippingMethodCode: 'REQUEST_A_QUOTE',
        insured: null,
        requestAQuote: { serviceLevel: 'Express', amount: '1' },
      }),
    ).toEqual({});
  });
  it('an insured amount must be above 0', () => {
    expect(shippingErrors({ insured: true, insuredAmount: 0 })).toEqual({
      insuredAmount: { key: 'checkout.errors.insuranceAboveZero', amount: 0 },
    });
    expect(shippingErrors({ insured: true, insuredAmount: null })).toEqual({
      insuredAmount: { key: 'checkout.errors.insuranceAboveZero', amount: 0 },
    });
    expect(shippingErrors({ insured: true, insuredAmount: 1 })).toEqual({});
  });
  it('the maximum is the smaller of the tenant maximum and the subtotal', () => {
    expect(maxInsurance(OPTIONS, SIZE)).toBe(800_00);
    expect(maxInsurance(OPTIONS, { deviceCount: 5, subtotal: 5000_00 })).toBe(2000_00);
    expect(shippingErrors({ insured: true, insuredAmount: 800_01 })).toEqual({
      insuredAmount: { key: 'checkout.errors.insuranceMax', amount: 800_00 },
    });
    expect(shippingErrors({ insured: true, insuredAmount: 800_00 })).toEqual({});
  });
  it('defaults the tenant maximum to 50000.00, and preferences (no order) use it alone', () => {
    const unset = { ...OPTIONS, maxShipmentInsuranceAmount: 0 };
    expect(DEFAULT_MAX_SHIPMENT_INSURANCE).toBe(50_000_00);
    expect(maxInsurance(unset, { deviceCount: 1, subtotal: 90_000_00 })).toBe(50_000_00);
    expect(maxInsurance(unset, { deviceCount: 0, subtotal: null })).toBe(50_000_00);
    expect(maxInsurance(OPTIONS, { deviceCount: 0, subtotal: null })).toBe(2000_00);
  });
});

describe('shipping instructions and payment method (spec 3 §5)', () => {
  it('allows up to 1024 characters', () => {
    expect(shippingErrors({ shippingInstructions: 'x'.repeat(1024) })).toEqual({});
    expect(shippingErrors({ shippingInstructions: 'x'.repeat(1025) })).toEqual({
      shippingInstructions: { key: 'checkout.errors.instructionsTooLong' },
    });
  });
  it('ignores them when the method ignores instructions', () => {
    const billed = {
      shippingMethodCode: 'BILL_MY_ACCOUNT',
      insured: null,
      billMyAccount: { carrier: 'UPS', serviceLevel: 'Air', accountNumber: '1' },
    };
    expect(shippingErrors({ ...billed, shippingInstructions: 'x'.repeat(2000) })).toEqual({});
  });
  it('requires a payment method', () => {
    expect(rowErrors('paymentMethod', select({ paymentMethodCode: null }), OPTIONS, SIZE)).toEqual({
      paymentMethodCode: { key: 'checkout.errors.paymentMethodRequired' },
    });
  });
  it('requires the addresses and a method valid for the address', () => {
    expect(rowErrors('shippingAddress', select({ shippingAddressId: 99 }), OPTIONS, SIZE)).toEqual({
      shippingAddressId: { key: 'checkout.errors.shippingAddressRequired' },
    });
    expect(rowErrors('billingAddress', select({ billingAddressId: null }), OPTIONS, SIZE)).toEqual({
      billingAddressId: { key: 'checkout.errors.billingAddressRequired' },
    });
    expect(shippingErrors({ shippingAddressId: 2 })).toEqual({
      shippingMethodCode: { key: 'checkout.errors.shippingMethodRequired' },
    });
    expect(rowErrors('additionalServices', select({ additionalServiceCodes: ['GONE'] }), OPTIONS, SIZE)).toEqual({
      additionalServiceCodes: { key: 'checkout.errors.invalidSelection' },
    });
  });
});

describe('limits of methods (spec 3 §5)', () => {
  it('a shipping method carries at most its maxDevicesInShipment', () => {
    expect(methodsFor(OPTIONS, 1, { deviceCount: 10, subtotal: 1 }).map((m) => m.code)).toEqual([
      'STANDARD',
      'EXPRESS',
      'BILL_MY_ACCOUNT',
      'REQUEST_A_QUOTE',
    ]);
    expect(methodsFor(OPTIONS, 1, { deviceCount: 11, subtotal: 1 }).map((m) => m.code)).toEqual([
      'STANDARD',
      'BILL_MY_ACCOUNT',
      'REQUEST_A_QUOTE',
    ]);
    expect(methodsFor(OPTIONS, 2, SIZE).map((m) => m.code)).toEqual(['EXPRESS', 'REQUEST_A_QUOTE']);
    expect(methodsFor(OPTIONS, null, SIZE)).toEqual([]);
  });
  it('a payment method takes orders up to its credit limit; preferences see every method', () => {
    expect(paymentMethodsFor(OPTIONS, { deviceCount: 1, subtotal: 1000_00 }).map((p) => p.code)).toEqual([
      'WIRE',
      'NET30',
    ]);
    expect(paymentMethodsFor(OPTIONS, { deviceCount: 1, subtotal: 1000_01 }).map((p) => p.code)).toEqual(['WIRE']);
    expect(paymentMethodsFor(OPTIONS, { deviceCount: 1, subtotal: null }).map((p) => p.code)).toEqual([
      'WIRE',
      'NET30',
    ]);
  });
});

describe('withoutStale: saved choices that no longer exist are dropped', () => {
  it('keeps a valid selection as it is', () =>
    expect(withoutStale({ ...VALID, additionalServiceCodes: ['DATA_WIPE'] }, OPTIONS, SIZE)).toEqual({
      ...VALID,
      additionalServiceCodes: ['DATA_WIPE'],
    }));
  it('drops an unknown shipping address, and with it the method and insurance', () => {
    expect(
      withoutStale(select({ shippingAddressId: 99, insured: true, insuredAmount: 5 }), OPTIONS, SIZE),
    ).toMatchObject({ shippingAddressId: null, shippingMethodCode: null, insured: null, insuredAmount: null });
  });
  it('drops a method not valid for the address or above its device limit', () => {
    expect(withoutStale(select({ shippingAddressId: 2 }), OPTIONS, SIZE)).toMatchObject({
      shippingAddressId: 2,
      shippingMethodCode: null,
    });
    expect(
      withoutStale(select({ shippingMethodCode: 'EXPRESS' }), OPTIONS, { deviceCount: 11, subtotal: 1 }),
    ).toMatchObject({ shippingMethodCode: null });
  });
  it('drops an unknown billing address, payment method and services', () => {
    expect(
      withoutStale(
        select({ billingAddressId: 99, paymentMethodCode: 'GONE', additionalServiceCodes: ['DATA_WIPE', 'GONE'] }),
        OPTIONS,
        SIZE,
      ),
    ).toMatchObject({
      billingAddressId: null,
      paymentMethodCode: null,
      additionalServiceCodes: ['DATA_WIPE'],
    });
  });
  it('drops a payment method over its credit limit and picks the single one left', () => {
    expect(
      withoutStale(select({ paymentMethodCode: 'NET30' }), OPTIONS, { deviceCount: 1, subtotal: 2000_00 }),
    ).toMatchObject({ paymentMethodCode: 'WIRE' });
  });
});

describe('applyChange: the reset rules of spec 3 §2.1 and §4', () => {
  const insured = select({ insured: true, insuredAmount: 300_00 });
  it('a new shipping address takes its first allowed method and drops insurance', () => {
    expect(applyChange(insured, { ...insured, shippingAddressId: 2 }, OPTIONS, SIZE)).toMatchObject({
      shippingAddressId: 2,
      shippingMethodCode: 'EXPRESS',
      insured: null,
      insuredAmount: null,
    });
    expect(
      applyChange(insured, { ...insured, shippingAddressId: 2 }, OPTIONS, { deviceCount: 11, subtotal: 1 }),
    ).toMatchObject({ shippingMethodCode: 'REQUEST_A_QUOTE' });
  });
  it('a new shipping method drops the insurance answer', () => {
    expect(applyChange(insured, { ...insured, shippingMethodCode: 'EXPRESS' }, OPTIONS, SIZE)).toMatchObject({
      shippingMethodCode: 'EXPRESS',
      insured: null,
      insuredAmount: null,
    });
  });
  it('insured YES sets the amount to the maximum; NO clears it', () => {
    const unanswered = select({ insured: null });
    expect(applyChange(unanswered, { ...unanswered, insured: true }, OPTIONS, SIZE)).toMatchObject({
      insured: true,
      insuredAmount: 800_00,
    });
    expect(applyChange(insured, { ...insured, insured: false }, OPTIONS, SIZE)).toMatchObject({
      insured: false,
      insuredAmount: null,
    });
  });
  it('keeps an amount the buyer typed while the answer stays YES', () => {
    expect(applyChange(insured, { ...insured, insuredAmount: 123_00 }, OPTIONS, SIZE)).toMatchObject({
      insured: true,
      insuredAmount: 123_00,
    });
  });
  it('choosing a carrier from a restricted list sets its first service level', () => {
    const billed = select({
      shippingMethodCode: 'BILL_MY_ACCOUNT',
      billMyAccount: { carrier: 'UPS', serviceLevel: 'Air', accountNumber: '1' },
    });
    expect(
      applyChange(billed, { ...billed, billMyAccount: { ...billed.billMyAccount, carrier: 'FedEx' } }, OPTIONS, SIZE)
        .billMyAccount,
    ).toEqual({ carrier: 'FedEx', serviceLevel: 'Priority', accountNumber: '1' });
    // Only the carrier list restricted: still the carrier's first listed level.
    const carriersOnly = {
      ...OPTIONS,
      billMyAccount: { ...OPTIONS.billMyAccount, carrierServiceLevelsRestricted: false },
    };
    expect(
      applyChange(
        billed,
        { ...billed, billMyAccount: { ...billed.billMyAccount, carrier: 'FedEx' } },
        carriersOnly,
        SIZE,
      ).billMyAccount.serviceLevel,
    ).toBe('Priority');
    // Free carriers and levels: what the buyer typed stays.
    const free = {
      ...OPTIONS,
      billMyAccount: {
        carrierChoiceRestricted: false,
        carrierOptions: [],
        carrierServiceLevelsRestricted: false,
        carrierServiceLevelOptions: {},
      },
    };
    expect(
      applyChange(billed, { ...billed, billMyAccount: { ...billed.billMyAccount, carrier: 'DHL' } }, free, SIZE)
        .billMyAccount.serviceLevel,
    ).toBe('Air');
    // The same carrier keeps the level the buyer chose.
    expect(
      applyChange(
        billed,
        { ...billed, billMyAccount: { ...billed.billMyAccount, serviceLevel: 'Ground' } },
        OPTIONS,
        SIZE,
      ).billMyAccount.serviceLevel,
    ).toBe('Ground');
  });
  it('chooses the payment method when only one exists', () => {
    const none = select({ paymentMethodCode: null });
    expect(
      applyChange(none, { ...none, additionalServiceCodes: ['DATA_WIPE'] }, OPTIONS, {
        deviceCount: 1,
        subtotal: 5000_00,
      }).paymentMethodCode,
    ).toBe('WIRE');
    expect(
      applyChange(none, { ...none, additionalServiceCodes: ['DATA_WIPE'] }, OPTIONS, SIZE).paymentMethodCode,
    ).toBeNull();
  });
});

describe('notices beside the rows (spec 3 §2.1)', () => {
  it('a new shipping address says the method was reset; a first one resets nothing', () => {
    expect(
      changeNotices(VALID, applyChange(VALID, select({ shippingAddressId: 2 }), OPTIONS, SIZE), OPTIONS, SIZE),
    ).toEqual(['shippingMethod']);
    const none = select({ shippingAddressId: null, shippingMethodCode: null });
    expect(changeNotices(none, { ...none, shippingAddressId: 1 }, OPTIONS, SIZE)).toEqual([]);
    expect(changeNotices(VALID, select({ shippingMethodCode: 'EXPRESS' }), OPTIONS, SIZE)).toEqual([]);
  });
  it('a new billing address opens the payment method choice only when there is more than one method', () => {
    expect(changeNotices(VALID, select({ billingAddressId: 11 }), OPTIONS, SIZE)).toEqual(['paymentMethod']);
    // Above Net 30's credit limit only wire transfer is left: nothing to choose.
    expect(
      changeNotices(VALID, select({ billingAddressId: 11 }), OPTIONS, { deviceCount: 1, subtotal: 5000_00 }),
    ).toEqual([]);
  });
  it('a payment method chosen anew answers its notice; what the browser raised stands', () => {
    expect(standingNotices(VALID, select({ billingAddressId: 11 }), [], OPTIONS, SIZE)).toEqual(['paymentMethod']);
    expect(
      standingNotices(VALID, select({ billingAddressId: 11, paymentMethodCode: 'NET30' }), [], OPTIONS, SIZE),
    ).toEqual([]);
    expect(standingNotices(VALID, VALID, ['paymentMethod', 'shippingMethod'], OPTIONS, SIZE)).toEqual([
      'shippingMethod',
      'paymentMethod',
    ]);
  });
});

describe('blockingRows', () => {
  it('lists open and invalid rows in screen order', () => {
    expect(blockingRows([], VALID, OPTIONS, SIZE)).toEqual([]);
    expect(blockingRows(['additionalServices', 'shippingAddress'], VALID, OPTIONS, SIZE)).toEqual([
      'shippingAddress',
      'additionalServices',
    ]);
    expect(
      blockingRows(['additionalServices'], select({ paymentMethodCode: null, insured: null }), OPTIONS, SIZE),
    ).toEqual(['shippingMethod', 'paymentMethod', 'additionalServices']);
  });
});

describe('insuranceEntry: typed currency units as minor units', () => {
  it.each([
    ['12', 12_00],
    ['12.5', 12_50],
    ['12.50', 12_50],
    ['12,5', 12_50],
    [' 0.07 ', 7],
    ['12.', 12_00],
  ])('%j is %d', (typed, minor) => expect(insuranceEntry(typed, 1)).toBe(minor));
  it('clears on an empty field', () => expect(insuranceEntry('  ', 5_00)).toBeNull());
  it.each(['abc', '12.345', '-5', '1e3', '1,000.00', '.5'])('ignores %j: the previous amount stays', (typed) =>
    expect(insuranceEntry(typed, 5_00)).toBe(5_00),
  );
});

describe('quoteAmountMinor: the freight a quote request names, as money', () => {
  const quote = (amount: string) => ({ requestAQuote: { serviceLevel: 'Express', amount } });
  it.each([
    ['150', 150_00],
    ['150,5', 150_50],
    [' 99.99 ', 99_99],
  ])('%j is %d', (typed, minor) => expect(quoteAmountMinor(quote(typed))).toBe(minor));
  it.each(['', 'lots', '1e3'])('%j is no amount', (typed) => expect(quoteAmountMinor(quote(typed))).toBeNull());
});

describe('eachRowDone', () => {
  it('gives every DONE intent the handler made from the row it names', () => {
    const handlers = eachRowDone((row) => `finish ${row}`);
    expect(Object.keys(handlers).sort()).toEqual([...DONE_INTENTS].sort());
    expect(handlers['done:billingAddress']).toBe('finish billingAddress');
    expect(handlers['done:additionalServices']).toBe('finish additionalServices');
  });
});
