import { describe, expect, it } from 'vitest';
import { wholeFacets } from './StockGroupCard';

describe('wholeFacets', () => {
  it('lets a facet list break only between facets, never inside one ("Grade" / "B +2")', () => {
    const shown = wholeFacets('Apple · Grade A+, Grade B +2');
    expect(shown.split(/(?<=[,·]) /)).toEqual(['Apple\u00a0·', 'Grade\u00a0A+,', 'Grade\u00a0B\u00a0+2']);
    expect(shown.replace(/\u00a0/g, ' ')).toBe('Apple · Grade A+, Grade B +2');
  });
});
