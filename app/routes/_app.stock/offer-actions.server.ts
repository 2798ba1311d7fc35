import type { Submission } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod/v4';
import { redirect } from '@remix-run/node';
import { ApiFailure } from '~/.server/api/client';
import { offersApi } from '~/.server/api/offers';
import { stockOwner } from '~/.server/network-view';
import { stockApi } from '~/.server/api/stock';
import { parseSubmission, refuseForm } from '~/.server/conform';
import { fields } from '~/.server/forms';
import { redirectWithToast } from '~/.server/toast';
import { z } from 'zod';
import { priceEntry, priceNotice, quantityEntry, quantityNotice } from '~/domain/offers/entry-rules';
import { cartLineToast } from '~/.server/cart-line-toast';
import { getTenantConfig } from '~/.server/api/settings';
import { canBuy as buyerCanBuy } from '~/domain/permissions';
import type { StockActionArgs, StockActionHandler } from './actions.server';

/** The buy/offer dialog's form, as its replies name it. */
export const OFFER_FORM = 'offer';

/** Marketplace refusals the dialog explains in the buyer's words; any other failure reads 'could not be updated'. */
const EXPLAINED_FAILURES = new Set([
  'quantityAboveStock',
  'quantityNotInIncrements',
  'offersNotAccepted',
  'itemOutOfStock',
]);

const ownerOf = ({ context, signedIn }: StockActionArgs, participantId: string) =>
  stockOwner(context, signedIn.token, participantId);

const canBuy = ({ signedIn }: StockActionArgs) => buyerCanBuy(signedIn.user);

/**
 * Offer call failures are only logged (spec 1 §8): the list shows again as it is. Refusals that are
 * the field rules of §5 seen by the marketplace (stock, increments, offers not taken) stay in the
 * dialog with their message, as the rules do in the browser.
 */
function failed(args: StockActionArgs, error: unknown, submission?: Submission<unknown>) {
  if (error instanceof Response) throw error;
  args.context.logger.error({ err: error }, 'offer call failed');
  const code = error instanceof ApiFailure ? error.messageCode : undefined;
  if (submission && code && EXPLAINED_FAILURES.has(code))
    return refuseForm(OFFER_FORM, submission, { formErrors: [`offerDialog.errors.${code}`] });
  return redirect(args.back);
}

/** Typed numbers longer than this are not numbers a buyer means. */
const typedNumber = () => fields.typed(40, 'entry.errors.tooLarge');

const offerSaveSchema = z.object({
  intent: z.literal('offer-save'),
  mode: z.enum(['buy', 'offer']),
  participantId: fields.key(100),
  itemNumberWarehouse: fields.key(),
  quantity: typedNumber(),
  price: typedNumber(),
  offerId: fields.id.optional(),
});

export const offerConstraint = getZodConstraint(offerSaveSchema);

const offerRemoveSchema = z.object({
  intent: z.literal('offer-remove'),
  participantId: fields.key(100),
  offerId: fields.id,
});

/**
 * Buy at list or make an offer, or change what is in the cart. The field rules run here on every
 * submission: a value they change is shown back with the reason before anything is saved.
 */
const save: StockActionHandler = async (args) => {
  const { form, context, signedIn, back } = args;
  const submission = parseSubmission(form, offerSaveSchema);
  if (submission.status !== 'success') return refuseForm(OFFER_FORM, submission);
  const { mode, participantId, itemNumberWarehouse, offerId } = submission.value;
  const owner = await ownerOf(args, participantId);
  const item =
    owner && canBuy(args)
      ? await stockApi.item(context, signedIn.token, owner.participantId, itemNumberWarehouse)
      : null;
  if (!owner || !item || item.listPrice === null || item.quantityAvailable <= 0) {
    return refuseForm(OFFER_FORM, submission, { formErrors: ['offerDialog.errors.itemUnavailable'] });
  }
  const config = await getTenantConfig(context);
  const { language } = config;
  const quantity = quantityEntry(
    submission.value.quantity,
    { incrementSize: item.incrementSize, available: item.quantityAvailable },
    language,
  );
  const price =
    mode === 'offer'
      ? priceEntry(submission.value.price, item.listPrice, language)
      : { ok: true as const, value: item.listPrice, changed: false };
  const refused = mode === 'offer' && !item.isOfferAccepted;
  if (refused || !quantity.ok || !price.ok) {
    return refuseForm(OFFER_FORM, submission, {
      formErrors: refused ? ['offerDialog.errors.offersNotAccepted'] : [],
      fieldErrors: {
        ...(quantity.ok ? {} : { quantity: [quantity.error] }),
        ...(price.ok ? {} : { price: [price.error] }),
      },
    });
  }

  // A value the rules changed is answered back with why, and nothing is sent until the buyer confirms it.
  const notices = [quantityNotice(quantity), priceNotice(price)].filter((key): key is string => key !== null);
  if (notices.length) {
    return refuseForm(OFFER_FORM, submission, {
      values: { quantity: String(quantity.value), price: mode === 'offer' ? String(price.value) : '' },
      notices: [...notices, 'offers.notSentYet'],
    });
  }

  try {
    const body = { offerQuantity: quantity.value, offerPrice: price.value };
    // The confirmation says what went to the cart: the quantity, the item, the price and the total.
    const line = cartLineToast(config, { quantity: quantity.value, price: price.value, item: item.skuDescription });
    if (typeof offerId === 'number') {
      await offersApi.change(context, signedIn.token, owner, offerId, body);
      return redirectWithToast(back, line('offers.updated'));
    }
    await offersApi.place(context, signedIn.token, owner, { itemNumberWarehouse, ...body });
    return redirectWithToast(back, line('offers.added'));
  } catch (error) {
    return failed(args, error, submission);
  }
};

const remove: StockActionHandler = async (args) => {
  const { form, context, signedIn, back } = args;
  const submission = parseSubmission(form, offerRemoveSchema);
  if (submission.status !== 'success') return refuseForm(OFFER_FORM, submission);
  const { participantId, offerId } = submission.value;
  const owner = canBuy(args) ? await ownerOf(args, participantId) : null;
  if (!owner) return failed(args, new Error(`participant ${participantId} not visible or not buying`), submission);
  try {
    await offersApi.remove(context, signedIn.token, owner, offerId);
    return redirectWithToast(back, { type: 'success', key: 'offers.removed' });
  } catch (error) {
    return failed(args, error, submission);
  }
};

export const OFFER_INTENTS: [string, StockActionHandler][] = [
  ['offer-save', save],
  ['offer-remove', remove],
];
