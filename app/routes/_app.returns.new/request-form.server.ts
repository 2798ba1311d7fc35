import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ReturnUnitRequest } from '~/.server/api/returns';
import { fields, parseForm } from '~/.server/forms';
import { ORDER_NUMBER } from '~/domain/checkout/payment';
import { RETURN_LIMITS } from '~/domain/returns/rules';

/** What the form posts besides the units' own fields. */
const requestForm = z
  .object({
    intent: z.literal('request'),
    order: z.string().regex(ORDER_NUMBER),
    key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    note: fields.typed(RETURN_LIMITS.noteLength),
    unit: fields.many(z.string().regex(/^\d{15}$/)).pipe(z.array(z.string()).max(RETURN_LIMITS.unitsPerRequest)),
  })
  // A unit's reason (reason:IMEI), a line's quantity and reason (line:ITEM, reason-line:ITEM): each once, short.
  .catchall(z.string().max(200))
  .superRefine((form, ctx) => {
    for (const name of Object.keys(form)) {
      if (['intent', 'order', 'key', 'note', 'unit'].includes(name)) continue;
      if (!/^(reason:\d{15}|line:.{1,200}|reason-line:.{1,200})$/.test(name)) ctx.addIssue({ code: 'custom', message: `unknown field ${name}`, path: [name] });
    }
  });

/** The posted units, checked: each ticked IMEI with its reason, each line with a quantity and its reason. */
export interface ParsedRequest {
  orderNumber: string;
  idempotencyKey: string;
  note: string;
  units: ReturnUnitRequest[];
  /** The choices as posted, to show the form again after a refusal. */
  chosen: { units: string[]; values: Record<string, string>; note: string };
}

/** Parses the whole form; anything outside it is a 400 (thrown) that changes nothing. */
export function parseRequestForm(form: FormData): ParsedRequest | 'badForm' {
  const parsed = parseForm(form, requestForm) as z.infer<typeof requestForm> & Record<string, string>;
  const units: ReturnUnitRequest[] = [];
  const values: Record<string, string> = {};
  for (const imei of new Set(parsed.unit)) {
    const reasonCode = parsed[`reason:${imei}`];
    if (!reasonCode) return 'badForm';
    units.push({ imei, reasonCode });
  }
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') continue;
    if (name.startsWith('reason:') || name.startsWith('reason-line:')) values[name] = value;
    if (!name.startsWith('line:')) continue;
    values[name] = value;
    const itemNumberWarehouse = name.slice('line:'.length);
    if (value.trim() === '' || value.trim() === '0') continue;
    if (!/^\d{1,3}$/.test(value.trim())) return 'badForm';
    const reasonCode = parsed[`reason-line:${itemNumberWarehouse}`];
    if (!reasonCode) return 'badForm';
    units.push({ itemNumberWarehouse, quantity: Number(value.trim()), reasonCode });
  }
  return { orderNumber: parsed.order, idempotencyKey: parsed.key, note: parsed.note, units, chosen: { units: parsed.unit, values, note: parsed.note } };
}

/** The form's key: a replayed post finds the request the first one made. */
export const newRequestKey = () => randomUUID();
