import type { UnitRefusal } from './rules';

export interface ReturnableUnit {
  key: string;
  imei: string | null;
  itemNumberWarehouse: string;
  itemNumber: string;
  description: string;
  shippedAt: string;
  refusal: UnitRefusal | null;
}

/** An order's returnable units as the form shows them: units with IMEIs one by one, the others by line with how many can go back. */
export function groupReturnable<U extends ReturnableUnit>(units: U[]) {
  const imeis = units.filter((u) => u.imei !== null);
  const lines = new Map<
    string,
    { itemNumberWarehouse: string; itemNumber: string; description: string; free: number }
  >();
  for (const u of units) {
    if (u.imei !== null) continue;
    const line = lines.get(u.itemNumberWarehouse) ?? {
      itemNumberWarehouse: u.itemNumberWarehouse,
      itemNumber: u.itemNumber,
      description: u.description,
      free: 0,
    };
    if (u.refusal === null) line.free += 1;
    lines.set(u.itemNumberWarehouse, line);
  }
  return { imeis, lines: [...lines.values()] };
}
