/** The default alert quantity when the settings give none (spec 1 §9). */
export const DEFAULT_ALERT_QUANTITY = 100;

/**
 * Stock alert quantity (spec 1 §5): blank, zero or anything not a whole number becomes 1; with an
 * increment above 1 it rounds down to a multiple of it, with one increment as the minimum.
 */
export function normalizeAlertQuantity(text: string, incrementSize: number): number {
  const trimmed = text.trim();
  let value = /^\d{1,12}$/.test(trimmed) ? Number(trimmed) : 0;
  if (value === 0) value = 1;
  if (incrementSize > 1) value = Math.max(incrementSize, Math.floor(value / incrementSize) * incrementSize);
  return value;
}

/** The quantity a new alert starts with. */
export const defaultAlertQuantity = (configured: number | undefined, incrementSize: number) =>
  normalizeAlertQuantity(String(configured ?? DEFAULT_ALERT_QUANTITY), incrementSize);

/**
 * A typed alert quantity as the server takes it: a whole number of at least 1 is saved; text that
 * is not one is refused; blank or zero is sent back as 1 (the on-blur rule) for the buyer to confirm,
 * so nothing is saved that the buyer did not see.
 */
export function alertQuantityEntry(text: string): { quantity: number } | { error: string; value: string } {
  const trimmed = text.trim();
  if (!/^\d{0,9}$/.test(trimmed)) return { error: 'alerts.errors.wholeNumber', value: text };
  const quantity = Number(trimmed || '0');
  if (quantity === 0) return { error: 'alerts.errors.becomesOne', value: '1' };
  return { quantity };
}
