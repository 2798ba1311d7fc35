import { describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE, methodFreight, methodView, orderTaxRule } from './checkout-catalogue';

const method = (code: string) => DEMO_CATALOGUE.shippingMethods.find((m) => m.code === code)!;

describe('the demo checkout catalogue', () => {
  it('gives each method a delivery estimate in the tenant language, English when it has none in it', () => {
    expect(methodView(method('ACME_STANDARD_SHIPPING'), 'fr').deliveryEstimate).toBe('Livraison en 3 à 5 jours ouvrés');
    expect(methodView(method('ACME_STANDARD_SHIPPING'), 'de').deliveryEstimate).toBe('Lieferung in 3 bis 5 Werktagen');
    expect(methodView(method('ACME_STANDARD_SHIPPING'), 'es').deliveryEstimate).toBe('Delivered in 3 to 5 business days');
    expect(methodView(method('LOCAL_PICKUP'), 'en')).not.toHaveProperty('pickUp');
  });

  it('prices a method for an order: its own freight, nothing on the buyer’s carrier account, unknown until quoted', () => {
    expect(methodFreight(method('ACME_STANDARD_SHIPPING'), DEMO_CATALOGUE, 'US', 4)).toBe(25_00 + 4 * 50);
    expect(methodFreight(method('BILL_MY_ACCOUNT'), DEMO_CATALOGUE, 'US', 4)).toBe(0);
    expect(methodFreight(method('REQUEST_A_QUOTE'), DEMO_CATALOGUE, 'US', 4)).toBeNull();
    expect(methodFreight(method('ACME_EXPRESS_SHIPPING'), DEMO_CATALOGUE, 'GB', 4)).toBeNull();
  });

  it('taxes where the order is delivered: the ship-to address, or the warehouse of a pick-up', () => {
    const dallas = { country: 'US', state: 'TX' };
    expect(orderTaxRule(DEMO_CATALOGUE, method('ACME_STANDARD_SHIPPING'), 'MIA', dallas)?.description).toBe('Texas sales tax 8.25%');
    expect(orderTaxRule(DEMO_CATALOGUE, method('LOCAL_PICKUP'), 'MIA', dallas)?.description).toBe('Florida sales tax 6%');
    expect(orderTaxRule(DEMO_CATALOGUE, method('LOCAL_PICKUP'), 'NO-SUCH', dallas)).toBeNull();
  });
});
