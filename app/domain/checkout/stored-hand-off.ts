/**
 * The checkout hand-off as the browser keeps it (spec 3 §9 stored values): a fallback with
 * JavaScript for when the server no longer has it (the session lost it, or a newer one replaced it).
 * The server's copy is the one used; these only let the cart hand the same entries over again.
 */
export const STORED_KEYS = {
  offerIds: 'checkoutOfferIds',
  warehouseCode: 'checkoutWarehouseCode',
  salesOrder: 'addToExistingOrderCheckoutSalesOrder',
  existingWarehouseCode: 'addToExistingOrderCheckoutWarehouseCode',
  existingOfferIds: 'addToExistingOrderCheckoutOfferIds',
  /** Not in the specification: the warehouse as the checkout address names it. */
  warehouseLabel: 'checkoutWarehouseLabel',
} as const;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface StoredHandOff {
  warehouseCode: string;
  warehouseLabel: string;
  offerIds: number[];
  /** The open order the entries are added to; null for a new order. */
  salesOrder: string | null;
}

const MAX_IDS = 2000;

/** Locked-down browsers may refuse storage: then there is simply no fallback. */
function quietly<T>(work: () => T, otherwise: T): T {
  try {
    return work();
  } catch {
    return otherwise;
  }
}

export function storeHandOff(store: KeyValueStore, handOff: StoredHandOff) {
  quietly(() => {
    clearHandOff(store);
    const ids = JSON.stringify(handOff.offerIds.slice(0, MAX_IDS));
    store.setItem(STORED_KEYS.warehouseLabel, handOff.warehouseLabel);
    if (handOff.salesOrder) {
      store.setItem(STORED_KEYS.salesOrder, handOff.salesOrder);
      store.setItem(STORED_KEYS.existingWarehouseCode, handOff.warehouseCode);
      store.setItem(STORED_KEYS.existingOfferIds, ids);
    } else {
      store.setItem(STORED_KEYS.warehouseCode, handOff.warehouseCode);
      store.setItem(STORED_KEYS.offerIds, ids);
    }
  }, undefined);
}

const idsOf = (raw: string | null): number[] | null => {
  const parsed: unknown = quietly(() => JSON.parse(raw ?? 'null'), null);
  return Array.isArray(parsed) &&
    parsed.length > 0 &&
    parsed.length <= MAX_IDS &&
    parsed.every((id) => Number.isSafeInteger(id) && id > 0)
    ? (parsed as number[])
    : null;
};

/** The hand-off kept for the checkout of this warehouse (as its address names it), if one is. */
export function readHandOff(store: KeyValueStore, warehouseLabel: string): StoredHandOff | null {
  return quietly(() => {
    if (store.getItem(STORED_KEYS.warehouseLabel) !== warehouseLabel) return null;
    const salesOrder = store.getItem(STORED_KEYS.salesOrder);
    const warehouseCode = store.getItem(salesOrder ? STORED_KEYS.existingWarehouseCode : STORED_KEYS.warehouseCode);
    const offerIds = idsOf(store.getItem(salesOrder ? STORED_KEYS.existingOfferIds : STORED_KEYS.offerIds));
    if (!warehouseCode || !/^[A-Za-z0-9_-]{1,40}$/.test(warehouseCode) || !offerIds) return null;
    return { warehouseCode, warehouseLabel, offerIds, salesOrder };
  }, null);
}

/** Cleared after a submit or an update (spec 3 §9). */
export function clearHandOff(store: KeyValueStore) {
  quietly(() => Object.values(STORED_KEYS).forEach((key) => store.removeItem(key)), undefined);
}

/** Cleared once the open order it was for is updated. */
export function clearHandOffOf(store: KeyValueStore, salesOrder: string) {
  if (quietly(() => store.getItem(STORED_KEYS.salesOrder), null) === salesOrder) clearHandOff(store);
}

/** The cart's own hand-off post for the kept entries: CHECKOUT, or ADD TO EXISTING ORDER. */
export function resumeForm(handOff: StoredHandOff): [string, string][] {
  return [
    ['intent', handOff.salesOrder ? 'add-to-existing-order' : 'checkout'],
    ['box', handOff.warehouseCode],
    ...handOff.offerIds.map((id): [string, string] => ['offerId', String(id)]),
  ];
}
