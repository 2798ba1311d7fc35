import type { Submission, SubmissionResult } from '@conform-to/react';
import type { Returnable } from '~/.server/api/returns';
import { failureError } from '~/domain/failure-error';
import {
  MAX_LINE_QUANTITY,
  PASTE_INTENT,
  type RequestIntent,
  type ReturnRequestShape,
} from '~/domain/returns/request-form';
import { groupReturnable } from '~/domain/returns/returnable';
import { MAX_PASTED_IMEIS, namedEntries, pastedEntries, pickUnits, sortPasted } from '~/domain/returns/unit-selection';

/** A refusal of pasted entries, naming them (a message code of the returns' error texts). */
const named = (code: 'pasteUnknown' | 'pasteNotReturnable', entries: string[]) => {
  const { units, more } = namedEntries(entries);
  return failureError({ messageCode: `return.${code}${more ? 'More' : ''}`, params: { units, more } });
};

/** A row's fields as the form posts them: a field left empty is not there. */
const posted = (fields: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;

/**
 * Select all, or the units of the pasted IMEIs: the form comes back with them ticked (and the reason
 * chosen for them, if one), as a Conform update of the whole form so that a page with scripts shows
 * the new values too. Pasted entries that are no unit of the order, or one that cannot go back now,
 * are named beside the field. Nothing is requested: the buyer sees the choice before it counts.
 */
export function pickedForm(
  submission: Submission<ReturnRequestShape> & { status: 'success' },
  intent: Exclude<RequestIntent, 'request'>,
  returnable: Returnable,
  hideFields: string[],
): { result: SubmissionResult<string[]>; selected: number } {
  const form = submission.value;
  const free = new Map(
    groupReturnable(returnable.units).lines.map((l) => [l.itemNumberWarehouse, Math.min(l.free, MAX_LINE_QUANTITY)]),
  );
  const pasteErrors: string[] = [];
  let picked: ReadonlySet<string> | 'all' = intent === PASTE_INTENT ? new Set() : 'all';
  if (intent === PASTE_INTENT) {
    const entries = pastedEntries(form.paste);
    if (entries.length === 0) pasteErrors.push('returns.new.pasteEmpty');
    else if (entries.length > MAX_PASTED_IMEIS) pasteErrors.push('returns.new.pasteTooLong');
    else {
      const sorted = sortPasted(entries, returnable.units);
      picked = sorted.open;
      if (sorted.unknown.length) pasteErrors.push(named('pasteUnknown', sorted.unknown));
      if (sorted.notReturnable.length) pasteErrors.push(named('pasteNotReturnable', sorted.notReturnable));
    }
  }
  const rows = pickUnits(form, picked, (item) => free.get(item) ?? 0, form.pickReason);
  const result = submission.reply({
    hideFields,
    ...(pasteErrors.length ? { fieldErrors: { paste: pasteErrors } } : {}),
  });
  const value = {
    ...result.initialValue,
    // Every pasted entry found: the list has done its work.
    paste: pasteErrors.length ? form.paste : '',
    units: rows.units.map((u) => posted({ imei: u.imei, chosen: u.chosen ? 'on' : undefined, reason: u.reason })),
    lines: rows.lines.map((l) => posted({ item: l.item, quantity: String(l.quantity), reason: l.reason })),
  };
  result.initialValue = value;
  result.intent = { type: 'update', payload: { value, validated: true } };
  const selected = rows.units.filter((u) => u.chosen).length + rows.lines.reduce((n, l) => n + l.quantity, 0);
  return { result: result as SubmissionResult<string[]>, selected };
}
