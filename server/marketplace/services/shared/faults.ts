import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { readSetting, writeSetting } from './settings';

/**
 * Outages an operator (or a test) switches on for one user, so that the portal's answer to a
 * failing call can be seen without breaking the market for everyone else. Kept in the database,
 * so every replica answers the same; read through the kept settings (no query while none changes).
 */
export const FAULTS = ['stockListUnavailable'] as const;
export type Fault = (typeof FAULTS)[number];

const faultsKey = (userId: number) => `faults:user:${userId}`;

export async function faultsOf(db: Db, userId: number): Promise<readonly Fault[]> {
  return (await readSetting<Fault[]>(db, faultsKey(userId))) ?? [];
}

export async function switchFault(db: Db, userId: number, fault: Fault, on: boolean): Promise<readonly Fault[]> {
  const next = new Set(await faultsOf(db, userId));
  if (on) next.add(fault);
  else next.delete(fault);
  await writeSetting(db, faultsKey(userId), [...next]);
  return [...next];
}

/** The stock list call fails as a marketplace that cannot reach its stock would. */
export async function refuseWhenStockListDown(db: Db, userId: number): Promise<void> {
  if ((await faultsOf(db, userId)).includes('stockListUnavailable')) {
    throw new ApiError(503, 'stockListUnavailable', 'The stock list is not available right now.');
  }
}
