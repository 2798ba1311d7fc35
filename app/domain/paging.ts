/** The page numbers a pager links: first, last, and two each side of the current one. */
export function shownPages(current: number, pageCount: number): number[] {
  return [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b);
}

/** A page number as a URL gives it: digits only, 1 to `max`; anything else is page 1. */
export function pageFromUrl(text: string | null, max: number): number {
  return text !== null && /^\d{1,6}$/.test(text) ? Math.min(Math.max(1, Number(text)), max) : 1;
}
