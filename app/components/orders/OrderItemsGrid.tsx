import { getFormProps, useForm } from '@conform-to/react';
import { Form, useLocation } from '@remix-run/react';
import { PathLink } from '../PathLink';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { OrderItem } from '~/.server/api/order-details';
import { useFormReply, type FormConstraint } from '../form-reply';
import { incrementHint } from '~/domain/orders/line-edit';
import type { OrderPermissions } from '~/domain/orders/permissions';
import { formatMinor } from '~/domain/money';
import { Field } from '../Field';
import { FieldError } from '../FieldError';
import { useMoneyFormat } from '../use-money-format';
import { useCounts } from '../use-counts';
import { displayQuantity } from '~/domain/stock/quantity';

/** The lines' form, as the action's replies name it (LINES_FORM). */
const FORM_ID = 'order-lines';

interface Props {
  /** The lines shown (the first pages); totalItems counts them all. */
  items: OrderItem[];
  totalItems: number;
  pages: number;
  pageSize: number;
  permission: OrderPermissions;
  /** The line in its edit view (one at a time), or null. */
  editLine: number | null;
  /** The lines' form constraint, made on the server from its schema. */
  constraint: FormConstraint;
  maxDisplayed: number | null;
  busy: boolean;
}

/** The order items grid of spec 3 §2.6: each line a view or its edit, edit and delete by permission, pending changes marked. */
export function OrderItemsGrid({
  items,
  totalItems,
  pages,
  pageSize,
  permission,
  editLine,
  constraint,
  maxDisplayed,
  busy,
}: Props) {
  const { t } = useTranslation();
  const { number, displayed } = useCounts();
  const reply = useFormReply(FORM_ID);
  const [form, fields] = useForm<Record<string, string>>({ id: FORM_ID, lastResult: reply?.result, constraint });
  const quantityField = fields.quantity!;
  const money = useMoneyFormat();
  const location = useLocation();
  const editable = permission.canEditItem && permission.canUpdateOrderedQuantity;
  const withActions = editable || permission.canRemoveItem;
  const pageWithout = () => {
    const search = new URLSearchParams(location.search);
    search.delete('line');
    return `${location.pathname}${search.size ? `?${search}` : ''}`;
  };
  const editHref = (id: number) => {
    const search = new URLSearchParams(location.search);
    search.set('line', String(id));
    return `${location.pathname}?${search}`;
  };
  // A line's refused quantity or Delete, said beside that line.
  const lineField = (id: number) => fields[`line-${id}`]!;
  const moreHref = () => {
    const search = new URLSearchParams(location.search);
    search.set('lines', String(pages + 1));
    return `${location.pathname}?${search}`;
  };
  const remaining = totalItems - items.length;
  // Each cell names its column for the stacked rows of a narrow screen: worked out once, not per line.
  const label = {
    available: t('orders.details.available'),
    ordered: t('orders.details.ordered'),
    canceled: t('orders.details.canceled'),
    shipped: t('orders.details.shipped'),
    unitPrice: t('orders.details.unitPrice'),
    price: t('orders.details.price'),
    actions: t('orders.details.actions'),
  };

  return (
    <section className="order-items" aria-labelledby="order-items-title">
      <h2 id="order-items-title">{t('orders.details.items')}</h2>
      {/* The lines' buttons and quantity name this form; an order whose lines cannot change (a canceled one) has none. */}
      {withActions ? (
        <Form method="post" {...getFormProps(form)} preventScrollReset>
          {/* Enter in the quantity field means Done for that line. */}
          {editLine !== null ? (
            <button
              type="submit"
              name="intent"
              value={`line-done:${editLine}`}
              hidden
              tabIndex={-1}
              aria-hidden="true"
            />
          ) : null}
        </Form>
      ) : null}
      <table className="data-table order-items__table stacked-table">
        <thead>
          <tr>
            <th scope="col">{t('orders.details.item')}</th>
            <th scope="col">{label.available}</th>
            <th scope="col">{label.ordered}</th>
            <th scope="col">{label.canceled}</th>
            <th scope="col">{label.shipped}</th>
            <th scope="col">{label.unitPrice}</th>
            <th scope="col">{label.price}</th>
            {withActions ? <th scope="col">{label.actions}</th> : null}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const editing = editLine === item.id;
            const removed = item.pendingQuantity === 0;
            const quantity = item.pendingQuantity ?? item.orderedQuantity;
            // Conform keeps a reply's errors in its state; once a later change went through (no reply), they are past.
            // A line's field is looked up only where it can say something: a page shows up to a hundred lines.
            const field = reply || editing ? lineField(item.id) : null;
            const error = reply ? field?.errors?.[0] : undefined;
            // A refused quantity's message names the quantity saved.
            const errorText = (key: string) => t(key, { quantity: item.orderedQuantity });
            const hint = incrementHint(item.incrementSize);
            const rowLabel = `${item.itemDescription} ${item.itemNumber}`;
            return (
              <tr
                key={item.id}
                data-item={item.itemNumberWarehouse}
                className={
                  removed
                    ? 'order-items__row--removed'
                    : item.pendingQuantity !== null
                      ? 'order-items__row--changed'
                      : undefined
                }
              >
                <th scope="row">
                  {item.itemDescription} <span className="muted nowrap">{item.itemNumber}</span>
                  {removed ? <span className="pending-mark">{t('orders.line.removedPending')}</span> : null}
                </th>
                {/* As the stock list shows it: never below 0, '{max}+' above the tenant's cap (spec 3 §3, §9). */}
                <td data-label={label.available}>
                  {displayed(displayQuantity(item.availableQuantity, maxDisplayed ?? undefined))}
                </td>
                <td data-label={label.ordered}>
                  {editing ? (
                    <Field
                      field={quantityField}
                      label={t('orders.line.quantityOf', { item: rowLabel })}
                      labelHidden
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      // eslint-disable-next-line jsx-a11y/no-autofocus -- Edit was clicked: the quantity takes its focus
                      autoFocus
                      hint={hint ? t('orders.line.incrementHint', { n: hint }) : undefined}
                      errors={error ? [error] : []}
                      words={errorText}
                      defaultValue={String(quantity)}
                      className="field--inline"
                      control={{ size: 6 }}
                    />
                  ) : item.pendingQuantity !== null && !removed ? (
                    <span>
                      <del aria-label={t('orders.line.savedQuantity', { quantity: item.orderedQuantity })}>
                        {number(item.orderedQuantity)}
                      </del>{' '}
                      <ins>{number(quantity)}</ins>
                    </span>
                  ) : (
                    number(item.orderedQuantity)
                  )}
                  {/* A refusal stays beside its line after the line is left (the field says it while the line is open). */}
                  {!editing && error ? <FieldError id={field!.errorId} errors={[error]} words={errorText} /> : null}
                </td>
                <td data-label={label.canceled}>{number(item.canceledQuantity)}</td>
                <td data-label={label.shipped}>{number(item.shippedQuantity)}</td>
                <td data-label={label.unitPrice}>{formatMinor(item.unitPrice, money)}</td>
                <td data-label={label.price}>{formatMinor(quantity * item.unitPrice, money)}</td>
                {withActions ? (
                  <td data-label={label.actions} className="order-items__actions">
                    {editing ? (
                      <>
                        <button
                          type="submit"
                          form={FORM_ID}
                          name="intent"
                          value={`line-done:${item.id}`}
                          className="button button--primary button--small"
                          disabled={busy}
                          aria-label={t('orders.line.doneOf', { item: rowLabel })}
                        >
                          {t('orders.line.done')}
                        </button>
                        <PathLink
                          to={pageWithout()}
                          preventScrollReset
                          className="button button--secondary button--small"
                          aria-label={t('orders.line.cancelOf', { item: rowLabel })}
                        >
                          {t('orders.line.cancel')}
                        </PathLink>
                      </>
                    ) : removed ? (
                      <button
                        type="submit"
                        form={FORM_ID}
                        name="intent"
                        value={`line-restore:${item.id}`}
                        className="button button--secondary button--small"
                        disabled={busy || editLine !== null}
                        aria-label={t('orders.line.restoreOf', { item: rowLabel })}
                      >
                        {t('orders.line.restore')}
                      </button>
                    ) : (
                      <>
                        {editable ? (
                          editLine === null ? (
                            <PathLink
                              to={editHref(item.id)}
                              preventScrollReset
                              className="button button--secondary button--small"
                              aria-label={t('orders.line.editOf', { item: rowLabel })}
                            >
                              {t('orders.line.edit')}
                            </PathLink>
                          ) : (
                            <button
                              type="button"
                              className="button button--secondary button--small"
                              disabled
                              aria-label={t('orders.line.editOf', { item: rowLabel })}
                            >
                              {t('orders.line.edit')}
                            </button>
                          )
                        ) : null}
                        {permission.canRemoveItem ? (
                          <button
                            type="submit"
                            form={FORM_ID}
                            name="intent"
                            value={`line-remove:${item.id}`}
                            className="button button--secondary button--small"
                            disabled={busy || editLine !== null}
                            aria-label={t('orders.line.deleteOf', { item: rowLabel })}
                          >
                            {t('orders.line.delete')}
                          </button>
                        ) : null}
                      </>
                    )}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
      {remaining > 0 ? (
        <p className="order-items__more">
          <span className="muted">{t('orders.details.linesShown', { shown: items.length, total: totalItems })}</span>{' '}
          <PathLink to={moreHref()} preventScrollReset className="button button--secondary">
            {t('cart.showMore', { count: Math.min(remaining, pageSize) })}
          </PathLink>
        </p>
      ) : null}
    </section>
  );
}
