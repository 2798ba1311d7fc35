/**
 * The return request form (issue 38): one schema for the action (parseWithZod) and for the page's
 * constraints (getZodConstraint). A row per returnable unit by IMEI (`units[i]`: its IMEI, whether it
 * is chosen, a reason, up to five photos) and per line shipped without IMEIs (`lines[j]`: the line, a
 * quantity, a reason, photos). Errors are message keys; the page words them with PHOTO_TEXT_PARAMS.
 */
import { z } from 'zod';
import { ORDER_NUMBER } from '../checkout/payment';
import { PHOTO_TYPES } from '../photo-type';
import { RETURN_LIMITS } from './rules';
import { MAX_PASTED_CHARS, MAX_PASTED_IMEIS } from './unit-selection';

export const REQUEST_INTENT = 'request';
/** Buttons that choose units and send the form back ticked (unit-selection.ts), and the request itself. */
export const SELECT_ALL_INTENT = 'select-all';
export const PASTE_INTENT = 'paste';
export const REQUEST_INTENTS = [REQUEST_INTENT, SELECT_ALL_INTENT, PASTE_INTENT] as const;
export type RequestIntent = (typeof REQUEST_INTENTS)[number];

export const ORDER_LOOKUP_NOT_FOUND = 'returns.new.orderNotFound';

/** The order to return units of (a GET form: the address keeps it). */
export const orderLookupSchema = z.object({
  order: z
    .string('returns.new.orderRequired')
    .trim()
    .max(40, ORDER_LOOKUP_NOT_FOUND)
    .regex(ORDER_NUMBER, ORDER_LOOKUP_NOT_FOUND),
});

/** The numbers the form's messages name. */
export const PHOTO_TEXT_PARAMS = {
  count: RETURN_LIMITS.photosPerUnit,
  mb: RETURN_LIMITS.photoBytes / 1024 / 1024,
  total: RETURN_LIMITS.photosPerRequest,
  totalMb: RETURN_LIMITS.photoRequestBytes / 1024 / 1024,
  max: RETURN_LIMITS.unitsPerRequest,
  pasted: MAX_PASTED_IMEIS,
};

/** Rows a form may hold: every unit of a large order, by IMEI or by line. */
export const MAX_ROWS = 5000;
export const MAX_LINE_QUANTITY = 999;

/** None until the buyer picks one: the form's empty choice posts nothing, and a chosen unit without one is refused beside it. */
const reason = z
  .string()
  .regex(/^[A-Z0-9_]{1,40}$/)
  .optional();
/** The type is the one read from the file's first bytes (readRequestForm), not the one the browser sent. */
const photo = z
  .file()
  .mime([...PHOTO_TYPES], 'returns.new.photoNotImage')
  .max(RETURN_LIMITS.photoBytes, 'returns.new.photoTooLarge');
const photos = z.array(photo).max(RETURN_LIMITS.photosPerUnit, 'returns.new.tooManyPhotos').default([]);

const unitRow = z.strictObject({
  imei: z.string().regex(/^\d{15}$/),
  chosen: z.boolean().default(false),
  reason,
  photos,
});
const lineRow = z.strictObject({
  item: z.string().min(1).max(200),
  quantity: z
    .number('returns.new.quantityInvalid')
    .int('returns.new.quantityInvalid')
    .min(0, 'returns.new.quantityInvalid')
    .max(MAX_LINE_QUANTITY, 'returns.new.quantityInvalid')
    .default(0),
  reason,
  photos,
});

/** The form's fields: what every button of it posts, whatever it then asks for. */
export const returnRequestShape = z.strictObject({
  intent: z.enum(REQUEST_INTENTS),
  order: z.string().regex(ORDER_NUMBER),
  key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  note: z.string().max(RETURN_LIMITS.noteLength).default(''),
  /** IMEIs pasted to choose their units (PASTE_INTENT), and the reason the units chosen at once take, if one. */
  paste: z.string().max(MAX_PASTED_CHARS, 'returns.new.pasteTooLong').default(''),
  pickReason: reason,
  units: z.array(unitRow).max(MAX_ROWS).default([]),
  lines: z.array(lineRow).max(MAX_ROWS).default([]),
});
export type ReturnRequestShape = z.infer<typeof returnRequestShape>;

/** The form's schema for a request, knowing which of the tenant's reasons need a photo. */
export function returnRequestSchema(photoReasons: readonly string[]) {
  return returnRequestShape.superRefine((form, ctx) => {
    const chosen = [
      ...form.units.map((u, i) => ({ row: u, count: u.chosen ? 1 : 0, path: ['units', i] })),
      ...form.lines.map((l, i) => ({ row: l, count: l.quantity, path: ['lines', i] })),
    ].filter((c) => c.count > 0);
    for (const { row, path } of chosen) {
      if (row.reason === undefined)
        ctx.addIssue({ code: 'custom', path: [...path, 'reason'], message: 'returns.new.reasonRequired' });
      else if (photoReasons.includes(row.reason) && row.photos.length === 0)
        ctx.addIssue({ code: 'custom', path: [...path, 'photos'], message: 'returns.new.photoRequired' });
    }
    if (chosen.length === 0) ctx.addIssue({ code: 'custom', path: [], message: 'returns.new.chooseUnit' });
    if (chosen.reduce((n, c) => n + c.count, 0) > RETURN_LIMITS.unitsPerRequest)
      ctx.addIssue({ code: 'custom', path: [], message: 'returns.new.tooManyUnits' });
    const sent = chosen.flatMap((c) => c.row.photos);
    if (
      sent.length > RETURN_LIMITS.photosPerRequest ||
      sent.reduce((n, p) => n + p.size, 0) > RETURN_LIMITS.photoRequestBytes
    )
      ctx.addIssue({ code: 'custom', path: [], message: 'returns.new.photosTooLarge' });
  });
}

export type ReturnRequestForm = z.infer<ReturnType<typeof returnRequestSchema>>;

/** What the tenant API is asked for: the chosen units with their reasons (the schema refused a chosen unit without one) and photos. */
export function requestedUnits(form: ReturnRequestForm) {
  return [
    ...form.units.filter((u) => u.chosen).map((u) => ({ imei: u.imei, reasonCode: u.reason ?? '', photos: u.photos })),
    ...form.lines
      .filter((l) => l.quantity > 0)
      .map((l) => ({
        itemNumberWarehouse: l.item,
        quantity: l.quantity,
        reasonCode: l.reason ?? '',
        photos: l.photos,
      })),
  ];
}
