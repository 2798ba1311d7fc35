import { getFormProps, useForm } from '@conform-to/react';
import { Form, useLocation, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { StockAlert } from '~/.server/api/alerts';
import type { SingleStockItem } from '~/.server/api/stock';
import { useEntryField } from '~/components/use-entry-field';
import { useFormReply, type FormConstraint } from '~/components/form-reply';
import { NumberField } from '~/components/NumberField';
import { RouteDialog } from '~/components/RouteDialog';
import { defaultAlertQuantity, alertQuantityEntry } from '~/domain/stock/alert-quantity';
import { withParams } from './use-stock';
import { useTexts } from '~/i18n/use-texts';

interface Props {
  item: SingleStockItem;
  alert: StockAlert | null;
  defaultQuantity: number | null;
  /** The form's constraint, made on the server from its schema. */
  constraint: FormConstraint;
}

/** The dialog's form, as the action's replies name it (ALERT_FORM). */
const FORM_ID = 'alert';

/** Set, change or delete the stock alert of one item (spec 1 §2 dialogs, §5 alert quantity). */
export function AlertDialog({ item, alert, defaultQuantity, constraint }: Props) {
  useTexts('alerts', 'dialog', 'entry', 'offers');
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const busy = useNavigation().state !== 'idle';
  const [form, fields] = useForm<{ quantity: string }>({
    id: FORM_ID,
    lastResult: useFormReply(FORM_ID)?.result,
    constraint,
  });
  const quantity = useEntryField(
    fields.quantity.initialValue ??
      String(alert?.quantity ?? defaultAlertQuantity(defaultQuantity ?? undefined, item.incrementSize)),
    (text) => alertQuantityEntry(text, item.incrementSize, i18n.language),
  );
  const closeTo = withParams(location.search, { alert: null });
  const hidden = (
    <>
      <input type="hidden" name="itemNumberWarehouse" value={item.itemNumberWarehouse} />
      <input type="hidden" name="participantId" value={item.pxnParticipantId} />
    </>
  );
  return (
    <RouteDialog title={alert ? t('alerts.editTitle') : t('alerts.setTitle')} closeTo={closeTo} width="narrow">
      <p>
        <strong>{item.skuDescription}</strong> <span className="muted">{item.itemNumber}</span>
      </p>
      <Form method="post" {...getFormProps(form)} preventScrollReset className="offer-dialog__form">
        <input type="hidden" name="intent" value="alert-save" />
        {alert ? <input type="hidden" name="existing" value="1" /> : null}
        {hidden}
        <NumberField
          field={fields.quantity}
          label={t('alerts.quantityLabel')}
          inputRef={quantity.ref}
          value={quantity.value}
          onChange={quantity.change}
          onBlur={quantity.leave}
          error={quantity.error ?? fields.quantity.errors?.[0]}
          hint={item.incrementSize > 1 ? t('offers.increments', { count: item.incrementSize }) : null}
        />
        <div className="dialog-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {alert ? t('alerts.update') : t('alerts.save')}
          </button>
        </div>
      </Form>
      {alert ? (
        <Form method="post" preventScrollReset className="dialog-actions">
          <input type="hidden" name="intent" value="alert-delete" />
          {hidden}
          <button type="submit" className="button button--secondary" disabled={busy}>
            {t('alerts.delete')}
          </button>
        </Form>
      ) : null}
    </RouteDialog>
  );
}
