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
