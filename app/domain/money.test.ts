import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMinor, formatMoney, shownDigits } from './money';

const usd = { locale: 'en', currencyCode: 'USD', currencySymbol: '$', currencyPrecision: 2 };
const eur = { locale: 'fr', currencyCode: 'EUR', currencySymbol: '€', currencyPrecision: 0 };
// Intl spaces French amounts with narrow no-break spaces; compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money', () => {
  it('puts the symbol where the language does', () => {
    expect(formatMoney(205, usd)).toBe('$205.00');
    expect(formatMoney(1234567.5, usd)).toBe('$1,234,567.50');
    expect(plain(formatMoney(236, eur))).toBe('236,00 €');
    expect(plain(formatMoney(5000, eur))).toBe('5 000,00 €');
  });

  it('keeps the tenant’s own symbol and precision', () => {
    expect(formatMoney(12, { ...usd, currencySymbol: 'US$' })).toBe('US$12.00');
    expect(plain(formatMoney(12.5, { ...eur, currencyPrecision: 2 }))).toBe('12,50 €');
  });

  it('never shows fewer digits than the currency has: euros keep their cents whatever the precision says (issue 51: TVA 453 € for 452,60 €)', () => {
    expect(plain(formatMoney(452.6, eur))).toBe('452,60 €');
    expect(plain(formatMinor(452_60, eur))).toBe('452,60 €');
    expect(formatMinor(136_50, { ...usd, currencyPrecision: 0 })).toBe('$136.50');
    // A currency without minor units keeps none, and a tenant may show more digits than the currency has.
    expect(formatMoney(1234, { locale: 'en', currencyCode: 'JPY', currencySymbol: '¥', currencyPrecision: 0 })).toBe(
      '¥1,234',
    );
    expect(formatMoney(1.5, { ...usd, currencyPrecision: 3 })).toBe('$1.500');
  });

  it('writes German amounts and dates as German does (the third tenant: de, EUR)', () => {
    const de = { locale: 'de', currencyCode: 'EUR', currencySymbol: '€', currencyPrecision: 2 };
    expect(plain(formatMoney(1319, de))).toBe('1.319,00 €');
    expect(plain(formatMoney(1234567.5, de))).toBe('1.234.567,50 €');
    expect(plain(formatMoney(12.5, { ...de, currencyPrecision: 2 }))).toBe('12,50 €');
    expect(formatDateTime('2026-03-05T16:30:00Z', 'de')).toBe('05.03.2026, 16:30 UTC');
  });

  it('shows negative amounts with their sign', () => {
    expect(formatMoney(-5, usd)).toBe('-$5.00');
  });
});

describe('money formatter', () => {
  it('gives what the parts give, for a tenant symbol that differs from the standard one', () => {
    const formats = [
      { ...usd, currencySymbol: 'US$' },
      { ...eur, currencySymbol: 'EUR ' },
      { locale: 'de-CH', currencyCode: 'CHF', currencySymbol: 'Fr.', currencyPrecision: 2 },
      { locale: 'ja', currencyCode: 'JPY', currencySymbol: '円', currencyPrecision: 0 },
      { ...usd, currencySymbol: '$&' },
    ];
    for (const format of formats) {
      const digits = shownDigits(format);
      const intl = new Intl.NumberFormat(format.locale, {
        style: 'currency',
        currency: format.currencyCode,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
      for (const amount of [0, 1, -5, 12.5, 1234567.891, -0.004]) {
        const parts = intl
          .formatToParts(amount)
          .map((p) => (p.type === 'currency' ? format.currencySymbol : p.value))
          .join('');
        expect(formatMoney(amount, format)).toBe(parts);
      }
    }
  });
});
