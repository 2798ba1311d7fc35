import { useLocation, useNavigate } from '@remix-run/react';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of this site from its root ("/stock?page=2"), or a query on the page shown ("?buy=X"). */
  to: string;
  preventScrollReset?: boolean;
  state?: unknown;
};

/**
 * A link within the site, for pages that show many (the stock list, some thirty; the orders list and
 * an order's lines, one or more a row). Remix's Link works its target out from the route four times a render,
 * each time through JSON (some microseconds a link on the server); a path from the root or a query
 * needs none of it. Without scripts it is a plain link. With them a plain click navigates in the app
 * as Link's does (a link to the page shown replaces its history entry), and data-discover has Remix
 * fetch the target route's code ahead, as it does for Link.
 */
export function PathLink({ to, preventScrollReset, state, onClick, ...anchor }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const href = to.startsWith('?') ? `${location.pathname}${to}` : to;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (anchor.target && anchor.target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href, {
      preventScrollReset,
      state,
      replace: `${location.pathname}${location.search}${location.hash}` === href,
    });
  };
  // The spread comes last: V8 makes `{ ...props, added }` through a slow path (about 2 µs a link), `{ added, ...props }` not.
  // eslint-disable-next-line jsx-a11y/anchor-has-content -- the content comes in the spread props (children)
  return <a href={href} data-discover="true" onClick={follow} {...anchor} />;
}
