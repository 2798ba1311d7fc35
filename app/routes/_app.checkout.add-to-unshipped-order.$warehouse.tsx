import { useLoaderData } from '@remix-run/react';
import { checkoutHandOffLoader } from '~/.server/checkout-hand-off';
import { CheckoutHandOff } from '~/components/CheckoutHandOff';
import { titled } from '~/components/page-title';

export const meta = titled('pageTitle.checkout');

export const loader = checkoutHandOffLoader('ADD_TO_EXISTING_ORDER');

export default function AddToUnshippedOrderRoute() {
  return <CheckoutHandOff {...useLoaderData<typeof loader>()} />;
}
