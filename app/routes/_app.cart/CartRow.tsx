import { useLoaderData } from '@remix-run/react';
import { createContext, useContext, useMemo, useState } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { TFunction } from '~/i18n/light-i18next';
import { OfferExtraInformation } from '~/components/OfferStatusNote';
import { useEntryField } from '~/components/use-entry-field';
import { fieldNames, NumberField } from '~/components/NumberField';
import { useLeaveGuard } from '~/components/use-leave-guard';
import { useMoney } from '~/components/use-money-format';
import { formatDateTime } from '~/domain/money';
import { numberText } from '~/domain/intl';
import { localQuantity } from '~/domain/stock/quantity';
import { displayedTerms, extraInformation } from '~/domain/offers/display';
import { priceEntry, priceNotice, quantityEntry, quantityNotice } from '~/domain/offers/entry-rules';
import { useSubmitPress } from '~/components/use-submit-press';
import { statusLabelKey, type OfferStatus } from '~/domain/offers/status';
import { useFormReply } from '~/components/form-reply';
import { rowFields } from './cart-form';
import type { CartLoader } from './route';
import type { Row } from './WarehouseBox';
import { useTimeZone } from '~/components/use-date-time';

interface Props {
  row: Row;
  /** The box's form the row belongs to (its id, as the action's replies name it). */
  formId: string;
  selectable: boolean;
  checked: boolean;
  onToggle: (offerId: number, on: boolean) => void;
}

/** A text with one value put in: translated once per page, filled per row. */
function template(t: TFunction, key: string, name: string): (value: string) => string {
  const marker = '\u0001';
  const [before = '', after = ''] = t(key, { [name]: marker }).split(marker);
  return (value) => `${before}${value}${after}`;
}

/**
 * The texts every row repeats, translated once for the page: with a thousand lines, i18next's
 * lookups were most of the page's rendering time. The accessible names of the row's controls name
 * the entry by pointing at its description (aria-labelledby) instead of repeating it.
 */
export function useRowTexts() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  return useMemo(() => {
    const statusLabels = new Map<OfferStatus, string>();
    const around = (key: string) => {
      const [before = '', after = ''] = t(key, { item: '\u0001' }).split('\u0001');
      return { before: before.trim(), after: after.trim() };
    };
    const available = template(t, 'cart.available', 'quantity');
    return {
      language: i18n.language,
      money,
      /** A displayed quantity ("16733+"), in the language's digits. */
      available: (display: string) => available(localQuantity(display, i18n.language).text),
      number: numberText(i18n.language),
      listPrice: template(t, 'cart.listPrice', 'price'),
      outOfStock: t('stock.outOfStock'),
      status: t('cart.status'),
      quantity: t('offers.quantity'),
      price: t('cart.price'),
      counterPrice: t('cart.counterPrice'),
      expires: t('cart.expires'),
      edit: t('offers.edit'),
      history: t('offerHistory.show'),
      orMakeOffer: t('cart.orMakeOffer'),
      deleteConfirm: t('cart.deleteConfirm'),
      delete: t('cart.delete'),
      select: around('cart.selectItem'),
      deleteItem: around('cart.deleteItem'),
      statusLabel: (status: OfferStatus) => {
        let label = statusLabels.get(status);
        if (label === undefined) statusLabels.set(status, (label = t(statusLabelKey(status))));
        return label;
      },
    };
  }, [t, i18n.language, money]);
}
export type RowTexts = ReturnType<typeof useRowTexts>;

/** The ids of the hidden words around an entry's name ('Select …', 'Delete …'), written once per page by RowWords. */
const wordId = (name: string, part: 'before' | 'after') => `c-${name}-${part[0]}`;

/** The words the rows' accessible names share, once for the page. */
export function RowWords({ texts }: { texts: RowTexts }) {
  return (
    <>
      {(['select', 'deleteItem'] as const).flatMap((name) =>
        (['before', 'after'] as const).map((part) =>
          texts[name][part] ? (
            <span hidden id={wordId(name, part)} key={`${name}-${part}`}>
              {texts[name][part]}
            </span>
          ) : null,
        ),
      )}
    </>
  );
}

/** An accessible name: the shared words around the entry's description and item number. */
function namedBy(texts: RowTexts, name: 'select' | 'deleteItem', offerId: number) {
  return [
    texts[name].before ? wordId(name, 'before') : '',
    `d${offerId}`,
    texts[name].after ? wordId(name, 'after') : '',
  ]
    .filter(Boolean)
    .join(' ');
}

const RowTextsContext = createContext<RowTexts | null>(null);
export const RowTextsProvider = RowTextsContext.Provider;

/** One cart entry (spec 2 §2 item row), with its inline edit when the URL names it. */
export function CartRow(props: Props) {
  const shared = useContext(RowTextsContext);
  // The spread comes last: a new property after a spread takes V8's slow path (see PathLink), 1,000 times a cart.
  return shared ? <CartRowView texts={shared} {...props} /> : <StandaloneRow {...props} />;
}

/** A row rendered on its own (outside a cart page) translates its texts itself. */
function StandaloneRow(props: Props) {
  const texts = useRowTexts();
  return (
    <>
      <RowWords texts={texts} />
      <CartRowView texts={texts} {...props} />
    </>
  );
}

function CartRowView({ row, formId, selectable, checked, onToggle, texts }: Props & { texts: RowTexts }) {
  const zone = useTimeZone();
  const data = useLoaderData<CartLoader>();
  const query = data.allowed ? data.query : null;
  const offer = row.offer;
  const shown = displayedTerms(offer);
  const inStock = row.quantityAvailable > 0;
  const editing = query?.edit === row.offerId;
  const priceEditable = query ? query.tab !== 0 || (query.asOffer && offer.offerStatus === 'BUY_AT_LIST') : false;
  const id = row.offerId;
  const named = `d${id}`;
  const listPrice = texts.listPrice(row.listPrice === null ? '—' : texts.money(row.listPrice));

  return (
    <li className={inStock ? 'cart-row' : 'cart-row cart-row--out'} id={`offer-${id}`} data-offer={id}>
      {selectable ? (
        <input
          type="checkbox"
          name="offerId"
          value={id}
          checked={checked && inStock}
          disabled={!inStock}
          onChange={(event) => onToggle(id, event.currentTarget.checked)}
          aria-labelledby={namedBy(texts, 'select', id)}
        />
      ) : null}
      <div className="cart-row__item">
        <p className="cart-row__description" id={named}>
          {`${row.description} `}
          <span className="item-number muted">{row.itemNumber}</span>
        </p>
        {inStock ? (
          <p>{`${texts.available(row.available)} · ${listPrice}`}</p>
        ) : (
          <p>
            <span className="chip chip--muted">{texts.outOfStock}</span>
            {` · ${listPrice}`}
          </p>
        )}
      </div>
      <dl className="cart-row__panel">
        <div>
          <dt>{texts.status}</dt>
          <dd>{texts.statusLabel(offer.offerStatus)}</dd>
        </div>
        <div>
          <dt>{texts.quantity}</dt>
          <dd>{texts.number(shown.quantity)}</dd>
        </div>
        <div>
          <dt>{texts.price}</dt>
          <dd>{texts.money(shown.price)}</dd>
        </div>
        {offer.counterPrice !== null && offer.offerStatus === 'COUNTERED' ? (
          <div>
            <dt>{texts.counterPrice}</dt>
            <dd>{texts.money(offer.counterPrice)}</dd>
          </div>
        ) : null}
        {offer.acceptedOrCounteredExpirationDate ? (
          <div>
            <dt>{texts.expires}</dt>
            <dd>{formatDateTime(offer.acceptedOrCounteredExpirationDate, texts.language, zone)}</dd>
          </div>
        ) : null}
      </dl>
      {extraInformation(offer) ? <OfferExtraInformation offer={offer} className="cart-row__info muted" /> : null}
      {editing ? (
        <CartRowEdit row={row} formId={formId} priceEditable={priceEditable} />
      ) : (
        <div className="cart-row__actions">
          {inStock ? (
            <button
              name="intent"
              value={`edit:${id}`}
              id={`e${id}`}
              aria-labelledby={`e${id} ${named}`}
              className="cart-btn cart-edit"
            >
              {texts.edit}
            </button>
          ) : null}
          {offer.offerStatus === 'BUY_AT_LIST' && inStock && row.acceptingOffers ? (
            <button
              name="intent"
              value={`make-offer:${id}`}
              id={`m${id}`}
              aria-labelledby={`m${id} ${named}`}
              className="cart-btn cart-link"
            >
              {texts.orMakeOffer}
            </button>
          ) : null}
          <button
            name="intent"
            value={`history:${id}`}
            id={`h${id}`}
            aria-labelledby={`h${id} ${named}`}
            className="cart-btn cart-link"
          >
            {texts.history}
          </button>
          <details className="confirm">
            <summary className="cart-btn cart-link cart-row__delete" aria-labelledby={namedBy(texts, 'deleteItem', id)}>
              <svg aria-hidden="true">
                <use href="#icon-delete" />
              </svg>
            </summary>
            <div className="confirm__panel">
              <p>{texts.deleteConfirm}</p>
              <button name="intent" value={`delete:${id}`} className="cart-btn cart-del">
                {texts.delete}
              </button>
            </div>
          </details>
        </div>
      )}
    </li>
  );
}

/**
 * The row in its edit view (one row at a time). One SAVE saves: a field left by pressing SAVE keeps
 * what was typed, and the server saves what the rules make of it and says what it saved and why it
 * differs (issue 51); a field left otherwise shows the rules' change and why as it is left. A refused save comes back as Conform's last result
 * of the box's form, read here with Conform's ids rather than a form state for a box of up to a
 * thousand rows (decision 021): what was sent (or what the rules made of it) and the errors beside
 * their fields.
 */
function CartRowEdit({ row, formId, priceEditable }: { row: Row; formId: string; priceEditable: boolean }) {
  const { t, i18n } = useTranslation();
  const shown = displayedTerms(row.offer);
  const listPrice = row.listPrice ?? 0;
  const names = rowFields(row.offerId);
  const result = useFormReply(formId)?.result;
  const sent = (name: string) =>
    typeof result?.initialValue?.[name] === 'string' ? (result.initialValue[name] as string) : undefined;
  const refused = (name: string) => result?.error?.[name]?.[0];
  const quantity = useEntryField(sent(names.quantity) ?? String(shown.quantity), (text) =>
    quantityEntry(text, { incrementSize: row.incrementSize, available: row.quantityAvailable }, i18n.language),
  );
  const price = useEntryField(sent(names.price) ?? String(Math.floor(shown.price)), (text) =>
    priceEntry(text, listPrice, i18n.language),
  );
  const [notices, setNotices] = useState<{ quantity?: string | null; price?: string | null }>({});
  const press = useSubmitPress();
  useLeaveGuard(
    quantity.value !== String(shown.quantity) || (priceEditable && price.value !== String(Math.floor(shown.price))),
    t('app.leaveWarning'),
  );
  return (
    <div className="cart-row__edit">
      <NumberField
        field={fieldNames(formId, names.quantity)}
        label={t('offers.quantity')}
        inputRef={quantity.ref}
        value={quantity.value}
        onChange={quantity.change}
        onBlur={() => {
          if (press.pressing()) return;
          const entry = quantity.leave();
          if (entry.ok) setNotices((shown) => ({ ...shown, quantity: quantityNotice(entry) }));
        }}
        error={quantity.error ?? refused(names.quantity)}
      />
      {priceEditable ? (
        <NumberField
          field={fieldNames(formId, names.price)}
          label={t('offers.offerPrice')}
          inputRef={price.ref}
          value={price.value}
          onChange={price.change}
          onBlur={() => {
            if (press.pressing()) return;
            const entry = price.leave();
            if (entry.ok) setNotices((shown) => ({ ...shown, price: priceNotice(entry) }));
          }}
          error={price.error ?? refused(names.price)}
        />
      ) : null}
      {notices.quantity || notices.price ? (
        <p className="notice notice--warning" role="status">
          {[notices.quantity, notices.price].flatMap((key) => (key ? [t(key)] : [])).join(' ')}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button
          type="submit"
          name="intent"
          value={`save:${row.offerId}`}
          className="button button--primary button--small"
          onPointerDown={press.start}
        >
          {t('cart.save')}
        </button>
        <button
          type="submit"
          name="intent"
          value="cancel-edit"
          className="button button--secondary button--small"
          formNoValidate
        >
          {t('cart.cancel')}
        </button>
      </div>
    </div>
  );
}
