import type { Fee } from './options';
import type { RacFees } from '../orders/fees';

/**
 * The charges of an order (spec 3 §7 "calculate charges"), all in integer minor units:
 * total = combined subtotal + additional service fees + freight − freight discount + insurance + tax + payment fee.
 * Each is its own line wherever an order's money is shown. Percentages are basis points and round
 * half away from zero to the minor unit.
 */

export interface ChargeLine {
  quantity: number;
  /** Minor units. */
  unitPrice: number;
  /** The devices one unit of the line holds: an awarded lot is one unit of its manifest's devices. 1 when absent. */
  devicesPerUnit?: number;
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
  /** Insurance premium in basis points of the insured amount: a charge of its own. */
  insurance: { insuredAmount: number; rate: number } | null;
  /** A promotion that waives the freight (not the insurance), with the words that say why. */
  freeFreight?: { description: string } | null;
  services: Fee[];
  /** The tax on subtotal, services, freight after its discount and insurance; its description is shown with the amount. */
  tax: { rate: number; description: string; rounding?: TaxRounding } | null;
  paymentFee: Fee | null;
}

/**
 * How the tenant rounds tax: once on the order's taxable amount, or on each line (every item line,
 * the services, the freight, the insurance) and then added up. Either way half up to the minor unit.
 */
export const TAX_ROUNDINGS = ['PER_ORDER', 'PER_LINE'] as const;
export type TaxRounding = (typeof TAX_ROUNDINGS)[number];

export interface Charges {
  subtotal: number;
  additionalServicesFee: number;
  freight: number;
  freightUndefined: boolean;
  /** What a promotion takes off the freight (0 or the whole freight), and the promotion's words. */
  freightDiscount: number;
  promotion: string;
  /** The insurance premium. */
  insurance: number;
  tax: number;
  taxDescription: string;
  paymentFee: number;
  total: number;
  totalQuantity: number;
}

/** The charges of an order with every unit canceled: it owes nothing. */
export const NO_CHARGES: Omit<Charges, 'totalQuantity'> = {
  subtotal: 0,
  additionalServicesFee: 0,
  freight: 0,
  freightUndefined: false,
  freightDiscount: 0,
  promotion: '',
  insurance: 0,
  tax: 0,
  taxDescription: '',
  paymentFee: 0,
  total: 0,
};

/** A rate in basis points of an amount in minor units, rounded to the minor unit. */
export function percentOf(amount: number, basisPoints: number): number {
  // Both are integers and their product stays below 2^53 for any order this marketplace takes.
  const exact = amount * basisPoints;
  const rounded = Math.floor((Math.abs(exact) + 5000) / 10000);
  // Never -0: Intl shows it as "-$0.00".
  return exact < 0 && rounded !== 0 ? -rounded : rounded;
}

export const lineTotal = (line: ChargeLine) => line.quantity * line.unitPrice;

/** The devices of these lines: what freight, device limits and per-unit fees count. */
export const devicesIn = (lines: readonly ChargeLine[]) =>
  lines.reduce((sum, line) => sum + line.quantity * (line.devicesPerUnit ?? 1), 0);

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

/** The tax at a rate (basis points) on taxable amounts (minor units), rounded as the tenant rounds it. */
export function taxOn(amounts: number[], rate: number, rounding: TaxRounding = 'PER_ORDER'): number {
  if (rounding === 'PER_LINE') return amounts.reduce((sum, amount) => sum + percentOf(amount, rate), 0);
  return percentOf(
    amounts.reduce((sum, amount) => sum + amount, 0),
    rate,
  );
}

export function computeCharges(input: ChargeInput): Charges {
  const lineTotals = input.lines.map(lineTotal);
  const subtotal = lineTotals.reduce((sum, amount) => sum + amount, 0);
  const units = devicesIn(input.lines);
  const order = { subtotal, units, totalBeforeFee: subtotal };
  const additionalServicesFee = input.services.reduce((sum, fee) => sum + feeOn(fee, order), 0);
  const insurance = input.insurance ? percentOf(input.insurance.insuredAmount, input.insurance.rate) : 0;
  const freight = input.freight ?? 0;
  const freightDiscount = input.freeFreight ? freight : 0;
  const tax = input.tax
    ? taxOn(
        [...lineTotals, additionalServicesFee, freight - freightDiscount, insurance],
        input.tax.rate,
        input.tax.rounding,
      )
    : 0;
  const beforeFee = subtotal + additionalServicesFee + freight - freightDiscount + insurance + tax;
  const paymentFee = input.paymentFee ? feeOn(input.paymentFee, { ...order, totalBeforeFee: beforeFee }) : 0;
  return {
    subtotal,
    additionalServicesFee,
    freight,
    freightUndefined: input.freight === null,
    freightDiscount,
    promotion: input.freeFreight && freightDiscount > 0 ? input.freeFreight.description : '',
    insurance,
    tax,
    taxDescription: input.tax?.description ?? '',
    paymentFee,
    total: beforeFee + paymentFee,
    totalQuantity: units,
  };
}

/** The amounts of charges' own lines that add up to the total (the discount taken off, a placed order's fees added): what every summary shows. */
export function chargeLinesSum(
  c: Omit<Charges, 'totalQuantity' | 'freightUndefined' | 'taxDescription' | 'promotion' | 'total'> & Partial<RacFees>,
): number {
  return (
    c.subtotal +
    c.additionalServicesFee +
    c.freight -
    c.freightDiscount +
    c.insurance +
    c.tax +
    c.paymentFee +
    (c.reservationFee ?? 0) +
    (c.cancellationFee ?? 0)
  );
}
