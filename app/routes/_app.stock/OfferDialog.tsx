import { Form, useActionData, useLocation, useNavigation } from '@remix-run/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Offer } from '~/.server/api/offers';
import type { SingleStockItem } from '~/.server/api/stock';
import { useEntryField } from '~/components/use-entry-field';
import { NumberField } from '~/components/NumberField';
import { OfferStatusNote } from '~/components/OfferStatusNote';
import { RouteDialog } from '~/components/RouteDialog';
import { useMoney } from '~/components/use-money-format';
import { usePressThroughShift } from '~/components/use-press-through-shift';
import { useTenant } from '~/components/use-tenant';
import { lineTotalMinor } from '~/domain/money';
import { priceEntry, QUANTITY_REDUCED, quantityEntry } from '~/domain/offers/entry-rules';
import type { OfferDialogResult } from './offer-actions.server';
import { withParams } from './use-stock';
import { useTexts } from '~/i18n/use-texts';

interface Props {
  item: SingleStockItem;
  offer: Offer | null;
  /** What happens after an offer: how long the seller's answer holds, when offers are reviewed. */
  terms: { answerValidHours: number | null; schedule: string | null } | null;
}

/** A whole number as typed (the rules have not run yet), or null. */
const typedWhole = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * Buy (500 px), make an offer (600 px), or change what is already in the cart. The field rules run
 * when a field is left; the server runs them again and shows back any value it had to change.
 */
export function OfferDialog({ item, offer, terms }: Props) {
  useTexts('dialog', 'entry', 'offerDialog', 'offers', 'stock', 'time');
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const result = useActionData<OfferDialogResult>();
  const returned = result?.intent === 'offer-save' ? result : undefined;
  const money = useMoney();
  const params = new URLSearchParams(location.search);
  const asked = params.has('offer') ? 'offer' : 'buy';
  const mode = item.isOfferAccepted && (asked === 'offer' || (offer !== null && offer.offerStatus !== 'BUY_AT_LIST')) ? 'offer' : 'buy';
  const listPrice = item.listPrice ?? 0;
  const quantity = useEntryField(returned?.values.quantity ?? String(offer?.offerQuantity ?? Math.max(1, item.incrementSize)), (text) =>
    quantityEntry(text, { incrementSize: item.incrementSize, available: item.quantityAvailable }, i18n.language),
  );
  const price = useEntryField(returned?.values.price ?? String(offer?.offerPrice ?? listPrice), (text) => priceEntry(text, listPrice, i18n.language));
  const [notices, setNotices] = useState<string[]>(returned?.notices ?? []);
  const sentBack = (field: { error: string | null; edited: boolean }, error: string | undefined) => field.error ?? (field.edited ? undefined : error);
  const errors = { quantity: sentBack(quantity, returned?.errors.quantity), price: sentBack(price, returned?.errors.price), form: returned?.errors.form };
  const closeTo = withParams(location.search, { buy: null, offer: null });
  const busy = navigation.state !== 'idle';
  const title = offer ? t('offers.editTitle') : mode === 'offer' ? t('offers.offerTitle') : t('offers.buyTitle');
  const { currencySymbol, sellerShortName } = useTenant();
  const symbolAfter = /^[\d\s]/.test(money(1));
  const totalQuantity = typedWhole(quantity.value);
  const totalPrice = mode === 'offer' ? typedWhole(price.value) : listPrice;
  const total = totalQuantity !== null && totalPrice !== null ? money(lineTotalMinor(totalQuantity, totalPrice) / 100) : '—';
  const submitButton = useRef<HTMLButtonElement>(null);

  const onQuantityBlur = () => {
    const entry = quantity.leave();
    if (entry.ok) setNotices(entry.reducedToStock ? [QUANTITY_REDUCED] : []);
  };
  usePressThroughShift(submitButton);
  /** Text that is not a number stays as typed with its error, and nothing is sent. */
  const onSubmit = (event: React.FormEvent) => {
    const quantityOk = quantity.check().ok;
    const priceOk = mode === 'offer' ? price.check().ok : true;
    if (!quantityOk || !priceOk) event.preventDefault();
  };

  return (
    <RouteDialog title={title} closeTo={closeTo} width={mode === 'offer' ? 'medium' : 'narrow'}>
      <div className="offer-dialog">
        <p className="offer-dialog__item">
          <strong>{item.skuDescription}</strong>
          <span className="muted"> {item.itemNumber}</span>
        </p>
        <dl className="offer-dialog__facts">
          <div>
            <dt>{t('offers.available')}</dt>
            <dd>{item.displayQuantity}</dd>
          </div>
          <div>
            <dt>{t('offers.listPrice')}</dt>
            <dd>{money(listPrice)}</dd>
          </div>
          <div>
            <dt>{t('offers.warehouse')}</dt>
            <dd>{item.warehouseLabel}</dd>
          </div>
        </dl>
        {offer ? (
          <p className="offer-dialog__current">
            <OfferStatusNote offer={offer} />
          </p>
        ) : null}
        <Form method="post" className="offer-dialog__form" preventScrollReset onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="offer-save" />
          <input type="hidden" name="mode" value={mode} />
          <input type="hidden" name="itemNumberWarehouse" value={item.itemNumberWarehouse} />
          <input type="hidden" name="participantId" value={item.pxnParticipantId} />
          {offer ? <input type="hidden" name="offerId" value={offer.offerId} /> : null}
          <NumberField
            id="offer-quantity"
            name="quantity"
            label={t('offers.quantity')}
            inputRef={quantity.ref}
            value={quantity.value}
            onChange={quantity.change}
            onBlur={onQuantityBlur}
            error={errors.quantity}
            hint={item.incrementSize > 1 ? t('offers.increments', { count: item.incrementSize }) : null}
          />
          {mode === 'offer' ? (
            <NumberField
              id="offer-price"
              name="price"
              label={t('offers.offerPrice')}
              inputRef={price.ref}
              value={price.value}
              onChange={price.change}
              onBlur={price.leave}
              error={errors.price}
              unit={{ symbol: currencySymbol, after: symbolAfter }}
            />
          ) : null}
          <p className="offer-dialog__total" aria-live="polite">
            {t('offerDialog.total', { total })}
          </p>
          <div className="offer-dialog__messages" role="status" aria-live="polite">
            {notices.map((key) => (
              <p key={key} className="notice notice--warning">
                {t(key, { count: item.incrementSize })}
              </p>
            ))}
            {errors.form ? <p className="notice notice--error">{t(errors.form)}</p> : null}
          </div>
          <div className="dialog-actions">
            <button ref={submitButton} type="submit" className="button button--primary" disabled={busy}>
              {offer ? t('offers.update') : mode === 'offer' ? t('stock.offer') : t('offers.addToCart')}
            </button>
          </div>
        </Form>
        <div className="offer-dialog__next muted">
          {mode === 'offer' ? (
            <>
              <p>{t('offerDialog.nextOffer', { seller: sellerShortName })}</p>
              {terms?.schedule ? <p>{terms.schedule}</p> : null}
              {terms?.answerValidHours ? <p>{t('offerDialog.answerHolds', { count: terms.answerValidHours })}</p> : null}
            </>
          ) : (
            <p>{t('offerDialog.nextBuy')}</p>
          )}
        </div>
        {offer ? (
          <Form method="post" className="dialog-actions" preventScrollReset>
            <input type="hidden" name="intent" value="offer-remove" />
            <input type="hidden" name="offerId" value={offer.offerId} />
            <input type="hidden" name="participantId" value={item.pxnParticipantId} />
            <button type="submit" className="button button--secondary" disabled={busy}>
              {t('offers.remove')}
            </button>
          </Form>
        ) : null}
      </div>
    </RouteDialog>
  );
}
