import { describe, expect, it } from 'vitest';
import { isValidAt } from '../validity';
import { activeFreeShipping, freeShippingFor, promotionSchema, type Promotion } from './promotions';
import { tenantConfigSchema } from '../tenant-config';

const ground: Promotion = {
  kind: 'FREE_SHIPPING',
  code: 'GROUND-5000',
  minSubtotal: 5_000_00,
  shippingMethodCodes: ['ACME_STANDARD_SHIPPING'],
  validFrom: '2026-11-01T00:00:00Z',
  validUntil: '2027-01-01T00:00:00Z',
};
const during = new Date('2026-11-29T12:00:00Z');

describe('promotion rules', () => {
  it('apply from their start (included) to their end (excluded)', () => {
    expect(isValidAt(ground, new Date('2026-11-01T00:00:00Z'))).toBe(true);
    expect(isValidAt(ground, new Date('2026-12-31T23:59:59.999Z'))).toBe(true);
    expect(isValidAt(ground, new Date('2027-01-01T00:00:00Z'))).toBe(false);
    expect(isValidAt(ground, new Date('2026-10-31T23:59:59Z'))).toBe(false);
    expect(isValidAt({}, new Date(0))).toBe(true);
  });

  it('the issue’s Miami order: $35,800 by ground earns free freight; at $5,000 exactly, by express, or out of the window it does not', () => {
    expect(
      freeShippingFor([ground], { subtotal: 35_800_00, shippingMethodCode: 'ACME_STANDARD_SHIPPING' }, during),
    ).toBe(ground);
    expect(
      freeShippingFor([ground], { subtotal: 5_000_00, shippingMethodCode: 'ACME_STANDARD_SHIPPING' }, during),
    ).toBeNull();
    expect(
      freeShippingFor([ground], { subtotal: 5_000_01, shippingMethodCode: 'ACME_STANDARD_SHIPPING' }, during),
    ).toBe(ground);
    expect(
      freeShippingFor([ground], { subtotal: 35_800_00, shippingMethodCode: 'ACME_EXPRESS_SHIPPING' }, during),
    ).toBeNull();
    expect(freeShippingFor([ground], { subtotal: 35_800_00, shippingMethodCode: null }, during)).toBeNull();
    expect(
      freeShippingFor(
        [ground],
        { subtotal: 35_800_00, shippingMethodCode: 'ACME_STANDARD_SHIPPING' },
        new Date('2027-01-02T00:00:00Z'),
      ),
    ).toBeNull();
  });

  it('only rules valid now are announced (the banner comes from them, nothing else)', () => {
    const expired = { ...ground, validUntil: '2026-11-02T00:00:00Z' };
    expect(activeFreeShipping([expired, ground], during)).toEqual([ground]);
    expect(activeFreeShipping([], during)).toEqual([]);
  });

  it('the configuration refuses a window that ends before it starts and a rule with no method', () => {
    expect(promotionSchema.safeParse({ ...ground, validUntil: '2026-10-01T00:00:00Z' }).success).toBe(false);
    expect(promotionSchema.safeParse({ ...ground, shippingMethodCodes: [] }).success).toBe(false);
    expect(promotionSchema.safeParse({ ...ground, validFrom: 'next week' }).success).toBe(false);
    expect(promotionSchema.safeParse(ground).success).toBe(true);
  });

  it('a tenant configuration without promotions has none, and rounds tax per order', () => {
    const config = tenantConfigSchema.parse({ tenant_id: 't', tenantShortName: 'T', tenantName: 'T', siteTitle: 'T' });
    expect(config.marketplace.promotions).toEqual([]);
    expect(config.marketplace.taxRounding).toBe('PER_ORDER');
  });
});
