import { getFormProps, useForm } from '@conform-to/react';
import { Form, useLocation, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { Offer } from '~/.server/api/offers';
import type { SingleStockItem } from '~/.server/api/stock';
import { entryError, useEntryField } from '~/components/use-entry-field';
import { useFormReply, type FormConstraint } from '~/components/form-reply';
import { NumberField } from '~/components/NumberField';
import { OfferStatusNote } from '~/components/OfferStatusNote';
import { RouteDialog } from '~/components/RouteDialog';
import { useMoney } from '~/components/use-money-format';
import { usePressThroughShift } from '~/components/use-press-through-shift';
import { useTenant } from '~/components/use-tenant';
import { lineTotalMinor } from '~/domain/money';
import { priceEntry, priceNotice, quantityEntry, quantityNotice } from '~/domain/offers/entry-rules';
import { useSubmitPress } from '~/components/use-submit-press';
import { withParams } from './use-stock';
import { useCounts } from '~/components/use-counts';
import { useTexts } from '~/i18n/use-texts';

interface Props {
  item: SingleStockItem;
  offer: Offer | null;
  /** What happens after an offer: how long the seller's answer holds, when offers are reviewed. */
  terms: { answerValidHours: number | null; schedule: string | null } | null;
  /** The form's constraint, made on the server from its schema. */
  constraint: FormConstraint;
}

/** The dialog's form, as the action's replies name it (OFFER_FORM). */
const FORM_ID = 'offer';

/**
 * Buy (500 px), make an offer (600 px), or change what is already in the cart. The field rules run
 * when a field is left, and the total is of what they make of the fields as typed; the server runs
 * them again and shows back any value it had to change, sending nothing until the buyer confirms.
 * A field left by pressing the button keeps what was typed, so that the server's answer shows the
 * change (issue 51: the press used to send the changed value unseen).
 */
export function OfferDialog({ item, offer, terms, constraint }: Props) {
  useTexts('dialog', 'entry', 'offerDialog', 'offers', 'stock', 'time');
  const { t, i18n } = useTranslation();
  const { displayed } = useCounts();
  const location = useLocation();
  const navigation = useNavigation();
  const reply = useFormReply(FORM_ID);
  const money = useMoney();
  const params = new URLSearchParams(location.search);
  const asked = params.has('offer') ? 'offer' : 'buy';
  const mode =
    item.isOfferAccepted && (asked === 'offer' || (offer !== null && offer.offerStatus !== 'BUY_AT_LIST'))
      ? 'offer'
      : 'buy';
  const listPrice = item.listPrice ?? 0;
  const [form, fields] = useForm<{ quantity: string; price: string }>({
    id: FORM_ID,
    lastResult: reply?.result,
    constraint,
    /** Text that is not a number stays as typed with its error, and nothing is sent. */
    onSubmit: (event) => {
      const quantityOk = quantity.check().ok;
      const priceOk = mode === 'offer' ? price.check().ok : true;
      if (!quantityOk || !priceOk) event.preventDefault();
    },
  });
  const quantity = useEntryField(
    fields.quantity.initialValue ?? String(offer?.offerQuantity ?? Math.max(1, item.incrementSize)),
    (text) =>
      quantityEntry(text, { incrementSize: item.incrementSize, available: item.quantityAvailable }, i18n.language),
  );
  const price = useEntryField(fields.price.initialValue ?? String(offer?.offerPrice ?? listPrice), (text) =>
    priceEntry(text, listPrice, i18n.language),
  );
  /** The server's answer about the values it was sent: gone once the buyer types again. */
  const [notices, setNotices] = useState<string[]>(reply?.notices ?? []);
  const [fieldNotices, setFieldNotices] = useState<{ quantity?: string | null; price?: string | null }>({});
  const press = useSubmitPress();
  // A reply to a press with scripts: the values as the rules made them, and why, replace what was typed.
  const answered = useRef(reply);
  useEffect(() => {
    if (!reply || reply === answered.current) return;
    answered.current = reply;
    const sent = reply.result.initialValue ?? {};
    if (typeof sent.quantity === 'string') quantity.answered(sent.quantity);
    if (typeof sent.price === 'string' && mode === 'offer') price.answered(sent.price);
    setNotices(reply.notices ?? []);
    setFieldNotices({});
  }, [reply, mode, quantity, price]);
  const closeTo = withParams(location.search, { buy: null, offer: null });
  const busy = navigation.state !== 'idle';
  const title = offer ? t('offers.editTitle') : mode === 'offer' ? t('offers.offerTitle') : t('offers.buyTitle');
  const { currencySymbol, sellerShortName } = useTenant();
  const symbolAfter = /^[\d\s]/.test(money(1));
  // The total is of what the rules make of the fields as typed: 15 in tens is a total for 10, said so.
  const ruledQuantity = quantityEntry(
    quantity.value,
    { incrementSize: item.incrementSize, available: item.quantityAvailable },
    i18n.language,
  );
  const ruledPrice =
    mode === 'offer'
      ? priceEntry(price.value, listPrice, i18n.language)
      : { ok: true as const, value: listPrice, changed: false };
  const totalText =
    ruledQuantity.ok && ruledPrice.ok
      ? ruledQuantity.changed || ruledPrice.changed
        ? t('offerDialog.totalOf', {
            total: money(lineTotalMinor(ruledQuantity.value, ruledPrice.value) / 100),
            quantity: ruledQuantity.value,
            price: money(ruledPrice.value),
          })
        : t('offerDialog.total', { total: money(lineTotalMinor(ruledQuantity.value, ruledPrice.value) / 100) })
      : t('offerDialog.total', { total: '—' });
  const submitButton = useRef<HTMLButtonElement>(null);

  const onQuantityBlur = () => {
    if (press.pressing()) return;
    const entry = quantity.leave();
    if (entry.ok) setFieldNotices((shown) => ({ ...shown, quantity: quantityNotice(entry) }));
  };
  const onPriceBlur = () => {
    if (press.pressing()) return;
    const entry = price.leave();
    if (entry.ok) setFieldNotices((shown) => ({ ...shown, price: priceNotice(entry) }));
  };
  const shownNotices = [
    ...new Set([...notices, fieldNotices.quantity, fieldNotices.price].filter((key): key is string => Boolean(key))),
  ];
  usePressThroughShift(submitButton);

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
            <dd>{displayed(item.displayQuantity)}</dd>
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
        <Form method="post" {...getFormProps(form)} className="offer-dialog__form" preventScrollReset>
          <input type="hidden" name="intent" value="offer-save" />
          <input type="hidden" name="mode" value={mode} />
          <input type="hidden" name="itemNumberWarehouse" value={item.itemNumberWarehouse} />
          <input type="hidden" name="participantId" value={item.pxnParticipantId} />
          {offer ? <input type="hidden" name="offerId" value={offer.offerId} /> : null}
          <NumberField
            field={fields.quantity}
            label={t('offers.quantity')}
            inputRef={quantity.ref}
            value={quantity.value}
            onChange={(text) => {
              quantity.change(text);
              setNotices([]);
            }}
            onBlur={onQuantityBlur}
            error={entryError(quantity, fields.quantity.errors)}
            hint={item.incrementSize > 1 ? t('offers.increments', { count: item.incrementSize }) : null}
          />
          {mode === 'offer' ? (
            <NumberField
              field={fields.price}
              label={t('offers.offerPrice')}
              inputRef={price.ref}
              value={price.value}
              onChange={(text) => {
                price.change(text);
                setNotices([]);
              }}
              onBlur={onPriceBlur}
              error={entryError(price, fields.price.errors)}
              unit={{ symbol: currencySymbol, after: symbolAfter }}
            />
          ) : null}
          <p className="offer-dialog__total" aria-live="polite">
            {totalText}
          </p>
          <div className="offer-dialog__messages" role="status" aria-live="polite">
            {shownNotices.map((key) => (
              <p key={key} className="notice notice--warning">
                {t(key, { count: item.incrementSize })}
              </p>
            ))}
            {form.errors?.length ? (
              <p className="notice notice--error" id={form.errorId}>
                {form.errors.map((key) => t(key)).join(' ')}
              </p>
            ) : null}
          </div>
          <div className="dialog-actions">
            <button
              ref={submitButton}
              type="submit"
              className="button button--primary"
              disabled={busy}
              onPointerDown={press.start}
            >
              {offer ? t('offers.update') : mode === 'offer' ? t('stock.offer') : t('offers.addToCart')}
            </button>
          </div>
        </Form>
        <div className="offer-dialog__next muted">
          {mode === 'offer' ? (
            <>
              <p>{t('offerDialog.nextOffer', { seller: sellerShortName })}</p>
              {terms?.schedule ? <p>{terms.schedule}</p> : null}
              {terms?.answerValidHours ? (
                <p>{t('offerDialog.answerHolds', { count: terms.answerValidHours })}</p>
              ) : null}
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
