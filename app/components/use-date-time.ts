import { useRevalidator, useRouteLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { BROWSER_ZONE_COOKIE, UTC, ZONE_COOKIE_MAX_AGE } from '~/domain/time-zone';
import type { RootData } from '~/root';

/** The zone the page's times are in: the one the server rendered with (root data), so the browser's first render agrees with it. */
export function useTimeZone(): string {
  return useRouteLoaderData<RootData>('root')?.timeZone ?? UTC;
}

/**
 * With scripts, the browser's zone is the buyer's: kept in a cookie the server reads, and when the
 * page was rendered in another zone its data is read again, so every time shows in the browser's
 * zone after hydration (never during it: no mismatch). Without scripts nothing runs, and the server
 * uses the buyer's chosen zone or the tenant's.
 */
export function useBrowserTimeZone(rendered: string) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    document.cookie = `${BROWSER_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=${ZONE_COOKIE_MAX_AGE}; samesite=lax`;
    if (zone !== rendered && revalidator.state === 'idle') revalidator.revalidate();
    // Once per page load and zone: a revalidation that changed the zone settles it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rendered]);
}
