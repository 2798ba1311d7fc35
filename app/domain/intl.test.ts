import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, pluralRules } from './intl';

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
  });
});
