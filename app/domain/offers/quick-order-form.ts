/**
 * The quick order pad's form: one schema for the action and for the browser (with JavaScript the
 * lines are read as the buyer leaves the field or submits; without it, on the server only). A
 * refusal is kept in the field's error as the error catalogue's parts (a message code and its
 * params), so the page words it in the buyer's language with the numbers in it.
 */
import { z } from 'zod';
import { failureError } from '../failure-error';
import { parseQuickOrder, QUICK_ORDER_MAX_CHARS } from './quick-order';

export { failureError, readFailureError } from '../failure-error';

export const QUICK_ORDER_INTENT = 'quick-order-review';
export const QUICK_ORDER_INTENTS = [QUICK_ORDER_INTENT] as const;

/** The form body of a pad at its limit: a browser escapes a tab or a non-ASCII letter into three bytes or more. */
export const QUICK_ORDER_FORM_BYTES = QUICK_ORDER_MAX_CHARS * 3 + 64 * 1024;

export const quickOrderSchema = z.object({
  intent: z.literal(QUICK_ORDER_INTENT),
  lines: z
    .string()
    .default('')
    .superRefine((text, ctx) => {
      const read = parseQuickOrder(text);
      if (!read.ok) ctx.addIssue({ code: 'custom', message: failureError(read.refusal) });
    }),
});
