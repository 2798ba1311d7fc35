import { PathLink } from './PathLink';

/** A list's previous and next page links under "Page N of M" (nothing for a single page); the words come from the list's own texts. */
export function PrevNextPages({
  page,
  pageCount,
  hrefOf,
  labels,
}: {
  page: number;
  pageCount: number;
  hrefOf: (page: number) => string;
  labels: { nav: string; pageOf: string; previous: string; next: string };
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={labels.nav}>
      <p>{labels.pageOf}</p>
      <ul>
        <li>
          {page > 1 ? (
            <PathLink to={hrefOf(page - 1)} rel="prev">
              {labels.previous}
            </PathLink>
          ) : null}
        </li>
        <li>
          {page < pageCount ? (
            <PathLink to={hrefOf(page + 1)} rel="next">
              {labels.next}
            </PathLink>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
