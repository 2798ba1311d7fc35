import { describe, expect, it } from 'vitest';
import { ByteBudget, declaredBytes } from './byte-budget';

describe('a budget of bytes in flight', () => {
  it('grants what is free at once and the rest in turn as it is given back', async () => {
    const budget = new ByteBudget(100);
    const first = (await budget.take(60, 1_000))!;
    expect(budget.free).toBe(40);
    const order: string[] = [];
    const second = budget.take(60, 1_000).then((release) => (order.push('second'), release));
    // Fits, but waits behind the one before it.
    const third = budget.take(10, 1_000).then((release) => (order.push('third'), release));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    first();
    first();
    const [releaseSecond, releaseThird] = await Promise.all([second, third]);
    expect(order).toEqual(['second', 'third']);
    expect(budget.free).toBe(30);
    releaseSecond!();
    releaseThird!();
    expect(budget.free).toBe(100);
  });

  it('answers null when the wait runs out or the client goes away, and lets the next one through', async () => {
    const budget = new ByteBudget(100);
    const held = (await budget.take(100, 1_000))!;
    expect(await budget.take(1, 30)).toBeNull();
    const controller = new AbortController();
    const gone = budget.take(100, 10_000, controller.signal);
    const small = budget.take(0, 10_000);
    controller.abort();
    expect(await gone).toBeNull();
    // The one that left no longer holds back the one behind it.
    expect(await small).toBeTypeOf('function');
    held();
    expect(budget.free).toBe(100);
  });

  it('lets a request larger than the whole budget run alone', async () => {
    const budget = new ByteBudget(100);
    const release = (await budget.take(500, 10))!;
    expect(budget.free).toBe(0);
    release();
    expect(budget.free).toBe(100);
  });

  it("reads a body's declared length, or the largest allowed", () => {
    expect(declaredBytes(new Headers({ 'content-length': '1234' }), 10_000)).toBe(1234);
    expect(declaredBytes(new Headers({ 'content-length': '99999' }), 10_000)).toBe(10_000);
    expect(declaredBytes(new Headers(), 10_000)).toBe(10_000);
    expect(declaredBytes(new Headers({ 'content-length': 'x' }), 10_000)).toBe(10_000);
  });
});
