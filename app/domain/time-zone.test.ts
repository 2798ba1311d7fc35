import { describe, expect, it } from 'vitest';
import { formatDateTime } from './money';
import { dateParts } from './orders/list-cells';
import {
  choosableTimeZones,
  dayStartIn,
  decodedCookie,
  isTimeZone,
  shownTimeZone,
  timeZoneChoices,
  zoneName,
} from './time-zone';

describe('the zone a page shows times in', () => {
  it('is the browser’s with scripts, else the buyer’s choice, else the tenant’s, else UTC; a name that is no zone is passed over', () => {
    expect(shownTimeZone({ browser: 'America/Chicago', chosen: 'Europe/Paris', tenant: 'Europe/Berlin' })).toBe(
      'America/Chicago',
    );
    expect(shownTimeZone({ browser: null, chosen: 'Europe/Paris', tenant: 'Europe/Berlin' })).toBe('Europe/Paris');
    expect(shownTimeZone({ browser: 'Mars/Olympus', chosen: 'not a zone', tenant: 'Europe/Berlin' })).toBe(
      'Europe/Berlin',
    );
    expect(shownTimeZone({})).toBe('UTC');
  });

  it('knows zone names and refuses anything else', () => {
    expect(['UTC', 'America/Chicago', 'Asia/Kolkata', 'America/Argentina/Buenos_Aires'].every(isTimeZone)).toBe(true);
    expect(
      ['', 'Mars/Olympus', 'America/Chicago; Path=/', '../etc/passwd', 42, null, 'x'.repeat(65)].some(isTimeZone),
    ).toBe(false);
    expect(choosableTimeZones()[0]).toBe('UTC');
    expect(choosableTimeZones()).toContain('America/Chicago');
  });

  it('names each zone to choose in the buyer’s language beside its IANA name', () => {
    const label = (locale: string, zone: string) => timeZoneChoices(locale).find((c) => c.zone === zone)?.label;
    expect(label('de', 'Europe/Berlin')).toBe('Europe/Berlin — Mitteleuropäische Zeit');
    expect(label('fr', 'America/New_York')).toBe('America/New_York — heure de l’Est nord-américain');
    expect(label('en', 'Asia/Tokyo')).toBe('Asia/Tokyo — Japan Standard Time');
    expect(timeZoneChoices('fr')[0]).toEqual({ zone: 'UTC', label: 'UTC' });
    expect(timeZoneChoices('de').map((c) => c.zone)).toEqual(choosableTimeZones());
  });

  it('reads a cookie’s value from the Cookie header', () => {
    expect(decodedCookie('a=1; px_tz=America%2FChicago; b=2', 'px_tz')).toBe('America/Chicago');
    expect(decodedCookie('px_tz_browser=Europe%2FParis', 'px_tz')).toBeNull();
    expect(decodedCookie(null, 'px_tz')).toBeNull();
    expect(decodedCookie('px_tz=%E0%A4%A', 'px_tz')).toBeNull();
  });
});

describe('a time in the buyer’s zone, with the zone named', () => {
  const at = '2026-03-05T22:38:00Z';

  it('shows 10:38 PM UTC as 4:38 PM in Dallas, named, in each language', () => {
    expect(formatDateTime(at, 'en')).toBe('Mar 5, 2026, 10:38 PM UTC');
    expect(formatDateTime(at, 'en', 'America/Chicago')).toBe('Mar 5, 2026, 4:38 PM CST');
    expect(formatDateTime(at, 'fr', 'Europe/Paris')).toBe('5 mars 2026, 23:38 UTC+1');
    expect(formatDateTime(at, 'de', 'Europe/Berlin')).toBe('05.03.2026, 23:38 MEZ');
  });

  it('moves to the next day where the zone is ahead, and names daylight saving time', () => {
    expect(formatDateTime(at, 'en', 'Asia/Tokyo')).toBe('Mar 6, 2026, 7:38 AM GMT+9');
    expect(formatDateTime('2026-07-05T22:38:00Z', 'en', 'America/Chicago')).toBe('Jul 5, 2026, 5:38 PM CDT');
    expect(zoneName(new Date('2026-07-05T22:38:00Z'), 'de', 'Europe/Berlin')).toBe('MESZ');
  });

  it('splits a list date in the zone as formatDateTime writes it', () => {
    expect(dateParts(at, 'en', 'America/Chicago')).toEqual({ date: 'Mar 5, 2026', time: '4:38 PM CST' });
    expect(dateParts(at, 'en', 'Asia/Tokyo')).toEqual({ date: 'Mar 6, 2026', time: '7:38 AM GMT+9' });
    expect(dateParts(at, 'en')).toEqual({ date: 'Mar 5, 2026', time: '10:38 PM UTC' });
  });
});

describe('the instant a day begins in a zone', () => {
  it('is that midnight on the zone’s clock, across daylight saving time and the date line', () => {
    expect(dayStartIn('2026-03-03', 'UTC').toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(dayStartIn('2026-01-15', 'America/Chicago').toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(dayStartIn('2026-07-15', 'America/Chicago').toISOString()).toBe('2026-07-15T05:00:00.000Z');
    expect(dayStartIn('2026-07-15', 'Europe/Paris').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(dayStartIn('2026-01-01', 'Pacific/Kiritimati').toISOString()).toBe('2025-12-31T10:00:00.000Z');
    // The day Chicago moves its clocks forward is 23 hours long; the next day's start is its end.
    expect(
      dayStartIn('2026-03-08', 'America/Chicago', 1).getTime() - dayStartIn('2026-03-08', 'America/Chicago').getTime(),
    ).toBe(23 * 3600_000);
    expect(dayStartIn('2026-12-31', 'UTC', 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
