import { json, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { cartApi, type CartItem } from '~/.server/api/cart';
import { ApiFailure } from '~/.server/api/client';
import { offersApi } from '~/.server/api/offers';
import { getTenantConfig } from '~/.server/api/settings';
import { requireBuyer, signOutOnForbidden, type SignedIn } from '~/.server/auth';
import { authSessionStorage, getAuthSession } from '~/.server/session';
import { redirectWithToast, type Toast } from '~/.server/toast';
import { cartBoxes, entryTab, filterKey } from '~/domain/cart/boxes';
import { checkCartEdit } from '~/domain/cart/edit-rules';
import { cartSearch, parseCartQuery, type CartQuery } from '~/domain/cart/query';
import { applySelect, parseIds } from '~/domain/cart/selection';
import { QUANTITY_REDUCED } from '~/domain/offers/entry-rules';
import { offerStateOf } from '~/domain/offers/status';
import { MOVED_TO_SECTION, tabOfState } from '~/domain/cart/tabs';

/** What a refused inline edit shows back next to its fields. */
export interface CartEditFailure {
  offerId: number;
  values: { quantity: string; price: string };
  errors: { quantity?: string; price?: string; form?: string };
}

interface Args {
  signedIn: SignedIn;
  context: ActionFunctionArgs['context'];
  request: Request;
  query: CartQuery;
  form: FormData;
  items: CartItem[];
  /** The box (warehouse) the form belongs to. */
  box: string;
  /** Offer ids ticked in the posted form. */
  ticked: number[];
}

const NOTHING_SELECTED: Toast = { type: 'error', key: 'cart.errors.nothingSelected' };

const cartUrl = (query: CartQuery, changes: Partial<CartQuery> = {}) => `/cart${cartSearch({ ...query, edit: null, asOffer: false, notReady: false, ...changes })}`;

/** The selection after a post: the ticked boxes of the posted warehouse replace its part of the URL's selection. */
function selectionAfter({ query, items, box, ticked }: Args): number[] {
  const inBox = new Set(items.filter((i) => i.warehouse === box).map((i) => i.stocklistOffer.offerId));
  return [...query.selected.filter((id) => !inBox.has(id)), ...ticked.filter((id) => inBox.has(id))];
}

function boxEntries({ items, query, box }: Args, hidden: ReadonlySet<string>) {
  return cartBoxes(items, query.tab, hidden).find((b) => b.warehouse === box);
}

/** Save and delete failures are only logged (spec 2 §8); the cart shows as it is. */
function logged(args: Args, error: unknown, what: string) {
  if (error instanceof ApiFailure && error.status === 403) throw error;
  args.context.logger.error({ err: error }, `cart ${what} failed`);
  return redirect(cartUrl(args.query, { selected: selectionAfter(args) }));
}

async function checkout(args: Args, toExistingOrder: boolean) {
  const { signedIn, context, request, query, box } = args;
  const selected = selectionAfter(args);
  const ids = args.ticked.filter((id) => args.items.some((i) => i.stocklistOffer.offerId === id && i.warehouse === box));
  if (!ids.length) return redirectWithToast(cartUrl(query, { selected }), NOTHING_SELECTED);
  try {
    const handOff = await cartApi.checkout(context, signedIn.token, box, ids, toExistingOrder);
    const session = await getAuthSession(request);
    const label = handOff.checkout.warehouse.label;
    session.set('checkout', { id: handOff.checkoutId, warehouseLabel: label, mode: handOff.mode });
    const path = toExistingOrder ? `/checkout/add-to-unshipped-order/${encodeURIComponent(label)}` : `/checkout/${encodeURIComponent(label)}`;
    return redirect(path, { headers: { 'Set-Cookie': await authSessionStorage.commitSession(session) } });
  } catch (error) {
    if (error instanceof ApiFailure && error.messageCode === 'prospectCannotCheckoutContactSalesRep') {
      return redirect(`/cart${cartSearch({ ...query, selected, edit: null, notReady: true })}`);
    }
    if (error instanceof ApiFailure && error.status === 403) throw error;
    context.logger.error({ err: error }, 'checkout hand-off failed');
    const toast: Toast = error instanceof ApiFailure && error.serverMessage ? { type: 'error', text: error.serverMessage } : { type: 'error', key: 'errors.internal' };
    return redirectWithToast(cartUrl(query, { selected }), toast);
  }
}

async function save(args: Args, offerId: number) {
  const { form, signedIn, context, query } = args;
  const item = args.items.find((i) => i.stocklistOffer.offerId === offerId);
  const values = { quantity: String(form.get(`quantity-${offerId}`) ?? '').slice(0, 20), price: String(form.get(`price-${offerId}`) ?? '').slice(0, 20) };
  if (!item || item.listPrice === null) return redirect(cartUrl(query, { selected: selectionAfter(args) }));
  const offer = item.stocklistOffer;
  const tab = entryTab(item);
  const priceEditable = tab !== 0 || (query.asOffer && offer.offerStatus === 'BUY_AT_LIST');
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
  );
  if (checked.errors.quantity || checked.errors.price) {
    return json<CartEditFailure>({ offerId, values, errors: checked.errors }, { status: 400 });
  }
  try {
    const saved = await offersApi.change(context, signedIn.token, { participantId: item.participantId, isOwn: true }, offerId, {
      offerQuantity: checked.quantity,
      offerPrice: checked.price,
    });
    const newTab = tabOfState(offerStateOf(saved.offerStatus));
    const selected = selectionAfter(args);
    if (newTab !== tab) {
      if (newTab === 0) selected.push(offerId);
      const { sellerShortName } = await getTenantConfig(context);
      return redirectWithToast(cartUrl(query, { selected }), { type: 'success', key: MOVED_TO_SECTION[newTab], values: { seller: sellerShortName } });
    }
    const toast: Toast = checked.reducedToStock ? { type: 'warning', key: QUANTITY_REDUCED } : { type: 'success', key: 'cart.offerUpdated' };
    return redirectWithToast(cartUrl(query, { selected }), toast);
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 400 && error.messageCode === 'quantityBelowMinimum') {
      return json<CartEditFailure>({ offerId, values, errors: { quantity: 'cart.errors.belowMinimum' } }, { status: 400 });
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
  const query = parseCartQuery(new URL(request.url).searchParams);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  try {
    const items = await cartApi.items(context, signedIn.token);
    const args: Args = { signedIn, context, request, query, form, items, box: String(form.get('box') ?? ''), ticked: parseIds(form.getAll('offerId').join(',')) };
    const [command, argument = ''] = intent.split(/:(.*)/s);
    switch (command) {
      case 'select': {
        const box = boxEntries(args, new Set(query.off));
        const shown = (box?.shown ?? []).map((e) => ({ offerId: e.stocklistOffer.offerId, status: e.stocklistOffer.offerStatus, inStock: e.quantityAvailable > 0 }));
        return redirect(cartUrl(query, { selected: [...applySelect(argument, shown, new Set(selectionAfter(args)))] }));
      }
      case 'filter': {
        const key = filterKey(args.box, argument);
        const off = query.off.includes(key) ? query.off.filter((k) => k !== key) : [...query.off, key];
        return redirect(cartUrl(query, { off, selected: selectionAfter(args) }));
      }
      case 'checkout':
        return checkout(args, false);
      case 'add-to-existing-order':
        return checkout(args, true);
      case 'move-to-cart': {
        const ids = args.ticked.filter((id) => items.some((i) => i.stocklistOffer.offerId === id && i.warehouse === args.box && entryTab(i) === 1));
        if (!ids.length) return redirectWithToast(cartUrl(query, { selected: selectionAfter(args) }), NOTHING_SELECTED);
        try {
          await cartApi.moveToCart(context, signedIn.token, ids);
        } catch (error) {
          return logged(args, error, 'move to cart');
        }
        return redirectWithToast(cartUrl(query, { selected: [...new Set([...selectionAfter(args), ...ids])] }), { type: 'success', key: 'cart.moved' });
      }
      case 'delete': {
        const offerId = parseIds(argument, 1)[0];
        const item = items.find((i) => i.stocklistOffer.offerId === offerId);
        if (!item) return redirect(cartUrl(query, { selected: selectionAfter(args) }));
        try {
          await offersApi.remove(context, signedIn.token, { participantId: item.participantId, isOwn: true }, offerId!);
        } catch (error) {
          return logged(args, error, 'delete');
        }
        return redirectWithToast(cartUrl(query, { selected: selectionAfter(args).filter((id) => id !== offerId) }), { type: 'success', key: 'cart.deleted' });
      }
      case 'delete-all': {
        const box = boxEntries(args, new Set());
        const ids = (box?.entries ?? []).map((e) => e.stocklistOffer.offerId);
        if (!ids.length) return redirect(cartUrl(query));
        try {
          await cartApi.removeMany(context, signedIn.token, ids);
        } catch (error) {
          return logged(args, error, 'delete all');
        }
        return redirectWithToast(cartUrl(query, { selected: selectionAfter(args).filter((id) => !ids.includes(id)) }), {
          type: 'success',
          key: 'cart.deletedAll',
          values: { count: ids.length },
        });
      }
      case 'edit':
      case 'make-offer': {
        const edit = parseIds(argument, 1)[0] ?? null;
        const to = `/cart${cartSearch({ ...query, selected: selectionAfter(args), edit, asOffer: command === 'make-offer', notReady: false })}`;
        return redirect(`${to}#offer-${edit}`);
      }
      case 'cancel-edit':
        return redirect(cartUrl(query, { selected: selectionAfter(args) }));
      case 'save':
        return save(args, parseIds(argument, 1)[0] ?? 0);
      default:
        return json({ errors: { form: 'errors.unknownAction' } }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return signOutOnForbidden(request, error);
  }
}
