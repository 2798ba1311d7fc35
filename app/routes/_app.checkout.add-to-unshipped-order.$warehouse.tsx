import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { checkoutHandOffLoader } from '~/.server/checkout-hand-off';
import { AddToOrderChoice } from '~/components/checkout/AddToOrderChoice';
import { titled } from '~/components/page-title';
import { addToOrderTarget } from '~/domain/checkout/add-to-order';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('pageTitle.addToOrder');

const handOffLoader = checkoutHandOffLoader('ADD_TO_EXISTING_ORDER');

/** The cart's hand-off with the orders it may join; `?salesOrder=` (the GET form's choice, one of those) goes on to the review. */
export async function loader(args: LoaderFunctionArgs) {
  const loaded = await handOffLoader(args);
  const choice = new URL(args.request.url).searchParams.get('salesOrder');
  if (choice === null || !('handOff' in loaded)) return loaded;
  const { handOff } = loaded;
  const target = addToOrderTarget(
    args.params.warehouse ?? handOff.checkout.warehouse.label,
    choice,
    handOff.onHoldSalesOrders,
  );
  return target ? redirect(target) : loaded;
}

export default function AddToUnshippedOrderRoute() {
  useTexts('addToOrder', 'checkout', 'offers', 'orders');
  const { handOff } = useLoaderData<typeof loader>();
  return <AddToOrderChoice warehouseLabel={handOff.checkout.warehouse.label} orders={handOff.onHoldSalesOrders} />;
}
