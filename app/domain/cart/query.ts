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
  /** Batches of 20 shown in tab 2. */
  batches: number;
  notReady: boolean;
}

const FILTER = /^[A-Za-z0-9_-]{1,40}:[A-Z_]{1,30}$/;

export function parseCartQuery(params: URLSearchParams): CartQuery {
  const edit = parseIds(params.get('edit'), 1)[0] ?? null;
  const batches = Number(params.get('batches'));
  return {
    tab: parseTab(params.get('tab')),
    selected: parseIds(params.get('selected')),
    off: (params.get('off') ?? '').split(',').filter((f) => FILTER.test(f)).slice(0, 200),
    edit,
    asOffer: edit !== null && params.get('asOffer') === '1',
    batches: Number.isInteger(batches) && batches > 1 ? Math.min(batches, 10_000) : 1,
    notReady: params.get('notReady') === '1',
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
  if (query.batches && query.batches > 1) params.set('batches', String(query.batches));
  if (query.notReady) params.set('notReady', '1');
  const text = params.toString();
  return text ? `?${text}` : '';
}
