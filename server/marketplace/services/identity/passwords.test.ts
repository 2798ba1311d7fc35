import { afterEach, describe, expect, it } from 'vitest';
import { getEnv } from '../../../../app/.server/env';
import {
  DEFAULT_PASSWORD_HASH_COST,
  hashPassword,
  unknownUserPasswordHash,
  usePasswordHashCost,
  verifyPassword,
} from './passwords';

const suiteCost = Number(process.env.PASSWORD_HASH_COST);
afterEach(() => usePasswordHashCost(suiteCost));

const costOf = (hash: string) => Math.log2(Number(hash.split('$')[1]));

describe('password hashes', () => {
  it('are made at the configured cost and say it, and a hash made at another cost still verifies', async () => {
    usePasswordHashCost(12);
    const atTwelve = await hashPassword('Demo#2026');
    expect(costOf(atTwelve)).toBe(12);
    usePasswordHashCost(10);
    const atTen = await hashPassword('Demo#2026');
    expect(costOf(atTen)).toBe(10);
    expect(await verifyPassword('Demo#2026', atTwelve)).toBe(true);
    expect(await verifyPassword('Demo#2027', atTwelve)).toBe(false);
    expect(await verifyPassword('Demo#2026', atTen)).toBe(true);
  });

  it('cost 15 by default (N = 32768, r = 8, p = 1)', () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(15);
  });

  it('refuses a cost below 10, above 20 or not whole, and so does the server at its start', () => {
    for (const cost of [9, 21, 12.5, Number.NaN]) expect(() => usePasswordHashCost(cost)).toThrow(RangeError);
    const env = { NODE_ENV: 'test', DATA_DIR: 'memory-only-unused', SESSION_SECRET: 'x'.repeat(40) };
    expect(getEnv(env as NodeJS.ProcessEnv).PASSWORD_HASH_COST).toBe(DEFAULT_PASSWORD_HASH_COST);
    expect(getEnv({ ...env, PASSWORD_HASH_COST: '10' } as NodeJS.ProcessEnv).PASSWORD_HASH_COST).toBe(10);
    expect(() => getEnv({ ...env, PASSWORD_HASH_COST: '9' } as NodeJS.ProcessEnv)).toThrow(/PASSWORD_HASH_COST/);
  });

  it('for an unknown address, one at the current cost that matches no password', async () => {
    usePasswordHashCost(11);
    const standIn = await unknownUserPasswordHash();
    expect(costOf(standIn)).toBe(11);
    expect(await unknownUserPasswordHash()).toBe(standIn);
    expect(await verifyPassword('', standIn)).toBe(false);
    usePasswordHashCost(10);
    expect(costOf(await unknownUserPasswordHash())).toBe(10);
  });
});
