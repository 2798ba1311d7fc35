// Types and constants only: this module reaches the browser, the schema (and Zod) do not.
import type { z } from 'zod';
import type { stocklistSettingsSchema } from './settings-schema';

/** Stock list settings of one participant (spec 1 §3); read with settings-schema.ts on the server. */
export type StocklistSettings = z.infer<typeof stocklistSettingsSchema>;

export const DEFAULT_ALERT_QUANTITY = 100;
export const STOCK_PAGE_SIZE = 24;
export const MAX_FILTER_LEVELS = 3;
export const GRADE_ATTRIBUTE = 'grade';
