import { describe, expect, it } from 'vitest';
import type { CheckoutOptions, ShippingMethod } from './options';
import { PREFERENCES_SIZE, preferencesErrors, preferencesToSave } from './preferences';
import { EMPTY_SELECTION, type Selection } from './selection';

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
  label: `A${id}`,
  name: '',
  contact: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  country: 'US',
  instructions: '',
  shippingMethodCodes,
});

const OPTIONS: CheckoutOptions = {
  shippingAddresses: [address(1, ['STANDARD', 'PICKUP', 'BILL_MY_ACCOUNT', 'REQUEST_A_QUOTE'])],
  billingAddresses: [address(10, [])],
  shippingMethods: [
    method('STANDARD', { insuranceAvailable: true, maxDevicesInShipment: 1 }),
    method('PICKUP', { ignoreShippingInstructions: true }),
    method('BILL_MY_ACCOUNT', { kind: 'BILL_MY_ACCOUNT' }),
    method('REQUEST_A_QUOTE', { kind: 'REQUEST_A_QUOTE' }),
  ],
  billMyAccount: {
    carrierChoiceRestricted: true,
    carrierOptions: ['UPS'],
    carrierServiceLevelsRestricted: true,
    carrierServiceLevelOptions: { UPS: ['Ground'] },
  },
  requestAQuote: { serviceLevelsRestricted: true, serviceLevels: ['Standard'] },
  paymentMethods: [{ code: 'NET30', label: 'Net 30', description: '', instructions: '', creditLimit: 1_00, fee: null }],
  additionalServices: [
    { code: 'DATA_WIPE', label: 'Data wipe', description: '', instructions: '', fee: { type: 'FIXED', value: 1 } },
  ],
  maxShipmentInsuranceAmount: 2000_00,
};

const valid: Selection = {
  ...EMPTY_SELECTION,
  shippingAddressId: 1,
  shippingMethodCode: 'STANDARD',
  insured: true,
  insuredAmount: 2000_00,
  billingAddressId: 10,
  paymentMethodCode: 'NET30',
};

describe('preferences', () => {
  it('are for no order: no device or credit limit, insurance up to the tenant maximum', () => {
    expect(PREFERENCES_SIZE.subtotal).toBeNull();
    expect(preferencesErrors(valid, OPTIONS)).toEqual({ errors: {}, first: null });
    expect(preferencesErrors({ ...valid, insuredAmount: 2000_01 }, OPTIONS).errors.shippingMethod).toEqual({
      insuredAmount: { key: 'checkout.errors.insuranceMax', amount: 2000_00 },
    });
  });

  it('need a shipping method and a payment method; the first missing row comes first', () => {
    const { errors, first } = preferencesErrors({ ...EMPTY_SELECTION, shippingAddressId: 1 }, OPTIONS);
    expect(first).toBe('shippingMethod');
    expect(errors.shippingMethod).toEqual({ shippingMethodCode: { key: 'checkout.errors.shippingMethodRequired' } });
    expect(errors.paymentMethod).toEqual({ paymentMethodCode: { key: 'checkout.errors.paymentMethodRequired' } });
    expect(preferencesErrors({ ...valid, insured: null }, OPTIONS)).toMatchObject({
      first: 'shippingMethod',
      errors: { shippingMethod: { insured: { key: 'checkout.errors.selectInsurance' } } },
    });
    expect(preferencesErrors({ ...valid, paymentMethodCode: null }, OPTIONS).first).toBe('paymentMethod');
  });

  it('send the insurance fields only where the method offers insurance, and each method only its own fields', () => {
    const dirty: Selection = {
      ...valid,
      shippingInstructions: ' Dock 4 ',
      billMyAccount: { carrier: 'UPS', serviceLevel: 'Ground', accountNumber: '1' },
      requestAQuote: { serviceLevel: 'Standard', amount: '9' },
      additionalServiceCodes: ['DATA_WIPE', 'DATA_WIPE'],
    };
    expect(preferencesToSave(dirty, OPTIONS)).toEqual({
      ...valid,
      shippingInstructions: 'Dock 4',
      additionalServiceCodes: ['DATA_WIPE'],
    });
    expect(preferencesToSave({ ...dirty, insured: false }, OPTIONS)).toMatchObject({
      insured: false,
      insuredAmount: null,
    });
    expect(preferencesToSave({ ...dirty, shippingMethodCode: 'PICKUP' }, OPTIONS)).toMatchObject({
      insured: null,
      insuredAmount: null,
      shippingInstructions: '',
      billMyAccount: EMPTY_SELECTION.billMyAccount,
    });
    expect(preferencesToSave({ ...dirty, shippingMethodCode: 'BILL_MY_ACCOUNT' }, OPTIONS)).toMatchObject({
      insured: null,
      billMyAccount: dirty.billMyAccount,
      requestAQuote: EMPTY_SELECTION.requestAQuote,
    });
    expect(preferencesToSave({ ...dirty, shippingMethodCode: 'REQUEST_A_QUOTE' }, OPTIONS)).toMatchObject({
      insured: null,
      requestAQuote: dirty.requestAQuote,
      billMyAccount: EMPTY_SELECTION.billMyAccount,
    });
  });
});
