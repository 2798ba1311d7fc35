import { DEFAULT_ORDER_SETTINGS, type OrderSettings, type StatusStyle } from '../../../../app/domain/orders/settings';
import type { Db } from '../../db/client';
import { readSetting } from '../shared/settings';
import { wordsIn, type KnownText, type Words } from '../texts/texts';

export { DEFAULT_ORDER_SETTINGS, type OrderSettings };

/** The tenant's order settings: the stored setting 'order-settings' over the defaults, section by section. */
export async function readOrderSettings(db: Db): Promise<OrderSettings> {
  const stored = (await readSetting<Partial<OrderSettings>>(db, 'order-settings')) ?? {};
  const merged = { ...DEFAULT_ORDER_SETTINGS } as Record<string, unknown>;
  for (const [key, value] of Object.entries(stored)) {
    const base = merged[key];
    merged[key] =
      base &&
      typeof base === 'object' &&
      !Array.isArray(base) &&
      value &&
      typeof value === 'object' &&
      !Array.isArray(value)
        ? { ...base, ...value }
        : value;
  }
  return withEveryStatus(merged as unknown as OrderSettings);
}

/**
 * A tenant's own list of statuses keeps its labels and order, and gains the default style of any
 * status the marketplace sets that it does not name (one added after the list was written), so that
 * no chip shows a bare code.
 */
function withEveryStatus(settings: OrderSettings): OrderSettings {
  const completed = (statuses: StatusStyle[], defaults: StatusStyle[]) => [
    ...statuses,
    ...defaults.filter((d) => !statuses.some((s) => s.code === d.code)),
  ];
  return {
    ...settings,
    fulfillmentSettings: {
      ...settings.fulfillmentSettings,
      statuses: completed(settings.fulfillmentSettings.statuses, DEFAULT_ORDER_SETTINGS.fulfillmentSettings.statuses),
    },
    paymentSettings: {
      ...settings.paymentSettings,
      statuses: completed(settings.paymentSettings.statuses, DEFAULT_ORDER_SETTINGS.paymentSettings.statuses),
    },
  };
}

/** The order settings as buyers of a language read them: the status labels and the pay-and-ship warning in it. */
export function orderSettingsIn(settings: OrderSettings, words: Words): OrderSettings {
  const label = (kind: 'fulfillment-status' | 'payment-status') => (s: StatusStyle) => ({
    ...s,
    label: words(kind, s.code, 'label', s.label),
  });
  return {
    ...settings,
    fulfillmentSettings: {
      ...settings.fulfillmentSettings,
      statuses: settings.fulfillmentSettings.statuses.map(label('fulfillment-status')),
    },
    paymentSettings: {
      ...settings.paymentSettings,
      statuses: settings.paymentSettings.statuses.map(label('payment-status')),
    },
    payAndShipNowWarning: {
      ...settings.payAndShipNowWarning,
      message: words('order-message', 'payAndShipNowWarning', 'message', settings.payAndShipNowWarning.message),
    },
  };
}

export async function readOrderSettingsIn(db: Db, language: string): Promise<OrderSettings> {
  return orderSettingsIn(await readOrderSettings(db), await wordsIn(db, language));
}

/** The order settings' words that can have texts, with their English (the operator's list). */
export function orderSettingsTexts(settings: OrderSettings): KnownText[] {
  return [
    ...settings.fulfillmentSettings.statuses.map((s) => ({
      kind: 'fulfillment-status' as const,
      ref: s.code,
      field: 'label',
      english: s.label,
    })),
    ...settings.paymentSettings.statuses.map((s) => ({
      kind: 'payment-status' as const,
      ref: s.code,
      field: 'label',
      english: s.label,
    })),
    {
      kind: 'order-message' as const,
      ref: 'payAndShipNowWarning',
      field: 'message',
      english: settings.payAndShipNowWarning.message,
    },
  ];
}
