import { useLoaderData } from '@remix-run/react';
import type { StockLoader } from './route';

/** The stock page's data once there is stock to show. */
export function useStock() {
  const data = useLoaderData<StockLoader>();
  if (data.empty || !data.page) throw new Error('no stock page');
  return { ...data, page: data.page };
}

/** The current URL's search with some parameters changed (null removes one). */
export function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '?';
}
