/** When the sales-order update method says so, the external system is synchronised by hand (spec 2 §3). */
export const MANUAL_SYNC_METHOD = 'all via the product and has external system';

/**
 * The warehouses whose Cart tab offers ADD TO EXISTING ORDER (with CHECKOUT AS NEW ORDER beside
 * it): those with an open unshipped order, unless the external system is synchronised by hand.
 */
export function addToExistingOrderWarehouses(salesOrderUpdateMethod: string, openOrderWarehouses: string[]): string[] {
  return salesOrderUpdateMethod === MANUAL_SYNC_METHOD ? [] : openOrderWarehouses;
}
