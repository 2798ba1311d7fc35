import { chipColorClass } from '~/domain/orders/list-cells';
import { statusStyle, type StatusStyle } from '~/domain/orders/settings';

/** A fulfilment or payment status as a chip, labelled and coloured from the tenant's order settings (spec 3 §2.6). */
export function StatusChip({ statuses, code }: { statuses: readonly StatusStyle[]; code: string }) {
  const style = statusStyle(statuses, code);
  return (
    <span className={`status-chip status-chip--${chipColorClass(style.colorClass)}`} data-status={code}>
      {style.label}
    </span>
  );
}
