import { describe, expect, it } from 'vitest';
import { addToExistingOrderWarehouses, MANUAL_SYNC_METHOD } from './main-action';

describe('the Cart tab main action', () => {
  it('offers adding to an open unshipped order where there is one', () => {
    expect(addToExistingOrderWarehouses('all via the product', ['MIA'])).toEqual(['MIA']);
    expect(addToExistingOrderWarehouses('all via the product', [])).toEqual([]);
  });
  it('never when the external system is synchronised by hand', () => {
    expect(addToExistingOrderWarehouses(MANUAL_SYNC_METHOD, ['MIA', 'LAX'])).toEqual([]);
  });
});
