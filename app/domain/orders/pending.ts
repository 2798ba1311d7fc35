import type { Row, Selection } from '../checkout/selection';

/**
 * A buyer's unsaved changes to a placed order (spec 3 §2.6, §4): new quantities per line (0 removes
 * it) and the rows of the shipping and billing section changed, with the selection they make.
 */
export interface PendingChanges {
  lines: Record<string, number>;
  rows: Row[];
  selection: Selection | null;
}

export const NO_CHANGES: PendingChanges = { lines: {}, rows: [], selection: null };

/** Each line changed and each section row changed counts once ('{n} changes saved'). */
export function changeCount(changes: PendingChanges): number {
  return Object.keys(changes.lines).length + changes.rows.length;
}

/** The changes with one line set to a quantity; back to what is saved, the line is no longer a change. */
export function withLine(
  changes: PendingChanges,
  lineId: number,
  quantity: number,
  savedQuantity: number,
): PendingChanges {
  const { [String(lineId)]: _dropped, ...lines } = changes.lines;
  return { ...changes, lines: quantity === savedQuantity ? lines : { ...lines, [lineId]: quantity } };
}

/** The changes with these section rows set to what the selection holds; rows back to the saved choice are no longer changes. */
export function withRows(
  changes: PendingChanges,
  saved: Selection,
  selection: Selection,
  rows: readonly Row[],
): PendingChanges {
  const merged = new Set(changes.rows);
  for (const row of rows) {
    if (rowDiffers(row, saved, selection)) merged.add(row);
    else merged.delete(row);
  }
  const ordered = [...merged];
  return { ...changes, rows: ordered, selection: ordered.length ? selection : null };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether two selections differ in what one row of the section shows. */
export function rowDiffers(row: Row, a: Selection, b: Selection): boolean {
  switch (row) {
    case 'shippingAddress':
      return a.shippingAddressId !== b.shippingAddressId;
    case 'shippingMethod':
      return !same(
        [a.shippingMethodCode, a.insured, a.insuredAmount, a.shippingInstructions, a.billMyAccount, a.requestAQuote],
        [b.shippingMethodCode, b.insured, b.insuredAmount, b.shippingInstructions, b.billMyAccount, b.requestAQuote],
      );
    case 'billingAddress':
      return a.billingAddressId !== b.billingAddressId;
    case 'paymentMethod':
      return a.paymentMethodCode !== b.paymentMethodCode;
    case 'additionalServices':
      return !same([...a.additionalServiceCodes].sort(), [...b.additionalServiceCodes].sort());
  }
}

/** A stored draft read back: whatever shape it was kept in, a PendingChanges. */
export function pendingFrom(stored: unknown): PendingChanges {
  if (!stored || typeof stored !== 'object') return NO_CHANGES;
  const s = stored as Partial<PendingChanges>;
  const lines = Object.fromEntries(
    Object.entries(s.lines ?? {}).filter(([id, q]) => /^\d+$/.test(id) && Number.isInteger(q) && (q as number) >= 0),
  ) as Record<string, number>;
  return { lines, rows: Array.isArray(s.rows) ? s.rows : [], selection: s.selection ?? null };
}

/**
 * The payment method whose fee the order's totals show, by its label: while changes wait the totals
 * are the preview's, worked out with the method chosen and not yet saved; else the order's own.
 */
export function paymentMethodOfTotals(
  pendingCount: number,
  previewMethodCode: string | null,
  methods: readonly { code: string; label: string }[] | undefined,
  savedLabel: string,
): string | undefined {
  const label = pendingCount ? methods?.find((method) => method.code === previewMethodCode)?.label : savedLabel;
  return label || undefined;
}
