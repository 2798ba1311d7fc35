/**
 * Choosing many units of the return form at once (issue 52): every open unit and line (select all),
 * or the units whose IMEIs a buyer pasted, one a line or separated by commas, semicolons or spaces
 * (a column copied from a spreadsheet, a list from an e-mail). The server applies it and sends the
 * form back with the units ticked, so nothing counts before the buyer has seen it.
 */
import type { UnitRefusal } from './rules';

/** IMEIs one paste may name: a request's rows are bounded, and so is a text part of the form. */
export const MAX_PASTED_IMEIS = 900;
/** An IMEI and a line end (CR LF) each: the textarea's own bound. */
export const MAX_PASTED_CHARS = MAX_PASTED_IMEIS * 17;
/** How many refused IMEIs a message names before it says how many more. */
const NAMED = 20;

/** The distinct entries of a pasted list, in the order pasted. */
export function pastedEntries(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((entry) => entry !== ''))];
}

interface Unit {
  imei: string | null;
  refusal: UnitRefusal | null;
}

/** Which pasted entries are open units of the order, which are its units that cannot go back now, and which are not its units at all. */
export function sortPasted(entries: readonly string[], units: readonly Unit[]) {
  const refusals = new Map(units.flatMap((u) => (u.imei === null ? [] : [[u.imei, u.refusal] as const])));
  const open = new Set<string>();
  const notReturnable: string[] = [];
  const unknown: string[] = [];
  for (const entry of entries) {
    if (!refusals.has(entry)) unknown.push(entry);
    else if (refusals.get(entry) === null) open.add(entry);
    else notReturnable.push(entry);
  }
  return { open, notReturnable, unknown };
}

/** Refused entries as a message names them: the first twenty, and how many more there are. */
export function namedEntries(entries: readonly string[]): { units: string; more: number } {
  return { units: entries.slice(0, NAMED).join(', '), more: Math.max(0, entries.length - NAMED) };
}

interface UnitRow {
  imei: string;
  chosen: boolean;
  reason?: string | undefined;
}
interface LineRow {
  item: string;
  quantity: number;
  reason?: string | undefined;
}

/**
 * The rows with the picked units chosen (`'all'`: every row, and every line at the most it can
 * return), each taking `reason` when one was given and keeping its own otherwise. Rows not picked
 * are left as they were.
 */
export function pickUnits<U extends UnitRow, L extends LineRow>(
  rows: { units: readonly U[]; lines: readonly L[] },
  picked: ReadonlySet<string> | 'all',
  freeOf: (item: string) => number,
  reason: string | undefined,
): { units: U[]; lines: L[] } {
  return {
    units: rows.units.map((u) =>
      picked === 'all' || picked.has(u.imei) ? { ...u, chosen: true, reason: reason ?? u.reason } : u,
    ),
    lines:
      picked === 'all'
        ? rows.lines.map((l) => ({ ...l, quantity: Math.max(l.quantity, freeOf(l.item)), reason: reason ?? l.reason }))
        : [...rows.lines],
  };
}
