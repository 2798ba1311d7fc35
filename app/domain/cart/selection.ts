/** What the select-all checkbox of a warehouse box shows (spec 2 §4). */
export type SelectAllState = 'checked' | 'indeterminate' | 'unchecked' | 'disabled';

export interface Selectable {
  offerId: number;
  status: string;
  inStock: boolean;
}

/**
 * Checked when every eligible (in stock) entry is, indeterminate when some are, disabled when none
 * can be. `rest` counts the box's entries that the page does not show (eligible, and of those selected).
 */
export function selectAllState(
  items: Selectable[],
  selected: ReadonlySet<number>,
  rest: { eligible: number; selected: number } = { eligible: 0, selected: 0 },
): SelectAllState {
  const shown = items.filter((i) => i.inStock);
  const eligible = shown.length + rest.eligible;
  if (!eligible) return 'disabled';
  const checked = shown.filter((i) => selected.has(i.offerId)).length + rest.selected;
  if (checked === 0) return 'unchecked';
  return checked === eligible ? 'checked' : 'indeterminate';
}

/**
 * A select command on the entries a box shows (filters narrow it): 'all', 'none', or 'status:X'
 * (exactly the in-stock entries of that status). Selections in other boxes are kept.
 */
export function applySelect(command: string, shown: Selectable[], selected: ReadonlySet<number>): Set<number> {
  const next = new Set(selected);
  const shownIds = shown.map((i) => i.offerId);
  for (const id of shownIds) next.delete(id);
  const eligible = shown.filter((i) => i.inStock);
  if (command === 'all') for (const i of eligible) next.add(i.offerId);
  else if (command.startsWith('status:')) {
    const status = command.slice('status:'.length);
    for (const i of eligible) if (i.status === status) next.add(i.offerId);
  }
  return next;
}

/** Offer ids from a comma list, keeping only positive whole numbers (at most a few thousand). */
export function parseIds(value: string | null | undefined, limit = 5000): number[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .slice(0, limit)
    .map((part) => Number(part))
    .filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);
  return [...new Set(ids)];
}
