import { describe, expect, it } from 'vitest';
import { moneyNumFmt } from './sheet-cells';

describe('spreadsheet money', () => {
  it('puts the tenant’s symbol where its language does, with its precision', () => {
    expect(moneyNumFmt({ currencySymbol: '$', currencyPrecision: 2 })).toBe('"$"#,##0.00');
    expect(moneyNumFmt({ currencySymbol: '$', currencyPrecision: 2, language: 'en' })).toBe('"$"#,##0.00');
    expect(moneyNumFmt({ currencySymbol: '€', currencyPrecision: 0, language: 'de' })).toBe('#,##0" €"');
    expect(moneyNumFmt({ currencySymbol: '€', currencyPrecision: 0, locale: 'fr' })).toBe('#,##0" €"');
    expect(moneyNumFmt({ currencySymbol: 'E"UR', currencyPrecision: 2, language: 'de' })).toBe('#,##0.00" EUR"');
  });
});
