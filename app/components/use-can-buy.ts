import { useRouteLoaderData } from '@remix-run/react';
import { canBuy } from '~/domain/permissions';
import type { loader } from '~/routes/_app';

/** Whether the signed-in buyer may buy (spec 1 §6), for controls on pages under the app shell. */
export function useCanBuy(): boolean {
  const data = useRouteLoaderData<typeof loader>('routes/_app');
  return data ? canBuy(data.user) : false;
}
