import { readWholeNumber, type EntryError } from '../offers/entry-rules';

/** The default alert quantity when the settings give none (spec 1 §9). */
export const DEFAULT_ALERT_QUANTITY = 100;

/**
 * Stock alert quantity (spec 1 §5): blank or zero becomes 1; with an increment above 1 it rounds
 * down to a multiple of it, with one increment as the minimum.
 */
export function applyAlertQuantityRules(typed: number, incrementSize: number): number {
  let value = typed === 0 ? 1 : typed;
  if (incrementSize > 1) value = Math.max(incrementSize, Math.floor(value / incrementSize) * incrementSize);
  return value;
}

export type AlertQuantityEntry = { ok: true; value: number; changed: boolean } | { ok: false; error: EntryError };

/** A typed alert quantity: text that is not a whole number is an error, never a 1-unit alert. */
export function alertQuantityEntry(text: string, incrementSize: number, locale = 'en'): AlertQuantityEntry {
  const reading = readWholeNumber(text, locale);
  if (!reading.ok) return reading;
  const value = applyAlertQuantityRules(reading.value ?? 0, incrementSize);
  return { ok: true, value, changed: value !== reading.value };
}

/** The quantity a new alert starts with. */
export const defaultAlertQuantity = (configured: number | undefined, incrementSize: number) =>
  applyAlertQuantityRules(configured ?? DEFAULT_ALERT_QUANTITY, incrementSize);

/**
 * What the server makes of a posted alert quantity (it does not know the item's increment; the
 * marketplace applies it): a whole number of at least 1 is saved; blank or zero is sent back as 1
 * for the buyer to confirm, so nothing is saved that the buyer did not see.
 */
export function postedAlertQuantity(
  text: string,
  locale = 'en',
): { quantity: number } | { error: string; value: string } {
  const entry = alertQuantityEntry(text, 1, locale);
  if (!entry.ok) return { error: entry.error, value: text };
  if (entry.changed) return { error: 'alerts.errors.becomesOne', value: String(entry.value) };
  return { quantity: entry.value };
}
