import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, numberText, pluralRules, remembering } from './intl';

describe('the Intl formatters', () => {
  it('are made once per language and options, and format as new ones do', () => {
    expect(numberFormat('fr')).toBe(numberFormat('fr'));
    expect(numberFormat('fr')).not.toBe(numberFormat('en'));
    expect(numberFormat('fr', { style: 'percent' })).not.toBe(numberFormat('fr'));
    expect(numberFormat('fr').format(16733)).toBe(new Intl.NumberFormat('fr').format(16733));
    const utc = { dateStyle: 'medium', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('en', utc)).toBe(dateTimeFormat('en', { ...utc }));
    expect(dateTimeFormat('en', utc).format(new Date('2026-03-05T16:30:00Z'))).toBe('Mar 5, 2026');
    expect(pluralRules('fr')).toBe(pluralRules('fr'));
    expect(pluralRules('fr').select(0)).toBe('one');
    expect(pluralRules('en').select(0)).toBe('other');
    expect(dateTimeFormat('de', utc).format(new Date('2026-03-05T16:30:00Z'))).toBe('05.03.2026');
    expect(numberFormat('de').format(16733)).toBe('16.733');
    expect(pluralRules('de').select(1)).toBe('one');
    expect(pluralRules('de').select(0)).toBe('other');
  });
});

describe('a remembering format', () => {
  it('formats each value once and gives the same text again', () => {
    const made: number[] = [];
    const format = remembering((value: number) => {
      made.push(value);
      return `#${value}`;
    });
    expect([format(1), format(2), format(1), format(2)]).toEqual(['#1', '#2', '#1', '#2']);
    expect(made).toEqual([1, 2]);
  });

  it('tells -0 from 0, as Intl does', () => {
    const text = numberText('en');
    expect(text(0)).toBe('0');
    expect(text(-0)).toBe('-0');
    expect(text(0)).toBe('0');
  });

  it('keeps a bounded number of values, and formats again what it let go', () => {
    const made: number[] = [];
    const format = remembering((value: number) => {
      made.push(value);
      return String(value);
    });
    for (let value = 0; value < 1_500; value++) format(value);
    made.length = 0;
    format(0);
    format(1_499);
    expect(made).toEqual([0]);
  });

  it('gives numbers as the language writes them', () => {
    expect(numberText('fr')(16733)).toBe(new Intl.NumberFormat('fr').format(16733));
    expect(numberText('en')(16733)).toBe('16,733');
    expect(numberText('fr')).toBe(numberText('fr'));
  });
});
