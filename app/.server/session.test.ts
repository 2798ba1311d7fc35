import { describe, expect, it } from 'vitest';
import { authSessionStorage, forgetCheckout, keepCheckout, keptCheckout, type KeptCheckout } from './session';

const handOff = (warehouseLabel: string, id = `id-${warehouseLabel}`): KeptCheckout => ({
  id,
  warehouseLabel,
  mode: 'NEW_ORDER',
  warehouseCode: warehouseLabel.slice(0, 3).toUpperCase(),
  warehouseId: warehouseLabel,
  participantId: 'acme',
  network: false,
});

describe('checkout hand-offs kept in the session', () => {
  it('keeps one per warehouse, so two tabs check out two warehouses; a submit forgets only its own', async () => {
    const session = await authSessionStorage.getSession();
    keepCheckout(session, handOff('Miami'));
    keepCheckout(session, handOff('Los Angeles'));
    keepCheckout(session, handOff('Miami', 'newer'));
    expect(keptCheckout(session, 'Miami')?.id).toBe('newer');
    expect(keptCheckout(session, 'Los Angeles')?.id).toBe('id-Los Angeles');
    forgetCheckout(session, 'Miami');
    expect(keptCheckout(session, 'Miami')).toBeNull();
    expect(keptCheckout(session, 'Los Angeles')).not.toBeNull();
    // Names that are not warehouses find nothing, prototype names included.
    for (const name of [undefined, '__proto__', 'constructor', 'toString'])
      expect(keptCheckout(session, name)).toBeNull();
  });

  it('keeps the five newest', async () => {
    const session = await authSessionStorage.getSession();
    for (const label of ['A', 'B', 'C', 'D', 'E', 'F', 'G']) keepCheckout(session, handOff(label));
    expect(Object.keys(session.get('checkouts')!)).toEqual(['C', 'D', 'E', 'F', 'G']);
  });
});
