import { hasAuthority } from '../authorities';
import { DAY_MS } from '../orders/fees';

/**
 * Returns by IMEI (issue 38): the statuses a return request moves through, what the tenant sets (the
 * window, the reasons, the restocking fee) and the limits every entry point enforces. The marketplace
 * and the portal's form both read these; nothing else decides them.
 */

export const RETURN_STATUSES = [
  'REQUESTED',
  'APPROVED',
  'REJECTED',
  'RECEIVED',
  'CREDITED',
  'REPLACED',
  'CANCELED',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The moves a request can make, from each status. */
const NEXT: Record<ReturnStatus, readonly ReturnStatus[]> = {
  REQUESTED: ['APPROVED', 'REJECTED', 'CANCELED'],
  APPROVED: ['RECEIVED'],
  REJECTED: [],
  RECEIVED: ['CREDITED', 'REPLACED'],
  CREDITED: [],
  REPLACED: [],
  CANCELED: [],
};

export const canMove = (from: ReturnStatus, to: ReturnStatus) => NEXT[from].includes(to);

/** A unit's own state: its request's, except a unit the seller rejected in an approved request. */
export const UNIT_STATES = RETURN_STATUSES;

/**
 * Units in these states hold their IMEI (or line slot): a unique partial index on them keeps a unit in
 * one request at a time and returns it at most once. A rejected or canceled unit can be asked for again.
 */
export const HELD_UNIT_STATES: readonly ReturnStatus[] = ['REQUESTED', 'APPROVED', 'RECEIVED', 'CREDITED', 'REPLACED'];

export const RETURN_LIMITS = {
  unitsPerRequest: 50,
  noteLength: 1000,
  reasonNoteLength: 500,
  photosPerUnit: 5,
  photoBytes: 5 * 1024 * 1024,
  /** Photos of one request together, in number and in bytes (the body's bound on both sides). */
  photosPerRequest: 20,
  photoRequestBytes: 25 * 1024 * 1024,
  instructionsLength: 2000,
} as const;

export interface ReturnReason {
  code: string;
  /** The label per language; English is the fallback. */
  labels: Record<string, string>;
  photoRequired: boolean;
}

export interface ReturnSettings {
  /** Days from a unit's shipment during which it can be returned. */
  windowDays: number;
  /** Kept back from each unit's credit, in hundredths of a percent of its price (1500 = 15.00 %). */
  restockingFeeRate: number;
  reasons: ReturnReason[];
}

export const DEFAULT_RETURN_REASONS: ReturnReason[] = [
  {
    code: 'DOA',
    labels: { en: 'Dead on arrival', fr: 'Hors service à la réception', de: 'Bei Ankunft defekt' },
    photoRequired: false,
  },
  {
    code: 'NOT_AS_GRADED',
    labels: { en: 'Not as graded', fr: 'Non conforme au grade', de: 'Entspricht nicht dem Zustandsgrad' },
    photoRequired: false,
  },
  {
    code: 'LOCKED',
    labels: {
      en: 'Locked — iCloud, FRP or MDM',
      fr: 'Verrouillé — iCloud, FRP ou MDM',
      de: 'Gesperrt — iCloud, FRP oder MDM',
    },
    photoRequired: false,
  },
  {
    code: 'BLACKLISTED',
    labels: { en: 'Blacklisted IMEI', fr: 'IMEI sur liste noire', de: 'IMEI auf der Sperrliste' },
    photoRequired: false,
  },
  {
    code: 'WRONG_MODEL',
    labels: {
      en: 'Wrong model, colour or capacity',
      fr: 'Mauvais modèle, coloris ou capacité',
      de: 'Falsches Modell, falsche Farbe oder Speicherkapazität',
    },
    photoRequired: false,
  },
  {
    code: 'TRANSIT_DAMAGE',
    labels: { en: 'Damaged in transit', fr: 'Endommagé pendant le transport', de: 'Beim Transport beschädigt' },
    photoRequired: false,
  },
];

export const DEFAULT_RETURN_SETTINGS: ReturnSettings = {
  windowDays: 14,
  restockingFeeRate: 0,
  reasons: DEFAULT_RETURN_REASONS,
};

export const MAX_RESTOCKING_FEE_RATE = 10_000;
const REASON_CODE = /^[A-Z0-9_]{1,40}$/;

const wholeIn = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;

function reasonsOf(value: unknown): ReturnReason[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > 50) return null;
  const reasons: ReturnReason[] = [];
  for (const r of value as Partial<ReturnReason>[]) {
    if (!r || typeof r.code !== 'string' || !REASON_CODE.test(r.code) || !r.labels || typeof r.labels !== 'object')
      return null;
    const labels = Object.fromEntries(
      Object.entries(r.labels).filter(([, v]) => typeof v === 'string' && v.length > 0 && v.length <= 200),
    ) as Record<string, string>;
    if (!labels.en) return null;
    reasons.push({ code: r.code, labels, photoRequired: r.photoRequired === true });
  }
  return reasons;
}

/** The stored setting over the defaults, field by field; a value out of range keeps the default. */
export function returnSettingsOf(stored: Partial<Record<keyof ReturnSettings, unknown>> | undefined): ReturnSettings {
  const s = stored ?? {};
  const d = DEFAULT_RETURN_SETTINGS;
  return {
    windowDays: wholeIn(s.windowDays, 0, 3650, d.windowDays),
    restockingFeeRate: wholeIn(s.restockingFeeRate, 0, MAX_RESTOCKING_FEE_RATE, d.restockingFeeRate),
    reasons: reasonsOf(s.reasons) ?? d.reasons,
  };
}

export const reasonLabel = (reason: ReturnReason, language: string) => reason.labels[language] ?? reason.labels.en!;

/** A unit's credit by default: the price paid less the restocking fee (rounded to the nearest minor unit). */
export const defaultCredit = (unitPrice: number, restockingFeeRate: number) =>
  unitPrice - Math.round((unitPrice * restockingFeeRate) / 10_000);

/** Whether a unit shipped at `shippedAt` can still be returned at `now`. */
export const withinWindow = (shippedAt: Date, windowDays: number, now: Date) =>
  now.getTime() <= shippedAt.getTime() + windowDays * DAY_MS;

/**
 * The key of a unit within its order, which the unique index holds: its IMEI, or for goods shipped
 * without IMEIs the line and the unit's place among the line's shipped units (`ITEM#3`).
 */
export const lineUnitKey = (itemNumberWarehouse: string, slot: number) => `${itemNumberWarehouse}#${slot}`;

/** Why a unit cannot be returned; null when it can. */
export type UnitRefusal = 'notShipped' | 'outsideWindow' | 'alreadyReturned' | 'inOpenRequest';

/** Orders with something shipped: their page offers Request a Return to a buyer who may return. */
export const RETURNABLE_ORDER_STATUSES: readonly string[] = ['PARTIALLY_SHIPPED', 'SHIPPED', 'INVOICED'];

export const canRequestReturn = (authorities: readonly string[], fulfilmentStatus: string) =>
  hasAuthority(authorities, 'CAN_VIEW_RETURNS') && RETURNABLE_ORDER_STATUSES.includes(fulfilmentStatus);

/**
 * What a request's or a unit's credit says (issue 52: "Credit $0.00" while it waited): the amount once
 * credited; pending while the seller may still credit it; none once it will not be (rejected,
 * canceled, or replaced by another device).
 */
export type CreditShown = 'amount' | 'pending' | 'none';
const CREDIT_PENDING: readonly string[] = ['REQUESTED', 'APPROVED', 'RECEIVED'];
export function creditShown(status: string): CreditShown {
  return status === 'CREDITED' ? 'amount' : CREDIT_PENDING.includes(status) ? 'pending' : 'none';
}
