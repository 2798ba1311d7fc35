import { useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OfferExtraInformation } from '~/components/OfferStatusNote';
import { useEntryField } from '~/components/use-entry-field';
import { NumberField } from '~/components/NumberField';
import { useLeaveGuard } from '~/components/use-leave-guard';
import { useTenant } from '~/components/use-tenant';
import { formatDateTime, formatMoney } from '~/domain/money';
import { displayedTerms } from '~/domain/offers/display';
import { priceEntry, QUANTITY_REDUCED, quantityEntry } from '~/domain/offers/entry-rules';
import { statusLabelKey } from '~/domain/offers/status';
import type { CartEditFailure } from './cart-actions.server';
import type { CartLoader } from './route';
import type { Row } from './WarehouseBox';

interface Props {
  row: Row;
  selectable: boolean;
  checked: boolean;
  onToggle: (offerId: number, on: boolean) => void;
}

/** One cart entry (spec 2 §2 item row), with its inline edit when the URL names it. */
export function CartRow({ row, selectable, checked, onToggle }: Props) {
  const { t, i18n } = useTranslation();
  const config = useTenant();
  const data = useLoaderData<CartLoader>();
  const failure = useActionData<CartEditFailure>();
  const query = data.allowed ? data.query : null;
  const money = (amount: number) => formatMoney(amount, { locale: i18n.language, ...config });
  const offer = row.offer;
  const shown = displayedTerms(offer);
  const inStock = row.quantityAvailable > 0;
  const editing = query?.edit === row.offerId;
  const mine = failure && failure.offerId === row.offerId ? failure : undefined;
  const priceEditable = query ? query.tab !== 0 || (query.asOffer && offer.offerStatus === 'BUY_AT_LIST') : false;
  const description = `${row.description} ${row.itemNumber}`;

  return (
    <li className={`cart-row${selectable ? ' cart-row--selectable' : ''}${inStock ? '' : ' cart-row--out'}`} id={`offer-${row.offerId}`} data-offer={row.offerId}>
      {selectable ? (
        <input
          type="checkbox"
          name="offerId"
          value={row.offerId}
          checked={checked && inStock}
          disabled={!inStock}
          onChange={(event) => onToggle(row.offerId, event.currentTarget.checked)}
          aria-label={t('cart.selectItem', { item: description })}
        />
      ) : null}
      <div className="cart-row__item">
        <p className="cart-row__description">{row.description}</p>
        <p className="item-number muted">{row.itemNumber}</p>
        <p>
          {inStock ? t('cart.available', { quantity: row.available }) : <span className="chip chip--muted">{t('stock.outOfStock')}</span>}
          {' · '}
          {t('cart.listPrice', { price: row.listPrice === null ? '—' : money(row.listPrice) })}
        </p>
      </div>
      <dl className="cart-row__panel">
        <div>
          <dt>{t('cart.status')}</dt>
          <dd>{t(statusLabelKey(offer.offerStatus))}</dd>
        </div>
        <div>
          <dt>{t('offers.quantity')}</dt>
          <dd>{shown.quantity}</dd>
        </div>
        <div>
          <dt>{t('cart.price')}</dt>
          <dd>{money(shown.price)}</dd>
        </div>
        {offer.counterPrice !== null && offer.offerStatus === 'COUNTERED' ? (
          <div>
            <dt>{t('cart.counterPrice')}</dt>
            <dd>{money(offer.counterPrice)}</dd>
          </div>
        ) : null}
        {offer.acceptedOrCounteredExpirationDate ? (
          <div>
            <dt>{t('cart.expires')}</dt>
            <dd>{formatDateTime(offer.acceptedOrCounteredExpirationDate, i18n.language)}</dd>
          </div>
        ) : null}
      </dl>
      <OfferExtraInformation offer={offer} className="cart-row__info muted" />
      {editing ? (
        <CartRowEdit row={row} priceEditable={priceEditable} failure={mine} />
      ) : (
        <div className="cart-row__actions">
          {inStock ? (
            <button type="submit" name="intent" value={`edit:${row.offerId}`} className="button button--secondary button--small">
              {t('offers.edit')}
              <span className="visually-hidden"> {description}</span>
            </button>
          ) : null}
          {offer.offerStatus === 'BUY_AT_LIST' && inStock && row.acceptingOffers ? (
            <button type="submit" name="intent" value={`make-offer:${row.offerId}`} className="button button--link button--small">
              {t('cart.orMakeOffer')}
              <span className="visually-hidden"> {description}</span>
            </button>
          ) : null}
          <details className="confirm">
            <summary className="button button--link button--small" aria-label={t('cart.deleteItem', { item: description })}>
              <svg width="18" height="18" aria-hidden="true" focusable="false">
                <use href="#icon-delete" />
              </svg>
            </summary>
            <div className="confirm__panel">
              <p>{t('cart.deleteConfirm')}</p>
              <button type="submit" name="intent" value={`delete:${row.offerId}`} className="button button--primary button--small">
                {t('cart.delete')}
              </button>
            </div>
          </details>
        </div>
      )}
    </li>
  );
}

function CartRowEdit({ row, priceEditable, failure }: { row: Row; priceEditable: boolean; failure?: CartEditFailure }) {
  const { t, i18n } = useTranslation();
  const shown = displayedTerms(row.offer);
  const listPrice = row.listPrice ?? 0;
  const quantity = useEntryField(failure?.values.quantity ?? String(shown.quantity), (text) =>
    quantityEntry(text, { incrementSize: row.incrementSize, available: row.quantityAvailable }, i18n.language),
  );
  const price = useEntryField(failure?.values.price ?? String(Math.floor(shown.price)), (text) => priceEntry(text, listPrice, i18n.language));
  const [notice, setNotice] = useState<string | null>(null);
  useLeaveGuard(quantity.value !== String(shown.quantity) || (priceEditable && price.value !== String(Math.floor(shown.price))), t('app.leaveWarning'));
  const quantityId = `quantity-${row.offerId}`;
  const priceId = `price-${row.offerId}`;
  return (
    <div className="cart-row__edit">
      <NumberField
        id={quantityId}
        label={t('offers.quantity')}
        inputRef={quantity.ref}
        value={quantity.value}
        onChange={quantity.change}
        onBlur={() => {
          const entry = quantity.leave();
          if (entry.ok) setNotice(entry.reducedToStock ? QUANTITY_REDUCED : null);
        }}
        error={quantity.error ?? failure?.errors.quantity}
      />
      {priceEditable ? (
        <NumberField
          id={priceId}
          label={t('offers.offerPrice')}
          inputRef={price.ref}
          value={price.value}
          onChange={price.change}
          onBlur={price.leave}
          error={price.error ?? failure?.errors.price}
        />
      ) : null}
      {notice ? (
        <p className="notice notice--warning" role="status">
          {t(notice)}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="submit" name="intent" value={`save:${row.offerId}`} className="button button--primary button--small">
          {t('cart.save')}
        </button>
        <button type="submit" name="intent" value="cancel-edit" className="button button--secondary button--small" formNoValidate>
          {t('cart.cancel')}
        </button>
      </div>
    </div>
  );
}
