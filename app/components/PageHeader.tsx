import { Link } from '@remix-run/react';

/** A page's back link and title, as the cart, stock alerts and checkout pages open. */
export function PageHeader({ backTo, backLabel, title }: { backTo: string; backLabel: string; title: string }) {
  return (
    <>
      <p>
        <Link to={backTo} className="back-link">
          {backLabel}
        </Link>
      </p>
      <h1>{title}</h1>
    </>
  );
}
