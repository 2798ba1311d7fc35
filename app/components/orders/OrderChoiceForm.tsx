import { Form } from '@remix-run/react';
import { useState } from 'react';
import type { CheckoutOptionsView } from '~/.server/api/checkout';
import { applyChange, type OrderSize, type Row, type RowErrors, type Selection } from '~/domain/checkout/selection';
import { SelectionRows } from '../checkout/SelectionRows';
import { useRowEditHref } from '../checkout/use-rows';
import { useHydrated } from '../use-hydrated';

interface Props {
  options: CheckoutOptionsView;
  size: OrderSize;
  /** The choice with the pending changes, or what the last DONE answered. */
  selection: Selection;
  open: Row[];
  errors: Partial<Record<Row, RowErrors>>;
  editable: readonly Row[];
  busy: boolean;
}

/**
 * The billing and shipping section of an order that may change (spec 3 §2.6): the checkout's rows,
 * only those the permissions open offer EDIT, and DONE keeps the pair as a pending change.
 * With scripts the reset rules run as the buyer chooses.
 */
export function OrderChoiceForm(props: Props) {
  // Each answer from the server is the state to start from.
  return <ChoiceRows key={JSON.stringify([props.selection, props.open, props.errors])} {...props} />;
}

function ChoiceRows({ options, size, selection: initial, open: initialOpen, errors, editable, busy }: Props) {
  const hydrated = useHydrated();
  const [selection, setSelection] = useState(initial);
  const [open, setOpen] = useState(initialOpen);
  const editHref = useRowEditHref();
  return (
    <Form method="post" preventScrollReset noValidate>
      <fieldset className="plain-fieldset" disabled={busy}>
        <SelectionRows
          options={options}
          size={size}
          selection={selection}
          open={open}
          errors={errors}
          withDone
          editHref={editHref}
          editable={editable}
          onChange={hydrated ? (change) => setSelection((previous) => applyChange(previous, { ...previous, ...change }, options, size)) : undefined}
          onEdit={hydrated ? (row) => setOpen((rows) => (rows.includes(row) ? rows : [...rows, row])) : undefined}
        />
      </fieldset>
    </Form>
  );
}
