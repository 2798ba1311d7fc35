import { cookieValue } from './cookie-header';
import { dateTimeFormat, once } from './intl';

/**
 * Times a buyer reads are in the buyer's zone and name it (issue 51): with scripts the browser's
 * zone (a cookie the page sets), without them the zone the buyer chose in My Preferences, else the
 * tenant's zone, else UTC. Pure rules, shared by the server's render and the browser.
 */
export const UTC = 'UTC';

/** The cookie the page sets with scripts: the browser's own zone. */
export const BROWSER_ZONE_COOKIE = 'px_tz_browser';
/** The cookie My Preferences sets: the zone the buyer chose. */
export const CHOSEN_ZONE_COOKIE = 'px_tz';
/** A year: the zone is a preference, kept like one. */
export const ZONE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** An IANA zone name this runtime knows ("America/Chicago", "UTC"); anything else is not one. */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name))
    return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone a page's times are shown in: the browser's, else the buyer's choice, else the tenant's, else UTC; names that are not zones are passed over. */
export function shownTimeZone(zones: {
  browser?: string | null;
  chosen?: string | null;
  tenant?: string | null;
}): string {
  for (const zone of [zones.browser, zones.chosen, zones.tenant]) if (isTimeZone(zone)) return zone;
  return UTC;
}

/** The zones a buyer may choose in My Preferences: every zone the runtime knows, UTC first. */
export function choosableTimeZones(): string[] {
  return once('time-zones', () => [UTC, ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== UTC)]);
}

/** A zone as a buyer picks it in My Preferences: its IANA name, and what the language calls it. */
export interface TimeZoneChoice {
  zone: string;
  /** "Europe/Berlin — Mitteleuropäische Zeit": the name is an identifier, the same in every language; the words are the language's. */
  label: string;
}

/** A day of this era: a zone is named by the rules it keeps now (in 1970 Berlin kept no summer time). */
const NAMED_AT = Date.UTC(2026, 0, 15);

/** What the language calls a zone, whatever the season ("heure d’Europe centrale", "Eastern Time"). */
function genericZoneName(zone: string, locale: string): string | undefined {
  return new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' })
    .formatToParts(NAMED_AT)
    .find((part) => part.type === 'timeZoneName')?.value;
}

/**
 * The zones of My Preferences with their labels in a language, made once per language on the server
 * (the browser's Intl may name a zone otherwise: the page shows the server's words).
 */
export function timeZoneChoices(locale: string): TimeZoneChoice[] {
  return once(`time-zone-choices|${locale}`, () =>
    choosableTimeZones().map((zone) => {
      const name = zone === UTC ? undefined : genericZoneName(zone, locale);
      return { zone, label: name && name !== zone ? `${zone} — ${name}` : zone };
    }),
  );
}

/** The zone's short name at that instant, as the language writes it ("CST", "UTC+1", "MEZ"): it changes with daylight saving time. */
export function zoneName(at: Date, locale: string, timeZone: string): string {
  if (timeZone === UTC) return UTC;
  return (
    dateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** A cookie's value from a Cookie header, percent-decoded (the page writes the zone encoded); null when absent or not decodable. */
export function decodedCookie(header: string | null, name: string): string | null {
  const sent = cookieValue(header, name);
  if (sent === undefined) return null;
  try {
    return decodeURIComponent(sent);
  } catch {
    return null;
  }
}

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a calendar day (YYYY-MM-DD) begins in a zone: "orders created on 3 March" means from
 * that midnight on the buyer's clock. Two passes, so a day that begins just after a change of
 * offset is found too; `days` moves the day first (1: the instant the day ends).
 */
export function dayStartIn(day: string, timeZone: string, days = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date + days);
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}
