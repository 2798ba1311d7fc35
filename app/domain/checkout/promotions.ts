import { z } from 'zod';
import { isValidAt, validityWindow, windowInOrder } from '../validity';

/**
 * The tenant's promotions (tenant configuration, `marketplace.promotions`): each is a rule the checkout
 * applies while it is valid, and the only source of the banner that announces it, so a banner never
 * promises what the checkout does not do. Amounts in minor units; a window's ends are instants (ISO 8601).
 */

/** Free freight on an order (one warehouse, as every order is) whose subtotal is above an amount, by the methods named. */
export const freeShippingRuleSchema = z.object({
  kind: z.literal('FREE_SHIPPING'),
  /** The rule's name, which a sales banner gives to be shown only while the rule applies. */
  code: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, - and _'),
  /** The subtotal the order must be above, minor units. */
  minSubtotal: z.number().int().nonnegative(),
  /** The shipping methods whose freight it waives (the ground ones); never the insurance. */
  shippingMethodCodes: z.array(z.string().min(1)).min(1),
  ...validityWindow,
});

export const promotionSchema = z.discriminatedUnion('kind', [freeShippingRuleSchema]).refine(...windowInOrder);

export type Promotion = z.infer<typeof promotionSchema>;
export type FreeShippingRule = z.infer<typeof freeShippingRuleSchema>;

/** The free-shipping rules valid now: what the cart's banner announces. */
export const activeFreeShipping = (rules: readonly Promotion[], now: Date): FreeShippingRule[] =>
  rules.filter((rule) => rule.kind === 'FREE_SHIPPING' && isValidAt(rule, now));

/** The free-shipping rule an order earns now: its method is one the rule names and its subtotal is above the rule's amount. */
export function freeShippingFor(
  rules: readonly Promotion[],
  order: { subtotal: number; shippingMethodCode: string | null | undefined },
  now: Date,
): FreeShippingRule | null {
  if (!order.shippingMethodCode) return null;
  return (
    activeFreeShipping(rules, now).find(
      (rule) => order.subtotal > rule.minSubtotal && rule.shippingMethodCodes.includes(order.shippingMethodCode!),
    ) ?? null
  );
}
