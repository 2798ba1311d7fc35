import { describe, expect, it } from 'vitest';
import { catalogueIn, DEMO_CATALOGUE, methodFreight, methodView, orderTaxRule } from './checkout-catalogue';
import { englishWords, type Words } from '../texts/texts';

const method = (code: string) => DEMO_CATALOGUE.shippingMethods.find((m) => m.code === code)!;

describe('the demo checkout catalogue', () => {
  it('reads every word buyers see through the texts, keyed by kind, code and field; English where there is none', () => {
    const texts: Record<string, string> = {
      'shipping-method/LOCAL_PICKUP/deliveryEstimate': 'Prêt à retirer',
      'payment-method/WIRE_TRANSFER/instructions': 'Virez le total',
      'tax-rule/US-TX/description': 'Taxe du Texas',
      'additional-service/PHOTO_AUDIT/label': 'Contrôle photo',
      'quote-service-level/Economy/label': 'Économique',
    };
    const french: Words = (kind, ref, field, english) => texts[`${kind}/${ref}/${field}`] ?? english;
    const inFrench = catalogueIn(DEMO_CATALOGUE, french);
    expect(inFrench.shippingMethods.find((m) => m.code === 'LOCAL_PICKUP')).toMatchObject({
      label: 'Pick up at the warehouse',
      deliveryEstimate: 'Prêt à retirer',
    });
    expect(inFrench.paymentMethods.find((p) => p.code === 'WIRE_TRANSFER')).toMatchObject({
      label: 'Wire transfer',
      instructions: 'Virez le total',
      fee: { type: 'PERC_OF_ORDER_SUBTOTAL', value: 100 },
    });
    expect(inFrench.additionalServices.find((s) => s.code === 'PHOTO_AUDIT')!.label).toBe('Contrôle photo');
    expect(
      orderTaxRule(inFrench, method('ACME_STANDARD_SHIPPING'), 'MIA', { country: 'US', state: 'TX' }),
    ).toMatchObject({ rate: 825, description: 'Taxe du Texas' });
    // A request-a-quote level keeps its value; its words are beside it.
    expect(inFrench.requestAQuote).toEqual({
      serviceLevelsRestricted: true,
      serviceLevels: ['Economy', 'Standard', 'Express'],
      serviceLevelLabels: { Economy: 'Économique', Standard: 'Standard', Express: 'Express' },
    });
    const { requestAQuote, ...english } = catalogueIn(DEMO_CATALOGUE, englishWords);
    expect({ ...english, requestAQuote: { ...requestAQuote, serviceLevelLabels: undefined } }).toEqual(DEMO_CATALOGUE);
    expect(requestAQuote.serviceLevelLabels).toEqual({ Economy: 'Economy', Standard: 'Standard', Express: 'Express' });
    expect(methodView(method('LOCAL_PICKUP'))).not.toHaveProperty('pickUp');
    expect(methodView(method('LOCAL_PICKUP'))).not.toHaveProperty('freight');
  });

  it('prices a method for an order: its own freight, nothing on the buyer’s carrier account, unknown until quoted', () => {
    expect(methodFreight(method('ACME_STANDARD_SHIPPING'), DEMO_CATALOGUE, 'US', 4)).toBe(25_00 + 4 * 50);
    expect(methodFreight(method('BILL_MY_ACCOUNT'), DEMO_CATALOGUE, 'US', 4)).toBe(0);
    expect(methodFreight(method('REQUEST_A_QUOTE'), DEMO_CATALOGUE, 'US', 4)).toBeNull();
    expect(methodFreight(method('ACME_EXPRESS_SHIPPING'), DEMO_CATALOGUE, 'GB', 4)).toBeNull();
  });

  it('taxes where the order is delivered: the ship-to address, or the warehouse of a pick-up', () => {
    const dallas = { country: 'US', state: 'TX' };
    expect(orderTaxRule(DEMO_CATALOGUE, method('ACME_STANDARD_SHIPPING'), 'MIA', dallas)?.description).toBe(
      'Texas sales tax 8.25%',
    );
    expect(orderTaxRule(DEMO_CATALOGUE, method('LOCAL_PICKUP'), 'MIA', dallas)?.description).toBe(
      'Florida sales tax 6%',
    );
    expect(orderTaxRule(DEMO_CATALOGUE, method('LOCAL_PICKUP'), 'NO-SUCH', dallas)).toBeNull();
  });
});
