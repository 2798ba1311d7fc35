import { type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useResumeHandOff } from './use-resume-hand-off';
import { useTranslation } from '~/i18n/light-react-i18next';
import { cartApi, type CartItem } from '~/.server/api/cart';
import { offersApi } from '~/.server/api/offers';
import { getUserInfo } from '~/.server/api/settings';
import { failureParts } from '~/.server/api/client';
import { failureText, type FailureParts } from '~/domain/failure-message';
import { stockApi, type ParticipantWarehouses } from '~/.server/api/stock';
import { requireBuyer } from '~/.server/auth';
import { participantsInView } from '~/.server/network-view';
import { PageHeader } from '~/components/PageHeader';
import { titled } from '~/components/page-title';
import { useTenant } from '~/components/use-tenant';
import { entriesInView } from '~/domain/network';
import { canBuy } from '~/domain/permissions';
import { cartBoxes, selectionSums, tabCounts } from '~/domain/cart/boxes';
import { addToExistingOrderWarehouses } from '~/domain/cart/main-action';
import { cartSearch, parseCartQuery } from '~/domain/cart/query';
import { pageSizeOf } from '~/domain/cart/tabs';
import { movesAtListPrice } from '~/domain/offers/status';
import { cartAction } from './cart-actions.server';
import { RowTextsProvider, RowWords, useRowTexts } from './CartRow';
import { CartTabs } from './CartTabs';
import { NotReadyDialog } from './NotReadyDialog';
import { OfferHistoryDialog } from './OfferHistoryDialog';
import { useScrollSpy } from './use-scroll-spy';
import { WarehouseBox } from './WarehouseBox';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('pageTitle.cart');

export const action = cartAction;

/** The history of the entry the URL names (issue 37), or null when it is not one of the buyer's entries in view or cannot be read. */
async function historyOf(
  context: AppLoadContext,
  token: string,
  items: CartItem[],
  participants: ParticipantWarehouses[],
  offerId: number,
) {
  const entry = items.find((item) => item.stocklistOffer.offerId === offerId);
  const participant = entry && participants.find((p) => p.pxnParticipantId === entry.participantId);
  if (!entry || !participant) return null;
  try {
    const events = await offersApi.history(
      context,
      token,
      { participantId: entry.participantId, isOwn: participant.isOwn },
      offerId,
    );
    return { offerId, description: entry.itemDescription, events };
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, 'offer history not available');
    return null;
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  const query = parseCartQuery(new URL(request.url).searchParams);
  if (!canBuy(user)) return { allowed: false as const };
  // Settings that fail to load are a toast with the error message (spec 2 §8), not a broken page.
  let settingsFailure: FailureParts | null = null;
  const setting = <T,>(call: Promise<T>) =>
    call.catch((error: unknown) => {
      if (error instanceof Response) throw error;
      context.logger.error({ err: error }, 'cart settings not available');
      settingsFailure ??= failureParts(error);
      return null;
    });
  const [allItems, participants, cartSettings, openOrders, orderSettings, userInfo] = await Promise.all([
    cartApi.items(context, token),
    participantsInView(context, token),
    setting(cartApi.settings(context, token)),
    cartApi.openOrderWarehouses(context, token),
    setting(cartApi.orderSettings(context, token)),
    query.notReady ? getUserInfo(context, token) : Promise.resolve(null),
  ]);
  const items = entriesInView(allItems, participants);
  const participantIds = [...new Set(items.map((i) => i.participantId))];
  const settings = new Map(
    await Promise.all(participantIds.map(async (id) => [id, await stockApi.settings(context, token, id)] as const)),
  );
  const history = query.history ? await historyOf(context, token, items, participants, query.history) : null;
  const selected = new Set(query.selected);
  const pageSize = pageSizeOf(query.tab);
  const boxes = cartBoxes(items, query.tab, new Set(query.off)).map((box) => {
    // A box shows a page of its entries and 'show more' the next; the rest is summed here so
    // that the totals and the select-all box still speak for every entry of the warehouse.
    const shown = box.shown.slice(0, (query.more[box.warehouse] ?? 1) * pageSize);
    const rest = box.shown.slice(shown.length);
    const restEligible = rest.filter((e) => e.quantityAvailable > 0);
    // MOVE TO CART asked to confirm: the chosen offers that would move at the list price.
    const atListPrice =
      query.tab === 1 && query.confirmMove === box.warehouse
        ? box.shown
            .filter(
              (e) =>
                e.quantityAvailable > 0 &&
                selected.has(e.stocklistOffer.offerId) &&
                movesAtListPrice(e.stocklistOffer.offerStatus),
            )
            .map((e) => ({
              offerId: e.stocklistOffer.offerId,
              description: e.itemDescription,
              quantity: e.stocklistOffer.offerQuantity,
              offerPrice: e.stocklistOffer.offerPrice,
              listPrice: e.listPrice,
            }))
        : [];
    return {
      warehouse: box.warehouse,
      label: box.label,
      atListPrice,
      statuses: box.statuses,
      total: box.entries.length,
      /** Entries the filters let through, shown or not. */
      filtered: box.shown.length,
      rest: {
        sums: selectionSums(rest, selected),
        eligible: restEligible.length,
        selected: restEligible.filter((e) => selected.has(e.stocklistOffer.offerId)).length,
      },
      // A box is one warehouse of one participant: what its entries share is said once.
      acceptingOffers: box.entries[0]?.acceptingOffers ?? false,
      maxDisplayed: settings.get(box.entries[0]?.participantId ?? '')?.maxItemQuantityToBeDisplayed ?? null,
      shown: shown.map((item) => {
        const rules = settings.get(item.participantId);
        const offer = item.stocklistOffer;
        return {
          offerId: offer.offerId,
          description: item.itemDescription,
          itemNumber: `${rules?.itemDescriptionRules.itemNumberDescriptionPrefix ?? ''}${item.itemNumber}${rules?.itemDescriptionRules.itemNumberDescriptionSuffix ?? ''}`,
          quantityAvailable: item.quantityAvailable,
          listPrice: item.listPrice,
          incrementSize: item.incrementSize,
          offer: {
            offerStatus: offer.offerStatus,
            offerQuantity: offer.offerQuantity,
            offerPrice: offer.offerPrice,
            counterPrice: offer.counterPrice,
            checkOutQuantity: offer.checkOutQuantity,
            checkOutPrice: offer.checkOutPrice,
            minimumCheckoutQuantity: offer.minimumCheckoutQuantity,
            acceptedOrCounteredExpirationDate: offer.acceptedOrCounteredExpirationDate,
          },
        };
      }),
    };
  });
  return {
    allowed: true as const,
    query,
    counts: tabCounts(items),
    boxes,
    messages: cartSettings?.systemMessages ?? null,
    // Without the order settings it is not known whether orders may be added to: nothing is offered.
    canAddToExistingOrder: orderSettings
      ? addToExistingOrderWarehouses(orderSettings.salesOrderUpdateMethod, openOrders)
      : [],
    settingsFailure: settingsFailure as FailureParts | null,
    salesRep: userInfo?.salesRep ?? null,
    history,
  };
}

export type CartLoader = typeof loader;

export default function CartPage() {
  useTexts('cart', 'dialog', 'entry', 'offerHistory', 'offers', 'orders', 'stock', 'time');
  const data = useLoaderData<typeof loader>();
  if (!data.allowed) return <NotAllowed />;
  return <Cart data={data} />;
}

function SettingsFailure({ failure }: { failure: FailureParts }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="notice notice--error" role="alert">
      {failureText(failure, (key, params) => (i18n.exists(key) ? t(key, params) : undefined))}
    </p>
  );
}

function NotAllowed() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t('cart.title')}</h1>
      <p>{t('cart.notAllowed')}</p>
    </section>
  );
}

function Cart({ data }: { data: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { allowed: true }> }) {
  const { t } = useTranslation();
  const config = useTenant();
  const { query, boxes, counts, messages, settingsFailure } = data;
  useScrollSpy(
    '.cart-sections',
    boxes.map((b) => b.warehouse),
  );
  useResumeHandOff();
  const rowTexts = useRowTexts();
  return (
    <section className="page cart-page">
      <PageHeader backTo="/stock" backLabel={t('cart.back')} title={t('cart.title')} />
      <CartTabs counts={counts} query={query} sellerShortName={config.sellerShortName} />
      <div className="cart-panel">
        {settingsFailure ? <SettingsFailure failure={settingsFailure} /> : null}
        {query.tab === 0 && messages?.freeShippingMessage.display ? (
          <p className="banner banner--success">{messages.freeShippingMessage.defaultMessage}</p>
        ) : null}
        {query.tab === 1 ? (
          <p className="banner banner--info">{t('cart.banner.yourReview', { seller: config.sellerShortName })}</p>
        ) : null}
        {query.tab === 2 ? (
          <div className="banner banner--info">
            <p>{t('cart.banner.sellerReview')}</p>
            {messages?.offerClearingSchedule.display ? <p>{messages.offerClearingSchedule.defaultMessage}</p> : null}
          </div>
        ) : null}
        {boxes.length === 0 ? (
          <div className="empty-state">
            <p>{t('cart.empty')}</p>
            <Link className="button button--primary" to="/stock">
              {t('cart.goToStock')}
            </Link>
          </div>
        ) : (
          <>
            {boxes.length > 1 ? (
              <nav className="cart-sections" aria-label={t('cart.sections')}>
                <ul>
                  {boxes.map((box) => (
                    <li key={box.warehouse}>
                      <a href={`#warehouse-${box.warehouse}`} data-section={box.warehouse}>
                        {box.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
            <RowWords texts={rowTexts} />
            <RowTextsProvider value={rowTexts}>
              {boxes.map((box) => (
                <WarehouseBox key={`${box.warehouse}|${query.selected.join(',')}`} box={box} />
              ))}
            </RowTextsProvider>
          </>
        )}
      </div>
      <svg width="0" height="0" className="visually-hidden" aria-hidden="true" focusable="false">
        <symbol id="icon-delete" viewBox="0 0 24 24">
          <path fill="currentColor" d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z" />
        </symbol>
      </svg>
      {data.history ? (
        <OfferHistoryDialog
          description={data.history.description}
          events={data.history.events}
          closeTo={`/cart${cartSearch({ ...query, history: null })}#offer-${data.history.offerId}`}
        />
      ) : null}
      {query.notReady && data.salesRep ? (
        <NotReadyDialog salesRep={data.salesRep} closeTo={`/cart${cartSearch({ ...query, notReady: false })}`} />
      ) : null}
    </section>
  );
}
