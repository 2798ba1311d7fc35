import type { Fee } from './options';

/**
 * The charges of an order (spec 3 §7 "calculate charges"), all in integer minor units:
 * total = combined subtotal + additional service fees + freight + tax + payment fee.
 * Percentages are basis points and round half away from zero to the minor unit.
 */

export interface ChargeLine {
  quantity: number;
  /** Minor units. */
  unitPrice: number;
}

/** A line of an order or a checkout as it is shown and charged: prices in minor units, extended = quantity × unit. */
export interface PricedLine extends ChargeLine {
  itemNumber: string;
  itemNumberWarehouse: string;
  description: string;
  extendedPrice: number;
}

export interface ChargeInput {
  lines: ChargeLine[];
  /** null when the freight is not known yet (a requested quote): it counts as 0 and is flagged. */
  freight: number | null;
  /** Insurance premium in basis points of the insured amount, added to the freight. */
  insurance: { insuredAmount: number; rate: number } | null;
  services: Fee[];
  /** The tax on subtotal, services and freight; its description is shown with the amount. */
  tax: { rate: number; description: string } | null;
  paymentFee: Fee | null;
}

export interface Charges {
  subtotal: number;
  additionalServicesFee: number;
  freight: number;
  freightUndefined: boolean;
  tax: number;
  taxDescription: string;
  paymentFee: number;
  total: number;
  totalQuantity: number;
}

/** A rate in basis points of an amount in minor units, rounded to the minor unit. */
export function percentOf(amount: number, basisPoints: number): number {
  // Both are integers and their product stays below 2^53 for any order this marketplace takes.
  const exact = amount * basisPoints;
  const rounded = Math.floor((Math.abs(exact) + 5000) / 10000);
  // Never -0: Intl shows it as "-$0.00".
  return exact < 0 && rounded !== 0 ? -rounded : rounded;
}

export const lineTotal = (line: ChargeLine) => line.quantity * line.unitPrice;

/** A fee on an order: FIXED once, PER_UNIT per device, or a percentage of the subtotal or of the total before it. */
export function feeOn(fee: Fee, order: { subtotal: number; units: number; totalBeforeFee: number }): number {
  switch (fee.type) {
    case 'FIXED':
      return fee.value;
    case 'PER_UNIT':
      return fee.value * order.units;
    case 'PERC_OF_ORDER_SUBTOTAL':
      return percentOf(order.subtotal, fee.value);
    case 'PERC_OF_ORDER_TOTAL':
      return percentOf(order.totalBeforeFee, fee.value);
  }
}

export function computeCharges(input: ChargeInput): Charges {
  const subtotal = input.lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const units = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  const order = { subtotal, units, totalBeforeFee: subtotal };
  const additionalServicesFee = input.services.reduce((sum, fee) => sum + feeOn(fee, order), 0);
  const premium = input.insurance ? percentOf(input.insurance.insuredAmount, input.insurance.rate) : 0;
  const freight = (input.freight ?? 0) + premium;
  const tax = input.tax ? percentOf(subtotal + additionalServicesFee + freight, input.tax.rate) : 0;
  const beforeFee = subtotal + additionalServicesFee + freight + tax;
  const paymentFee = input.paymentFee ? feeOn(input.paymentFee, { ...order, totalBeforeFee: beforeFee }) : 0;
  return {
    subtotal,
    additionalServicesFee,
    freight,
    freightUndefined: input.freight === null,
    tax,
    taxDescription: input.tax?.description ?? '',
    paymentFee,
    total: beforeFee + paymentFee,
    totalQuantity: units,
  };
}
