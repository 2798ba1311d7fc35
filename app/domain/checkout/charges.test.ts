import { describe, expect, it } from 'vitest';
import { chargeLinesSum, computeCharges, devicesIn, feeOn, percentOf, type ChargeInput } from './charges';
import type { Fee } from './options';

const order = { subtotal: 1234_56, units: 7, totalBeforeFee: 2000_00 };
const base: ChargeInput = {
  lines: [
    { quantity: 2, unitPrice: 100_00 },
    { quantity: 3, unitPrice: 33_33 },
  ],
  freight: 25_00,
  insurance: null,
  services: [],
  tax: null,
  paymentFee: null,
};
const SUBTOTAL = 2 * 100_00 + 3 * 33_33;

describe('percentOf: basis points of minor units, half away from zero', () => {
  it('rounds a half up for positive and down for negative amounts', () => {
    expect(percentOf(50, 100)).toBe(1); // 0.5 → 1
    expect(percentOf(49, 100)).toBe(0); // 0.49 → 0
    expect(percentOf(150, 100)).toBe(2); // 1.5 → 2
    expect(percentOf(250, 100)).toBe(3); // 2.5 → 3 (not banker's 2)
    expect(percentOf(-50, 100)).toBe(-1);
    expect(percentOf(-250, 100)).toBe(-3);
    expect(percentOf(-49, 100)).toBe(0); // not -0, which Intl shows as "-$0.00"
    expect(percentOf(0, 825)).toBe(0);
  });
  it('is exact for whole results', () => {
    expect(percentOf(100_00, 825)).toBe(8_25);
    expect(percentOf(1234_56, 10000)).toBe(1234_56);
  });
});

describe('feeOn: every fee type', () => {
  it('FIXED is charged once', () => expect(feeOn({ type: 'FIXED', value: 25_00 }, order)).toBe(25_00));
  it('PER_UNIT is charged per device', () => expect(feeOn({ type: 'PER_UNIT', value: 1_50 }, order)).toBe(7 * 1_50));
  it('PERC_OF_ORDER_SUBTOTAL is a rate of the subtotal', () =>
    expect(feeOn({ type: 'PERC_OF_ORDER_SUBTOTAL', value: 100 }, order)).toBe(12_35)); // 12.3456 → 12.35
  it('PERC_OF_ORDER_TOTAL is a rate of the total before the fee', () =>
    expect(feeOn({ type: 'PERC_OF_ORDER_TOTAL', value: 290 }, order)).toBe(58_00));
});

describe('computeCharges', () => {
  it('adds the lines into the subtotal and counts the devices', () => {
    expect(computeCharges(base)).toMatchObject({
      subtotal: SUBTOTAL,
      totalQuantity: 5,
      freight: 25_00,
      freightUndefined: false,
      total: SUBTOTAL + 25_00,
    });
  });

  it('charges the insurance premium on a line of its own, never inside the freight (issue 51)', () => {
    const charges = computeCharges({ ...base, insurance: { insuredAmount: 35_800_00, rate: 50 } });
    expect(charges).toMatchObject({ freight: 25_00, insurance: 179_00, total: SUBTOTAL + 25_00 + 179_00 });
  });

  it('counts unknown freight as 0 and flags it (a requested quote)', () => {
    expect(computeCharges({ ...base, freight: null })).toMatchObject({
      freight: 0,
      freightUndefined: true,
      total: SUBTOTAL,
    });
    expect(computeCharges({ ...base, freight: null, insurance: { insuredAmount: 1000_00, rate: 50 } })).toMatchObject({
      freight: 0,
      insurance: 5_00,
      freightUndefined: true,
    });
  });

  it('a free-freight promotion is a discount line of the whole freight that says why; the insurance stays charged', () => {
    const charges = computeCharges({
      ...base,
      insurance: { insuredAmount: 100_00, rate: 50 },
      freeFreight: { description: 'Free shipping: order over $5,000.00' },
      tax: { rate: 600, description: 'FL' },
    });
    expect(charges).toMatchObject({
      freight: 25_00,
      freightDiscount: 25_00,
      promotion: 'Free shipping: order over $5,000.00',
      insurance: 50,
    });
    expect(charges.tax).toBe(percentOf(SUBTOTAL + 50, 600));
    expect(charges.total).toBe(SUBTOTAL + 50 + charges.tax);
    expect(chargeLinesSum(charges)).toBe(charges.total);
    // Nothing to waive (a quote not given yet): no line, no words.
    expect(computeCharges({ ...base, freight: null, freeFreight: { description: 'x' } })).toMatchObject({
      freightDiscount: 0,
      promotion: '',
    });
  });

  it('charges each additional service on the subtotal and the devices', () => {
    const services: Fee[] = [
      { type: 'PER_UNIT', value: 1_50 },
      { type: 'FIXED', value: 20_00 },
      { type: 'PERC_OF_ORDER_SUBTOTAL', value: 50 },
      { type: 'PERC_OF_ORDER_TOTAL', value: 50 },
    ];
    const charges = computeCharges({ ...base, services });
    const half = percentOf(SUBTOTAL, 50);
    expect(charges.additionalServicesFee).toBe(5 * 1_50 + 20_00 + half + half);
  });

  it('counts a line’s devices, not its units, for per-unit fees: a lot of 60 devices is one unit of 60', () => {
    const lot = { quantity: 1, unitPrice: 2000_00, devicesPerUnit: 60 };
    expect(devicesIn([lot, { quantity: 2, unitPrice: 1_00 }])).toBe(62);
    const charges = computeCharges({
      ...base,
      lines: [lot],
      services: [{ type: 'PER_UNIT', value: 1_50 }],
      paymentFee: { type: 'PER_UNIT', value: 10 },
    });
    expect(charges).toMatchObject({ subtotal: 2000_00, additionalServicesFee: 60 * 1_50, paymentFee: 60 * 10 });
  });

  it('taxes the subtotal, services, freight and insurance, and keeps the description', () => {
    const charges = computeCharges({
      ...base,
      services: [{ type: 'FIXED', value: 20_00 }],
      insurance: { insuredAmount: 100_00, rate: 50 },
      tax: { rate: 825, description: 'Texas sales tax 8.25%' },
    });
    expect(charges.tax).toBe(percentOf(SUBTOTAL + 20_00 + 25_50, 825));
    expect(charges.taxDescription).toBe('Texas sales tax 8.25%');
    expect(computeCharges(base)).toMatchObject({ tax: 0, taxDescription: '' });
  });

  it.each<[Fee, (beforeFee: number) => number]>([
    [{ type: 'FIXED', value: 25_00 }, () => 25_00],
    [{ type: 'PER_UNIT', value: 25 }, () => 5 * 25],
    [{ type: 'PERC_OF_ORDER_SUBTOTAL', value: 100 }, () => percentOf(SUBTOTAL, 100)],
    [{ type: 'PERC_OF_ORDER_TOTAL', value: 290 }, (beforeFee) => percentOf(beforeFee, 290)],
  ])('a %o payment fee comes last: total = subtotal + services + freight + tax + fee', (paymentFee, expected) => {
    const input: ChargeInput = {
      ...base,
      services: [{ type: 'FIXED', value: 20_00 }],
      tax: { rate: 825, description: 'tax' },
      paymentFee,
    };
    const charges = computeCharges(input);
    const beforeFee =
      charges.subtotal + charges.additionalServicesFee + charges.freight + charges.insurance + charges.tax;
    expect(charges.paymentFee).toBe(expected(beforeFee));
    expect(charges.total).toBe(beforeFee + charges.paymentFee);
  });

  it('gives integers only, whatever the inputs', () => {
    let seed = 20261123;
    const random = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % max;
    };
    const fee = (): Fee => {
      const type = (['FIXED', 'PER_UNIT', 'PERC_OF_ORDER_SUBTOTAL', 'PERC_OF_ORDER_TOTAL'] as const)[random(4)]!;
      return { type, value: type.startsWith('PERC') ? random(3000) : random(10_000) };
    };
    for (let run = 0; run < 500; run++) {
      const input: ChargeInput = {
        lines: Array.from({ length: 1 + random(6) }, () => ({
          quantity: 1 + random(500),
          unitPrice: random(2_000_00),
        })),
        freight: random(5) === 0 ? null : random(1_000_00),
        insurance: random(2) ? { insuredAmount: random(50_000_00), rate: random(300) } : null,
        freeFreight: random(3) === 0 ? { description: 'promotion' } : null,
        services: Array.from({ length: random(4) }, fee),
        tax: random(2)
          ? { rate: random(2500), description: 'tax', rounding: random(2) ? 'PER_LINE' : 'PER_ORDER' }
          : null,
        paymentFee: random(2) ? fee() : null,
      };
      const charges = computeCharges(input);
      for (const [name, value] of Object.entries(charges)) {
        if (typeof value === 'number') expect(Number.isInteger(value), `${name} = ${value}`).toBe(true);
      }
      expect(charges.total).toBe(
        charges.subtotal +
          charges.additionalServicesFee +
          charges.freight -
          charges.freightDiscount +
          charges.insurance +
          charges.tax +
          charges.paymentFee,
      );
    }
  });
});
