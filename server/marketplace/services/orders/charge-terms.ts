import type { TaxRounding } from '../../../../app/domain/checkout/charges';
import { freeShippingFor } from '../../../../app/domain/checkout/promotions';
import { formatMinor, tenantMoneyFormat } from '../../../../app/domain/money';
import type { MarketplaceDeps } from '../../context';

/** The tenant's rules that every calculation of an order's charges follows: its promotions and how it rounds tax. */
export interface ChargeTerms {
  taxRounding: TaxRounding;
  /** The free freight an order of this subtotal by this method earns at this instant, with the words that say why; null when none. */
  freeFreight(
    order: { subtotal: number; shippingMethodCode: string | null | undefined },
    at: Date,
  ): { description: string } | null;
}

export function chargeTermsOf({ t, config }: Pick<MarketplaceDeps, 't' | 'config'>): ChargeTerms {
  const money = tenantMoneyFormat(config);
  return {
    taxRounding: config.marketplace.taxRounding,
    freeFreight(order, at) {
      const rule = freeShippingFor(config.marketplace.promotions, order, at);
      return rule
        ? { description: t('system.freeShippingApplied', { amount: formatMinor(rule.minSubtotal, money) }) }
        : null;
    },
  };
}

/** A tenant with no promotions that rounds tax on the order: the seed's default when no tenant is named. */
export const PLAIN_CHARGE_TERMS: ChargeTerms = { taxRounding: 'PER_ORDER', freeFreight: () => null };
