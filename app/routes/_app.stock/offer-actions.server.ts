import { redirect } from '@remix-run/node';
import { json } from '~/.server/json';
import { endsSession } from '~/.server/auth';
import { ApiFailure } from '~/.server/api/client';
import { offersApi } from '~/.server/api/offers';
import { stockOwner } from '~/.server/network-view';
import { stockApi } from '~/.server/api/stock';
import { fields, parseForm } from '~/.server/forms';
import { redirectWithToast } from '~/.server/toast';
import { z } from 'zod';
import { priceEntry, QUANTITY_REDUCED, quantityEntry } from '~/domain/offers/entry-rules';
import { getTenantConfig } from '~/.server/api/settings';
import { canBuy as buyerCanBuy } from '~/domain/permissions';
import type { StockActionArgs, StockActionHandler } from './actions.server';

/** What the buy/offer dialog shows again when the server refused or adjusted the entry. */
export interface OfferDialogResult {
  intent: 'offer-save';
  values: { quantity: string; price: string };
  errors: { quantity?: string; price?: string; form?: string };
  /** Messages about values the rules changed; the buyer confirms by sending again. */
  notices: string[];
}

/** Marketplace refusals the dialog explains in the buyer's words; any other failure reads 'could not be updated'. */
const EXPLAINED_FAILURES = new Set(['quantityAboveStock', 'quantityNotInIncrements', 'offersNotAccepted', 'itemOutOfStock']);

const refuse = (result: Omit<OfferDialogResult, 'intent'>) => json<OfferDialogResult>({ intent: 'offer-save', ...result }, { status: 400 });

const ownerOf = ({ context, signedIn }: StockActionArgs, participantId: string) => stockOwner(context, signedIn.token, participantId);

const canBuy = ({ signedIn }: StockActionArgs) => buyerCanBuy(signedIn.user);

/**
 * Offer call failures are only logged (spec 1 §8): the list shows again as it is. Refusals that are
 * the field rules of §5 seen by the marketplace (stock, increments, offers not taken) stay in the
 * dialog with their message, as the rules do in the browser.
 */
function failed(args: StockActionArgs, error: unknown, values: OfferDialogResult['values']) {
  if (endsSession(error)) throw error;
  args.context.logger.error({ err: error }, 'offer call failed');
  const code = error instanceof ApiFailure ? error.messageCode : undefined;
  if (code && EXPLAINED_FAILURES.has(code)) return refuse({ values, errors: { form: `offers.errors.${code}` }, notices: [] });
  return redirect(args.back);
}

const saveForm = z.object({
  mode: z.enum(['buy', 'offer']),
  participantId: fields.key(100),
  itemNumberWarehouse: fields.key(),
  quantity: fields.typed(40),
  price: fields.typed(40),
  offerId: z.union([z.literal(''), fields.id]).optional(),
});

const removeForm = z.object({ participantId: fields.key(100), offerId: fields.id });

/**
 * Buy at list or make an offer, or change what is in the cart. The field rules run here on every
 * submission: a value they change is shown back with the reason before anything is saved.
 */
const save: StockActionHandler = async (args) => {
  const { form, context, signedIn, back } = args;
  const { mode, participantId, itemNumberWarehouse, quantity: typedQuantity, price: typedPrice, offerId } = parseForm(form, saveForm);
  const values = { quantity: typedQuantity, price: typedPrice };
  const owner = await ownerOf(args, participantId);
  const item = owner && canBuy(args) ? await stockApi.item(context, signedIn.token, owner.participantId, itemNumberWarehouse) : null;
  if (!owner || !item || item.listPrice === null || item.quantityAvailable <= 0) {
    return refuse({ values, errors: { form: 'offers.errors.itemUnavailable' }, notices: [] });
  }
  const { language } = await getTenantConfig(context);
  const quantity = quantityEntry(values.quantity, { incrementSize: item.incrementSize, available: item.quantityAvailable }, language);
  const price = mode === 'offer' ? priceEntry(values.price, item.listPrice, language) : { ok: true as const, value: item.listPrice, changed: false };
  const errors: OfferDialogResult['errors'] = {};
  if (!quantity.ok) errors.quantity = quantity.error;
  if (!price.ok) errors.price = price.error;
  if (mode === 'offer' && !item.isOfferAccepted) errors.form = 'offers.errors.offersNotAccepted';
  if (Object.keys(errors).length || !quantity.ok || !price.ok) return refuse({ values, errors, notices: [] });

  const notices: string[] = [];
  if (quantity.reducedToStock) notices.push(QUANTITY_REDUCED);
  else if (quantity.changed) notices.push('offers.quantityAdjusted');
  if (price.changed) notices.push('offers.priceAdjusted');
  if (notices.length) {
    return refuse({ values: { quantity: String(quantity.value), price: mode === 'offer' ? String(price.value) : '' }, errors: {}, notices });
  }

  try {
    const body = { offerQuantity: quantity.value, offerPrice: price.value };
    if (typeof offerId === 'number') {
      await offersApi.change(context, signedIn.token, owner, offerId, body);
      return redirectWithToast(back, { type: 'success', key: 'offers.updated' });
    }
    await offersApi.place(context, signedIn.token, owner, { itemNumberWarehouse, ...body });
    return redirectWithToast(back, { type: 'success', key: 'offers.added' });
  } catch (error) {
    return failed(args, error, values);
  }
};

const remove: StockActionHandler = async (args) => {
  const { form, context, signedIn, back } = args;
  const { participantId, offerId } = parseForm(form, removeForm);
  const owner = canBuy(args) ? await ownerOf(args, participantId) : null;
  if (!owner) return failed(args, new Error(`participant ${participantId} not visible or not buying`), { quantity: '', price: '' });
  try {
    await offersApi.remove(context, signedIn.token, owner, offerId);
    return redirectWithToast(back, { type: 'success', key: 'offers.removed' });
  } catch (error) {
    return failed(args, error, { quantity: '', price: '' });
  }
};

export const OFFER_INTENTS: [string, StockActionHandler][] = [
  ['offer-save', save],
  ['offer-remove', remove],
];
