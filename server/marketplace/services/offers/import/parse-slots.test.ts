import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../errors';
import { parseSlots } from './parse-slots';

const later = () => {
  let done!: () => void;
  const promise = new Promise<void>((resolve) => (done = resolve));
  return { promise, done };
};
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: ApiError) => error.messageCode,
  );

describe('parse slots', () => {
  it('runs a few reads at once, queues the next ones in turn and turns away what the queue cannot hold', async () => {
    const slots = parseSlots({ atOnce: 2, queue: 1, waitMs: 10_000 });
    const [a, b, c] = [later(), later(), later()];
    const order: string[] = [];
    const first = slots.run(async () => (await a.promise, order.push('a')));
    const second = slots.run(async () => (await b.promise, order.push('b')));
    const third = slots.run(async () => (order.push('c started'), await c.promise, order.push('c')));
    expect(await codeOf(slots.run(async () => 1))).toBe('importBusy');
    expect(slots.load).toEqual({ running: 2, waiting: 1 });
    a.done();
    await first;
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual(['a', 'c started']);
    b.done();
    c.done();
    await Promise.all([second, third]);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('turns a waiting read away after its wait, and a failed read frees its slot', async () => {
    const slots = parseSlots({ atOnce: 1, queue: 4, waitMs: 50 });
    const a = later();
    const first = slots.run(() => a.promise);
    expect(await codeOf(slots.run(async () => 1))).toBe('importBusy');
    a.done();
    await first;
    expect(
      await codeOf(
        slots.run(() => Promise.reject(Object.assign(new Error('bad'), { messageCode: 'importUnreadable' }))),
      ),
    ).toBe('importUnreadable');
    expect(await slots.run(async () => 'read')).toBe('read');
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });
});
