import { Form, useActionData, useLocation, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Offer } from '~/.server/api/offers';
import type { SingleStockItem } from '~/.server/api/stock';
import { NumberField } from '~/components/NumberField';
import { OfferStatusNote } from '~/components/OfferStatusNote';
import { RouteDialog } from '~/components/RouteDialog';
import { useTenant } from '~/components/use-tenant';
import { formatMoney } from '~/domain/money';
import { priceEntry, QUANTITY_REDUCED, quantityEntry } from '~/domain/offers/entry-rules';
import type { OfferDialogResult } from './offer-actions.server';
import { withParams } from './use-stock';

interface Props {
  item: SingleStockItem;
  offer: Offer | null;
}

/**
 * Buy (500 px), make an offer (600 px), or change what is already in the cart. The field rules run
 * when a field is left; the server runs them again and shows back any value it had to change.
 */
export function OfferDialog({ item, offer }: Props) {
  const { t, i18n } = useTranslation();
  const config = useTenant();
  const location = useLocation();
  const navigation = useNavigation();
  const result = useActionData<OfferDialogResult>();
  const returned = result?.intent === 'offer-save' ? result : undefined;
  const money = (amount: number) => formatMoney(amount, { locale: i18n.language, ...config });
  const params = new URLSearchParams(location.search);
  const asked = params.has('offer') ? 'offer' : 'buy';
  const mode = item.isOfferAccepted && (asked === 'offer' || (offer !== null && offer.offerStatus !== 'BUY_AT_LIST')) ? 'offer' : 'buy';
  const listPrice = item.listPrice ?? 0;
  const [quantity, setQuantity] = useState(returned?.values.quantity ?? String(offer?.offerQuantity ?? Math.max(1, item.incrementSize)));
  const [price, setPrice] = useState(returned?.values.price ?? String(offer?.offerPrice ?? listPrice));
  const [notices, setNotices] = useState<string[]>(returned?.notices ?? []);
  const [typing, setTyping] = useState<{ quantity?: string; price?: string }>({});
  const errors = { ...returned?.errors, ...typing };
  const closeTo = withParams(location.search, { buy: null, offer: null });
  const busy = navigation.state !== 'idle';
  const title = offer ? t('offers.editTitle') : mode === 'offer' ? t('offers.offerTitle') : t('offers.buyTitle');

  const checkQuantity = () => quantityEntry(quantity, { incrementSize: item.incrementSize, available: item.quantityAvailable }, i18n.language);
  const checkPrice = () => priceEntry(price, listPrice, i18n.language);
  const onQuantityBlur = () => {
    const entry = checkQuantity();
    if (!entry.ok) return setTyping((was) => ({ ...was, quantity: entry.error }));
    setQuantity(String(entry.value));
    setNotices(entry.reducedToStock ? [QUANTITY_REDUCED] : []);
  };
  const onPriceBlur = () => {
    const entry = checkPrice();
    if (entry.ok) setPrice(String(entry.value));
    else setTyping((was) => ({ ...was, price: entry.error }));
  };
  /** Text that is not a number stays as typed with its error, and nothing is sent. */
  const onSubmit = (event: React.FormEvent) => {
    const quantityError = checkQuantity();
    const priceError = mode === 'offer' ? checkPrice() : null;
    if (quantityError.ok && (priceError === null || priceError.ok)) return;
    event.preventDefault();
    setTyping({ quantity: quantityError.ok ? undefined : quantityError.error, price: priceError && !priceError.ok ? priceError.error : undefined });
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
            value={quantity}
            onChange={(value) => {
              setQuantity(value);
              setTyping((was) => ({ ...was, quantity: undefined }));
            }}
            onBlur={onQuantityBlur}
            error={errors.quantity}
            hint={item.incrementSize > 1 ? t('offers.increments', { count: item.incrementSize }) : null}
          />
          {mode === 'offer' ? (
            <NumberField
              id="offer-price"
              name="price"
              label={t('offers.offerPrice')}
              value={price}
              onChange={(value) => {
                setPrice(value);
                setTyping((was) => ({ ...was, price: undefined }));
              }}
              onBlur={onPriceBlur}
              error={errors.price}
            />
          ) : null}
          <div className="offer-dialog__messages" role="status" aria-live="polite">
            {notices.map((key) => (
              <p key={key} className="notice notice--warning">
                {t(key, { count: item.incrementSize })}
              </p>
            ))}
            {errors.form ? <p className="notice notice--error">{t(errors.form)}</p> : null}
          </div>
          <div className="dialog-actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {offer ? t('offers.update') : mode === 'offer' ? t('stock.offer') : t('offers.addToCart')}
            </button>
          </div>
        </Form>
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
