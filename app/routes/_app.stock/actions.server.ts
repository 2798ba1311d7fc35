import { data, type AppLoadContext } from '@remix-run/node';
import { requireBuyer, type SignedIn } from '~/.server/auth';
import type { refuseForm } from '~/.server/conform';
import { readForm, singleIntent } from '~/.server/forms';
import { VIEW_PARAMS } from '~/domain/stock/query';
import { ALERT_INTENTS } from './alert-actions.server';
import { OFFER_INTENTS } from './offer-actions.server';
import { LAYOUT_INTENTS } from './layout-actions.server';
import { REPORT_INTENTS } from './report-actions.server';
import { SAVED_SEARCH_INTENTS } from './saved-search-actions.server';

/** What every stock-list form action gets. */
export interface StockActionArgs {
  form: FormData;
  request: Request;
  context: AppLoadContext;
  signedIn: SignedIn;
  /** The stock list as it was, without any dialog: where a finished action returns to. */
  back: string;
}

/** A redirect, or a refused form's reply (Remix's data() with its status). */
export type StockActionHandler = (args: StockActionArgs) => Promise<Response | ReturnType<typeof refuseForm>>;

/** The form intents of the stock list's dialogs, each owned by its capability's module: a closed set. */
const HANDLERS: ReadonlyMap<string, StockActionHandler> = new Map([
  ...OFFER_INTENTS,
  ...ALERT_INTENTS,
  ...REPORT_INTENTS,
  ...LAYOUT_INTENTS,
  ...SAVED_SEARCH_INTENTS,
]);

/**
 * Dialog forms post to the stock list's own URL with an `intent`. A finished action redirects back
 * to the list (filters, page and opened groups kept) with a snackbar; a refused one answers 400
 * with field errors, and the dialog, still addressed by the URL, shows them.
 */
export async function stockAction(request: Request, context: AppLoadContext) {
  const signedIn = await requireBuyer(request, context);
  const form = await readForm(request);
  const handler = HANDLERS.get(singleIntent(form) ?? '');
  if (!handler) return data({ errors: { form: 'errors.unknownAction' } }, { status: 400 });
  const url = new URL(request.url);
  for (const name of VIEW_PARAMS) url.searchParams.delete(name);
  url.searchParams.delete('index');
  const back = `/stock${url.searchParams.size ? `?${url.searchParams}` : ''}`;
  return handler({ form, request, context, signedIn, back });
}
