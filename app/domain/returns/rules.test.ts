import { describe, expect, it } from 'vitest';
import { canMove, creditShown, defaultCredit, DEFAULT_RETURN_SETTINGS, returnSettingsOf, withinWindow } from './rules';

describe('return rules', () => {
  it('moves a request only along its state machine', () => {
    expect(canMove('REQUESTED', 'APPROVED')).toBe(true);
    expect(canMove('REQUESTED', 'CANCELED')).toBe(true);
    expect(canMove('APPROVED', 'CANCELED')).toBe(false);
    expect(canMove('APPROVED', 'CREDITED')).toBe(false);
    expect(canMove('RECEIVED', 'REPLACED')).toBe(true);
    expect(canMove('CREDITED', 'CREDITED')).toBe(false);
  });

  it('credits the price paid less the restocking fee, in whole minor units', () => {
    expect(defaultCredit(10_000, 0)).toBe(10_000);
    expect(defaultCredit(10_000, 1500)).toBe(8_500);
    expect(defaultCredit(999, 1000)).toBe(899);
  });

  it('counts the window in days from the shipment', () => {
    const shipped = new Date('2030-01-01T00:00:00Z');
    expect(withinWindow(shipped, 14, new Date('2030-01-15T00:00:00Z'))).toBe(true);
    expect(withinWindow(shipped, 14, new Date('2030-01-15T00:00:01Z'))).toBe(false);
  });

  it('keeps the defaults for what the stored setting gets wrong', () => {
    expect(returnSettingsOf(undefined)).toEqual(DEFAULT_RETURN_SETTINGS);
    expect(returnSettingsOf({ windowDays: -1, restockingFeeRate: 20_000, reasons: [{ code: 'bad code' }] })).toEqual(
      DEFAULT_RETURN_SETTINGS,
    );
    expect(
      returnSettingsOf({
        windowDays: 30,
        reasons: [{ code: 'DOA', labels: { en: 'Dead', fr: 'Mort' }, photoRequired: true }],
      }),
    ).toMatchObject({
      windowDays: 30,
      reasons: [{ code: 'DOA', labels: { en: 'Dead', fr: 'Mort' }, photoRequired: true }],
    });
  });

  it('shows a credit as an amount once credited, pending while it may come, and none once it will not', () => {
    expect(['REQUESTED', 'APPROVED', 'RECEIVED'].map(creditShown)).toEqual(['pending', 'pending', 'pending']);
    expect(creditShown('CREDITED')).toBe('amount');
    expect(['REJECTED', 'CANCELED', 'REPLACED'].map(creditShown)).toEqual(['none', 'none', 'none']);
  });
});
