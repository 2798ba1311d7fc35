/** Bars that stay at the top of the window as it scrolls (the checkout's total, an order's pending changes) mark themselves with this attribute. */
export const STICKY_BAR = { 'data-sticky-bar': '' } as const;

/** Scrolls the element to just below the bars that stay at the top of the window, never under them. */
export function scrollBelowStickyBars(element: HTMLElement) {
  const bars = [...document.querySelectorAll<HTMLElement>('[data-sticky-bar]')].map(
    (bar) => bar.getBoundingClientRect().height,
  );
  window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - Math.max(0, ...bars) - 16 });
}
