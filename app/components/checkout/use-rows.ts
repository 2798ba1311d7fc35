import { useLocation } from '@remix-run/react';
import { useEffect } from 'react';
import type { Row } from '~/domain/checkout/selection';

/** Where a row's EDIT leads without scripts: the same page with that row open as well (`?edit=`). */
export function useRowEditHref(): (row: Row) => string {
  const location = useLocation();
  return (row) => {
    const search = new URLSearchParams(location.search);
    if (!search.getAll('edit').includes(row)) search.append('edit', row);
    return `${location.pathname}?${search}`;
  };
}

/** The first row an answer refused is scrolled to and its heading focused. */
export function useFocusRow(row: Row | null | undefined) {
  useEffect(() => {
    if (!row) return;
    const heading = document.getElementById(`row-${row}-title`);
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus();
  }, [row]);
}
