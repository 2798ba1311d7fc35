import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { cartApi, type CartItem } from '~/.server/api/cart';
import { ApiFailure } from '~/.server/api/client';
import { offersApi, type StockOwner } from '~/.server/api/offers';
import { stockOwner } from '~/.server/network-view';
import { getTenantConfig } from '~/.server/api/settings';
import { requireBuyer, type SignedIn } from '~/.server/auth';
import { canBuy } from '~/domain/permissions';
import { readSession } from '~/.server/request-session';
import { keepCheckout } from '~/.server/session';
import { parseTyped, refuseForm } from '~/.server/conform';
import { fields, formRefusal, readForm, singleIntent } from '~/.server/forms';
import { redirectWithToast, type Toast } from '~/.server/toast';
import { z } from 'zod';
import { cartBoxes, entryTab, filterKey, tabCounts } from '~/domain/cart/boxes';
import { checkCartEdit } from '~/domain/cart/edit-rules';
import { cartSearch, parseCartQuery, type CartQuery } from '~/domain/cart/query';
import { applySelect, parseIds } from '~/domain/cart/selection';
import { PRICE_ADJUSTED, QUANTITY_ADJUSTED, QUANTITY_REDUCED } from '~/domain/offers/entry-rules';
import { cartLineToast } from '~/.server/cart-line-toast';
import { offerStateOf, movesAtListPrice } from '~/domain/offers/status';
import { MOVED_TO_SECTION, pageSizeOf, tabAfter, tabAfterMove, tabOfState, type CartTab } from '~/domain/cart/tabs';
import { cartFormId, rowFields } from './cart-form';
import type { Submission } from '@conform-to/react';

interface Args {
  signedIn: SignedIn;
  context: ActionFunctionArgs['context'];
  request: Request;
  query: CartQuery;
  /** The posted box's form as its schema read it (with the edited row's fields for a save). */
  submission: Submission<unknown, string[], Record<string, unknown>>;
  items: CartItem[];
  /** The box (warehouse) the form belongs to. */
  box: string;
  /** Offer ids ticked in the posted form. */
  ticked: number[];
  /** Offer ids the posted box showed (its page of entries); null when the form does not say. */
  rendered: ReadonlySet<number> | null;
}

/**
 * The tab after some entries left the current one (and, for MOVE TO CART, went to the Cart tab): a
 * tab left empty gives way to one with entries.
 */
function tabAfterChange({ items, query }: Args, gone: readonly number[], toCart = 0): CartTab {
  const left = new Set(gone);
  const counts = tabCounts(items.filter((i) => !left.has(i.stocklistOffer.offerId)));
  counts[0] += toCart;
  return tabAfter(counts, query.tab);
}

/**
 * Every command a box's buttons post, as `intent`: a closed set, some with one argument (an offer
 * id, a status, a selection). Anything else is refused before the cart is read.
 */
const INTENT =
  /^(?:(checkout|add-to-existing-order|move-to-cart|move-at-list-price|delete-all|cancel-edit|more)|(delete|edit|make-offer|save|history):([1-9]\d{0,8})|(filter):([A-Z_]{1,40})|(select):(all|none|status:[A-Z_]{1,40}))$/;

type Command =
  | 'checkout'
  | 'add-to-existing-order'
  | 'move-to-cart'
  | 'move-at-list-price'
  | 'delete-all'
  | 'cancel-edit'
  | 'more'
  | 'delete'
  | 'edit'
  | 'make-offer'
  | 'save'
  | 'history'
  | 'filter'
  | 'select';

function commandOf(intent: string): { command: Command; argument: string } {
  const match = INTENT.exec(intent);
  if (!match) throw formRefusal(400, 'errors.unknownAction');
  const [, plain, withId, id, filter, status, select, selection] = match;
  if (plain) return { command: plain as Command, argument: '' };
  if (withId) return { command: withId as Command, argument: id! };
  if (filter) return { command: 'filter', argument: status! };
  return { command: select as Command, argument: selection! };
}

/** A box's form: its buttons, hidden fields and ticks, nothing a person types. */
const boxSchema = z.object({
  intent: z.string().max(80),
  box: fields.key(100),
  offerId: fields.many(fields.id).pipe(z.array(z.number()).max(5000)),
  /** The entries the box showed, as one comma list: ticks of entries it did not show are kept. */
  rows: z.string().max(60_000).optional(),
});

/** A box's form saving its edited row: the row's two typed fields besides. */
const saveSchema = (offerId: number) => {
  const names = rowFields(offerId);
  return boxSchema.extend({
    [names.quantity]: fields.typed(20, 'entry.errors.tooLarge'),
    [names.price]: fields.typed(20, 'entry.errors.tooLarge'),
  });
};

/** What a refused save sends back: not the box's ticks and rows (a thousand of them), only the edited row's fields. */
const HIDDEN_IN_REPLY = ['offerId', 'rows'];

const NOTHING_SELECTED: Toast = { type: 'error', key: 'cart.errors.nothingSelected' };

const cartUrl = (query: CartQuery, changes: Partial<CartQuery> = {}) =>
  `/cart${cartSearch({ ...query, edit: null, asOffer: false, notReady: false, confirmMove: null, history: null, ...changes })}`;

/**
 * The selection after a post: the ticked boxes of the posted warehouse replace the part of the URL's
 * selection that the box showed; entries of the box beyond its page keep their state.
 */
function selectionAfter({ query, items, box, ticked, rendered }: Args): number[] {
  const inBox = new Set(items.filter((i) => i.warehouse === box).map((i) => i.stocklistOffer.offerId));
  const replaced = (id: number) => inBox.has(id) && (rendered === null || rendered.has(id));
  return [...new Set([...query.selected.filter((id) => !replaced(id)), ...ticked.filter((id) => inBox.has(id))])];
}

/** The selected entries of the posted box that its filters let through, in stock, shown on its page or not: what checkout and move-to-cart take. */
function selectedInBox(args: Args, tab: CartTab): number[] {
  const selected = new Set(selectionAfter(args));
  const box = cartBoxes(args.items, tab, new Set(args.query.off)).find((b) => b.warehouse === args.box);
  // As on the page, an entry out of stock cannot be chosen.
  return (box?.shown ?? [])
    .filter((e) => e.quantityAvailable > 0 && selected.has(e.stocklistOffer.offerId))
    .map((e) => e.stocklistOffer.offerId);
}

/** An entry of the posted box: a row's button never acts on an entry of another box. */
const entryInBox = ({ items, box }: Args, offerId: number) =>
  items.find((i) => i.stocklistOffer.offerId === offerId && i.warehouse === box);

function boxEntries({ items, query, box }: Args, hidden: ReadonlySet<string>) {
  return cartBoxes(items, query.tab, hidden).find((b) => b.warehouse === box);
}

/**
 * Whose stock the posted box is: a box is one warehouse, so one participant, and every bulk call
 * for it goes to that participant's paths (the network variant with its header for a network
 * participant's). A box whose participant is out of the buyer's view fails like a refused call.
 */
async function boxOwner({ items, box, context, signedIn }: Args): Promise<{ owner: StockOwner; warehouseId: string }> {
  const entry = items.find((i) => i.warehouse === box);
  const owner = entry ? await stockOwner(context, signedIn.token, entry.participantId) : null;
  if (!entry || !owner) throw new Error(`the participant of warehouse ${box} is not in the buyer's view`);
  return { owner, warehouseId: entry.warehouseId };
}

/** Save and delete failures are only logged (spec 2 §8); the cart shows as it is. */
function logged(args: Args, error: unknown, what: string) {
  if (error instanceof Response) throw error;
  args.context.logger.error({ err: error }, `cart ${what} failed`);
  return redirect(cartUrl(args.query, { selected: selectionAfter(args) }));
}

async function checkout(args: Args, toExistingOrder: boolean) {
  const { signedIn, context, request, query, box } = args;
  const selected = selectionAfter(args);
  const ids = selectedInBox(args, 0);
  if (!ids.length) return redirectWithToast(cartUrl(query, { selected }), NOTHING_SELECTED);
  try {
    const { owner, warehouseId } = await boxOwner(args);
    const handOff = await cartApi.checkout(
      context,
      signedIn.token,
      owner,
      { code: box, id: warehouseId },
      ids,
      toExistingOrder,
    );
    const session = await readSession(request, context);
    const label = handOff.checkout.warehouse.label;
    keepCheckout(session, {
      id: handOff.checkoutId,
      warehouseLabel: label,
      mode: handOff.mode,
      warehouseCode: box,
      warehouseId,
      participantId: owner.participantId,
      network: !owner.isOwn,
    });
    const path = toExistingOrder
      ? `/checkout/add-to-unshipped-order/${encodeURIComponent(label)}`
      : `/checkout/${encodeURIComponent(label)}`;
    return redirect(path);
  } catch (error) {
    if (error instanceof ApiFailure && error.messageCode === 'prospectCannotCheckoutContactSalesRep') {
      return redirect(`/cart${cartSearch({ ...query, selected, edit: null, notReady: true, confirmMove: null })}`);
    }
    if (error instanceof Response) throw error;
    // Checkout failures are logged (spec 2 §8); the cart shows as it is.
    context.logger.error({ err: error }, 'checkout hand-off failed');
    return redirect(cartUrl(query, { selected }));
  }
}

async function save(args: Args, offerId: number) {
  const { submission, signedIn, context, query } = args;
  const item = entryInBox(args, offerId);
  const names = rowFields(offerId);
  const sent = submission.status === 'success' ? submission.value : {};
  const values = { quantity: String(sent[names.quantity] ?? ''), price: String(sent[names.price] ?? '') };
  const refuse = (errors: { quantity?: string; price?: string }, shownBack?: { quantity: string; price: string }) =>
    refuseForm(cartFormId(args.box), submission, {
      fieldErrors: {
        ...(errors.quantity ? { [names.quantity]: [errors.quantity] } : {}),
        ...(errors.price ? { [names.price]: [errors.price] } : {}),
      },
      hideFields: HIDDEN_IN_REPLY,
      ...(shownBack ? { values: { [names.quantity]: shownBack.quantity, [names.price]: shownBack.price } } : {}),
    });
  if (!item || item.listPrice === null) return redirect(cartUrl(query, { selected: selectionAfter(args) }));
  const offer = item.stocklistOffer;
  const tab = entryTab(item);
  const priceEditable = tab !== 0 || (query.asOffer && offer.offerStatus === 'BUY_AT_LIST');
  const config = await getTenantConfig(context);
  const checked = checkCartEdit(
    {
      tab,
      status: offer.offerStatus,
      listPrice: item.listPrice,
      counterPrice: offer.counterPrice,
      minimumCheckoutQuantity: offer.minimumCheckoutQuantity,
      incrementSize: item.incrementSize,
      quantityAvailable: item.quantityAvailable,
      currentPrice: offer.checkOutPrice ?? offer.offerPrice,
    },
    values.quantity,
    values.price,
    priceEditable,
    config.language,
  );
  if (checked.errors.quantity || checked.errors.price) return refuse(checked.errors);
  if (checked.filledIn) {
    return refuse(
      {
        ...(checked.changed.quantity ? { quantity: QUANTITY_ADJUSTED } : {}),
        ...(checked.changed.price ? { price: PRICE_ADJUSTED } : {}),
      },
      { quantity: String(checked.quantity), price: priceEditable ? String(checked.price) : values.price },
    );
  }
  // One SAVE saves (issue 51): a value the field rules changed is saved as they made it, and the
  // confirmation says what was saved and why it differs from what was typed.
  const why = [
    ...(checked.changed.quantity ? [checked.reducedToStock ? QUANTITY_REDUCED : QUANTITY_ADJUSTED] : []),
    ...(checked.changed.price ? [PRICE_ADJUSTED] : []),
  ];
  const line = cartLineToast(config, { quantity: checked.quantity, price: checked.price, item: item.itemDescription });
  try {
    const owner = await stockOwner(context, signedIn.token, item.participantId);
    if (!owner) return logged(args, new Error(`participant ${item.participantId} not visible`), 'save');
    const saved = await offersApi.change(context, signedIn.token, owner, offerId, {
      offerQuantity: checked.quantity,
      offerPrice: checked.price,
    });
    const newTab = tabOfState(offerStateOf(saved.offerStatus));
    const selected = selectionAfter(args);
    if (newTab !== tab) {
      if (newTab === 0) selected.push(offerId);
      const shownTab = tabAfterMove(tabCounts(args.items), query.tab, tab, newTab);
      const moved = line(MOVED_TO_SECTION[newTab], ['cart.savedAs', ...why]);
      return redirectWithToast(cartUrl(query, { selected, tab: shownTab }), {
        ...moved,
        values: { ...moved.values, seller: config.sellerShortName },
      });
    }
    return redirectWithToast(cartUrl(query, { selected }), line('cart.offerUpdated', why));
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 400 && error.messageCode === 'quantityBelowMinimum') {
      return refuse({ quantity: 'cart.errors.belowMinimum' });
    }
    return logged(args, error, 'save');
  }
}

/**
 * Every button of a warehouse box posts the box's form, so the ticked rows travel with each
 * command: nothing chosen is lost between round trips without JavaScript.
 */
export async function cartAction({ request, context }: ActionFunctionArgs) {
  const signedIn = await requireBuyer(request, context);
  // The cart page itself says what a buyer who cannot buy online may not do.
  if (!canBuy(signedIn.user)) return redirect('/cart');
  const query = parseCartQuery(new URL(request.url).searchParams);
  const form = await readForm(request);
  const { command, argument } = commandOf(singleIntent(form) ?? '');
  // A save's schema holds its row's fields, the only ones a person types; any other refusal is a 400.
  const edited = command === 'save' ? rowFields(Number(argument)) : null;
  const submission = parseTyped(
    form,
    edited ? saveSchema(Number(argument)) : boxSchema,
    new Set(edited ? [edited.quantity, edited.price] : []),
  );
  if (submission.status !== 'success')
    return refuseForm(cartFormId(String(form.get('box'))), submission, { hideFields: HIDDEN_IN_REPLY });
  // The edited row's fields are read by save().
  const posted = submission.value as z.output<typeof boxSchema>;
  const items = await cartApi.items(context, signedIn.token);
  const rendered = posted.rows === undefined ? null : new Set(parseIds(posted.rows));
  const args: Args = {
    signedIn,
    context,
    request,
    query,
    submission,
    items,
    box: posted.box,
    ticked: [...new Set(posted.offerId)],
    rendered,
  };
  return CART_COMMANDS[command](args, argument);
}

/** A status chip's SELECT ALL, NONE or a status: the box's ticks as chosen. */
function select(args: Args, selection: string) {
  const box = boxEntries(args, new Set(args.query.off));
  const shown = (box?.shown ?? []).map((e) => ({
    offerId: e.stocklistOffer.offerId,
    status: e.stocklistOffer.offerStatus,
    inStock: e.quantityAvailable > 0,
  }));
  return redirect(cartUrl(args.query, { selected: [...applySelect(selection, shown, new Set(selectionAfter(args)))] }));
}

/** A status filter of the box, turned off or on again. */
function toggleFilter(args: Args, status: string) {
  const { query } = args;
  const key = filterKey(args.box, status);
  const off = query.off.includes(key) ? query.off.filter((k) => k !== key) : [...query.off, key];
  return redirect(cartUrl(query, { off, selected: selectionAfter(args) }));
}

/** MOVE TO CART of the selected offers; a rejected or expired one becomes a purchase at the list price, which the buyer confirms first (`move-at-list-price`). */
async function moveToCart(args: Args, confirmed: boolean) {
  const { query, items, context, signedIn } = args;
  const ids = selectedInBox(args, 1);
  if (!ids.length) return redirectWithToast(cartUrl(query, { selected: selectionAfter(args) }), NOTHING_SELECTED);
  const chosen = new Set(ids);
  const atListPrice = items.some(
    (i) => chosen.has(i.stocklistOffer.offerId) && movesAtListPrice(i.stocklistOffer.offerStatus),
  );
  if (atListPrice && !confirmed)
    return redirect(
      `${cartUrl(query, { selected: selectionAfter(args), confirmMove: args.box })}#warehouse-${args.box}`,
    );
  try {
    const { owner } = await boxOwner(args);
    await cartApi.moveToCart(context, signedIn.token, owner, ids);
  } catch (error) {
    return logged(args, error, 'move to cart');
  }
  return redirectWithToast(
    cartUrl(query, {
      selected: [...new Set([...selectionAfter(args), ...ids])],
      tab: tabAfterChange(args, ids, ids.length),
    }),
    { type: 'success', key: 'cart.moved' },
  );
}

/** A row's DELETE. */
async function deleteEntry(args: Args, id: string) {
  const { query, context, signedIn } = args;
  const offerId = Number(id);
  const item = entryInBox(args, offerId);
  if (!item) return redirect(cartUrl(query, { selected: selectionAfter(args) }));
  try {
    const owner = await stockOwner(context, signedIn.token, item.participantId);
    if (!owner) throw new Error(`participant ${item.participantId} not visible`);
    await offersApi.remove(context, signedIn.token, owner, offerId);
  } catch (error) {
    return logged(args, error, 'delete');
  }
  return redirectWithToast(
    cartUrl(query, {
      selected: selectionAfter(args).filter((id) => id !== offerId),
      tab: tabAfterChange(args, [offerId]),
    }),
    { type: 'success', key: 'cart.deleted' },
  );
}

/** The box's DELETE ALL: every entry of the box in the tab, whatever the filters show. */
async function deleteAll(args: Args) {
  const { query, context, signedIn } = args;
  const box = boxEntries(args, new Set());
  const ids = (box?.entries ?? []).map((e) => e.stocklistOffer.offerId);
  if (!ids.length) return redirect(cartUrl(query));
  try {
    const { owner } = await boxOwner(args);
    await cartApi.removeMany(context, signedIn.token, owner, ids);
  } catch (error) {
    return logged(args, error, 'delete all');
  }
  return redirectWithToast(
    cartUrl(query, {
      selected: selectionAfter(args).filter((id) => !ids.includes(id)),
      tab: tabAfterChange(args, ids),
    }),
    { type: 'success', key: 'cart.deletedAll', values: { count: ids.length } },
  );
}

/** A row's EDIT (or MAKE OFFER, its price as an offer): the row opens in its edit view. */
function openEdit(args: Args, id: string, asOffer: boolean) {
  const edit = Number(id);
  const to = `/cart${cartSearch({ ...args.query, selected: selectionAfter(args), edit, asOffer, notReady: false, confirmMove: null })}`;
  return redirect(`${to}#offer-${edit}`);
}

/** The box's SHOW MORE: its next page; without scripts the browser lands on its first new entry. */
function showMore(args: Args) {
  const { query } = args;
  const box = boxEntries(args, new Set(query.off));
  const pages = (query.more[args.box] ?? 1) + 1;
  const firstNew = box?.shown[(pages - 1) * pageSizeOf(query.tab)];
  const to = cartUrl(query, { selected: selectionAfter(args), more: { ...query.more, [args.box]: pages } });
  return redirect(firstNew ? `${to}#offer-${firstNew.stocklistOffer.offerId}` : to);
}

/** Each command a box's buttons post, by name, with its argument (an offer id, a status, a selection). */
const CART_COMMANDS = {
  select,
  filter: toggleFilter,
  checkout: (args) => checkout(args, false),
  'add-to-existing-order': (args) => checkout(args, true),
  'move-to-cart': (args) => moveToCart(args, false),
  'move-at-list-price': (args) => moveToCart(args, true),
  delete: deleteEntry,
  'delete-all': deleteAll,
  edit: (args, id) => openEdit(args, id, false),
  'make-offer': (args, id) => openEdit(args, id, true),
  more: showMore,
  'cancel-edit': (args) => redirect(cartUrl(args.query, { selected: selectionAfter(args) })),
  history: (args, id) => redirect(cartUrl(args.query, { selected: selectionAfter(args), history: Number(id) })),
  save: (args, id) => save(args, Number(id)),
} satisfies Record<Command, (args: Args, argument: string) => unknown>;
