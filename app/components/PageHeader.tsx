import { Link } from '@remix-run/react';

/** The way back to the page this one belongs to, above its title. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <p>
      <Link to={to} className="back-link">
        {label}
      </Link>
    </p>
  );
}

/** A page's back link and title, as the cart, stock alerts and checkout pages open. */
export function PageHeader({ backTo, backLabel, title }: { backTo: string; backLabel: string; title: string }) {
  return (
    <>
      <BackLink to={backTo} label={backLabel} />
      <h1>{title}</h1>
    </>
  );
}
