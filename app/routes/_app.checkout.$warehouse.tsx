import { useLoaderData } from '@remix-run/react';
import { checkoutHandOffLoader } from '~/.server/checkout-hand-off';
import { CheckoutHandOff } from '~/components/CheckoutHandOff';
import { titled } from '~/components/page-title';

export const meta = titled('pageTitle.checkout');

export const loader = checkoutHandOffLoader('NEW_ORDER');

export default function CheckoutRoute() {
  return <CheckoutHandOff {...useLoaderData<typeof loader>()} />;
}
