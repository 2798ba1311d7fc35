import { getFormProps, useForm } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useState } from 'react';
import type { CheckoutOptionsView } from '~/.server/api/checkout';
import type { RowsReply } from '~/.server/checkout-form';
import { applyChange, type OrderSize, type Row, type Selection } from '~/domain/checkout/selection';
import type { FormConstraint } from '../form-reply';
import { SelectionRows } from '../checkout/SelectionRows';
import { useRowEditHref } from '../checkout/use-rows';
import { useHydrated } from '../use-hydrated';

interface Props {
  options: CheckoutOptionsView;
  size: OrderSize;
  /** The choice with the pending changes, or what the last DONE answered. */
  selection: Selection;
  open: Row[];
  /** The action's reply when it refused a row (its errors, the rows as it left them). */
  reply: RowsReply | null;
  /** The form's constraint, made on the server from its schema. */
  constraint: FormConstraint;
  editable: readonly Row[];
  busy: boolean;
}

/** The rows' form, as the action's replies name it (CHOICE_FORM). */
export const CHOICE_FORM_ID = 'order-choice';

/**
 * The billing and shipping section of an order that may change (spec 3 §2.6): the checkout's rows,
 * only those the permissions open offer EDIT, and DONE keeps the pair as a pending change.
 * With scripts the reset rules run as the buyer chooses.
 */
export function OrderChoiceForm(props: Props) {
  // Each answer from the server is the state to start from.
  return <ChoiceRows key={JSON.stringify([props.selection, props.open, props.reply])} {...props} />;
}

function ChoiceRows({
  options,
  size,
  selection: initial,
  open: initialOpen,
  reply,
  constraint,
  editable,
  busy,
}: Props) {
  const hydrated = useHydrated();
  const [form, fields] = useForm<Record<string, string | string[]>>({
    id: CHOICE_FORM_ID,
    lastResult: reply?.result,
    constraint,
  });
  const [selection, setSelection] = useState(reply?.rows.selection ?? initial);
  const [open, setOpen] = useState(reply?.rows.open ?? initialOpen);
  const editHref = useRowEditHref();
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset>
      <fieldset className="plain-fieldset" disabled={busy}>
        <SelectionRows
          options={options}
          size={size}
          selection={selection}
          open={open}
          fields={fields}
          withDone
          editHref={editHref}
          editable={editable}
          refusedDone={reply?.rows.done}
          onChange={
            hydrated
              ? (change) => setSelection((previous) => applyChange(previous, { ...previous, ...change }, options, size))
              : undefined
          }
          onEdit={hydrated ? (row) => setOpen((rows) => (rows.includes(row) ? rows : [...rows, row])) : undefined}
        />
      </fieldset>
    </Form>
  );
}
