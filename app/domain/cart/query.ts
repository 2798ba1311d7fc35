import { parseIds } from './selection';
import { parseTab, type CartTab } from './tabs';

/** The Cart page's state in its URL: tab, selection, switched-off status filters, the row being edited. */
export interface CartQuery {
  tab: CartTab;
  selected: number[];
  off: string[];
  edit: number | null;
  /** Editing a bought entry as an offer ('or MAKE OFFER'). */
  asOffer: boolean;
  /** Pages of entries shown per warehouse box beyond the first ('show more'), by warehouse code. */
  more: Record<string, number>;
  notReady: boolean;
  /** The warehouse box asking to confirm that MOVE TO CART takes rejected or expired offers at the list price. */
  confirmMove: string | null;
  /** The entry whose history shows in a dialog (issue 37). */
  history: number | null;
}

const FILTER = /^[A-Za-z0-9_-]{1,40}:[A-Z_]{1,30}$/;
const BOX = /^[A-Za-z0-9_-]{1,40}$/;
const MORE = /^([A-Za-z0-9_-]{1,40}):([2-9]|[1-9]\d{1,3})$/;

/** `more=MIA:3,LAX:2`: how many pages each named warehouse box shows (1 when not named). */
function parseMore(value: string | null): Record<string, number> {
  const more: Record<string, number> = {};
  for (const part of (value ?? '').split(',').slice(0, 100)) {
    const match = MORE.exec(part);
    if (match) more[match[1]!] = Number(match[2]);
  }
  return more;
}

export function parseCartQuery(params: URLSearchParams): CartQuery {
  const edit = parseIds(params.get('edit'), 1)[0] ?? null;
  return {
    tab: parseTab(params.get('tab')),
    selected: parseIds(params.get('selected')),
    off: (params.get('off') ?? '')
      .split(',')
      .filter((f) => FILTER.test(f))
      .slice(0, 200),
    edit,
    asOffer: edit !== null && params.get('asOffer') === '1',
    more: parseMore(params.get('more')),
    notReady: params.get('notReady') === '1',
    confirmMove: BOX.test(params.get('confirmMove') ?? '') ? params.get('confirmMove') : null,
    history: parseIds(params.get('history'), 1)[0] ?? null,
  };
}

/** The URL search of a cart state; defaults are left out. */
export function cartSearch(query: Partial<CartQuery>): string {
  const params = new URLSearchParams();
  if (query.tab) params.set('tab', String(query.tab));
  if (query.selected?.length) params.set('selected', query.selected.join(','));
  if (query.off?.length) params.set('off', query.off.join(','));
  if (query.edit) params.set('edit', String(query.edit));
  if (query.edit && query.asOffer) params.set('asOffer', '1');
  const more = Object.entries(query.more ?? {}).filter(([, pages]) => pages > 1);
  if (more.length) params.set('more', more.map(([warehouse, pages]) => `${warehouse}:${pages}`).join(','));
  if (query.notReady) params.set('notReady', '1');
  if (query.confirmMove) params.set('confirmMove', query.confirmMove);
  if (query.history) params.set('history', String(query.history));
  const text = params.toString();
  return text ? `?${text}` : '';
}
