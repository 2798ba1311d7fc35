import { useLocation } from '@remix-run/react';
import { useEffect } from 'react';
import type { RowsState } from '~/.server/checkout-form';
import type { Row } from '~/domain/checkout/selection';
import { scrollBelowStickyBars } from '../sticky-bars';

/** Where a row's EDIT leads without scripts: the same page with that row open as well (`?edit=`). */
export function useRowEditHref(): (row: Row) => string {
  const location = useLocation();
  return (row) => {
    const search = new URLSearchParams(location.search);
    if (!search.getAll('edit').includes(row)) search.append('edit', row);
    return `${location.pathname}?${search}`;
  };
}

/** The id of the reason beside a row's refused DONE; without scripts the answered page opens on it (the DONE's fragment). */
export const doneReasonId = (row: Row) => `row-${row}-done`;

export { STICKY_BAR } from '../sticky-bars';

/** What an answer points the buyer at, scrolled into view below the sticky bars and focused: the reason beside a refused DONE, or the first refused row's heading. */
export function useFocusRow(rows: Pick<RowsState, 'focus' | 'done'> | null | undefined) {
  const target = rows?.done ? doneReasonId(rows.done.row) : rows?.focus ? `row-${rows.focus}-title` : null;
  useEffect(() => {
    const element = target ? document.getElementById(target) : null;
    if (!element) return;
    scrollBelowStickyBars(element);
    element.focus({ preventScroll: true });
  }, [target]);
}
