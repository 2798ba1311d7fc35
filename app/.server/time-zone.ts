import { BROWSER_ZONE_COOKIE, CHOSEN_ZONE_COOKIE, decodedCookie, shownTimeZone } from '~/domain/time-zone';

/** The zone a request's page shows its times in (time-zone.ts): the same one its days are read in. */
export function requestTimeZone(request: Request, tenantZone: string | null | undefined): string {
  const cookies = request.headers.get('Cookie');
  return shownTimeZone({
    browser: decodedCookie(cookies, BROWSER_ZONE_COOKIE),
    chosen: decodedCookie(cookies, CHOSEN_ZONE_COOKIE),
    tenant: tenantZone,
  });
}
