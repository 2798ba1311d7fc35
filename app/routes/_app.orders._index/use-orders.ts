import { useLoaderData } from '@remix-run/react';
import type { OrdersLoader } from './route';

/** The orders list's loader data, for the page's parts. */
export const useOrders = () => useLoaderData<OrdersLoader>();
