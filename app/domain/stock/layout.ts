/** How a buyer's stock list shows its groups (issue 37): as cards, or as a compact list of one line a group. */
export const STOCK_LIST_LAYOUTS = ['cards', 'list'] as const;
export type StockListLayout = (typeof STOCK_LIST_LAYOUTS)[number];

export const isStockListLayout = (value: unknown): value is StockListLayout =>
  (STOCK_LIST_LAYOUTS as readonly unknown[]).includes(value);
