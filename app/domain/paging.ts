/** The page numbers a pager links: first, last, and two each side of the current one. */
export function shownPages(current: number, pageCount: number): number[] {
  return [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b);
}
