import { PathLink } from './PathLink';

/**
 * A column header that sorts: a link (so it works without JavaScript) to the list sorted on its
 * column, a mark for the direction, and aria-sort on the column sorted now.
 */
export function SortableHeader({
  label,
  to,
  sorted,
  dir,
  numeric,
}: {
  label: string;
  to: string;
  sorted: boolean;
  dir: 'asc' | 'desc';
  numeric?: boolean;
}) {
  return (
    <th
      scope="col"
      className={numeric ? 'num' : undefined}
      aria-sort={sorted ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <PathLink to={to} preventScrollReset className="sort-link">
        {label}
        <span className={`sort-mark${sorted ? ' sort-mark--on' : ''}`} aria-hidden="true">
          {sorted ? (dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </PathLink>
    </th>
  );
}
