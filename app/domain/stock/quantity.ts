import { numberText } from '../intl';
/** A quantity as the stock list shows it: capped at the display maximum, with '+' when capped. */
export function displayQuantity(quantity: number, max?: number): string {
  const q = Math.max(0, quantity);
  return max !== undefined && q > max ? `${max}+` : String(q);
}

/** The total of the displayed (capped) quantities, with '+' when any of them was capped. */
export function displayTotal(quantities: Iterable<number>, max?: number): string {
  let total = 0;
  let capped = false;
  for (const quantity of quantities) {
    const q = Math.max(0, quantity);
    if (max !== undefined && q > max) {
      capped = true;
      total += max;
    } else {
      total += q;
    }
  }
  return capped ? `${total}+` : String(total);
}

export const BADGE_CAP = 999_999;

export function badgeCount(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.max(0, count));
}

/**
 * A displayed quantity ("16733+") as the language writes numbers ("16,733+", "16 733+"), with the
 * number it stands for, for plural forms.
 */
export function localQuantity(display: string, locale: string): { count: number; text: string } {
  const match = /^(\d+)(\+?)$/.exec(display);
  if (!match) return { count: Number.NaN, text: display };
  const count = Number(match[1]);
  return { count, text: `${numberText(locale)(count)}${match[2]}` };
}
