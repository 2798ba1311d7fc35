import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { keptJson } from './kept-json';

describe('kept JSON answers', () => {
  it('writes the answer of a kept value once, and answers its text as JSON each time', async () => {
    const kept = { items: [1, 2] };
    let written = 0;
    const app = new Hono().get('/', (c) =>
      keptJson(c, kept, () => {
        written++;
        return { ...kept, revision: 7 };
      }),
    );
    const answers = await Promise.all([app.request('/'), app.request('/')]);
    for (const answer of answers) {
      expect(answer.headers.get('content-type')).toBe('application/json');
      expect(await answer.json()).toEqual({ items: [1, 2], revision: 7 });
    }
    expect(written).toBe(1);
  });

  it('writes another value on its own, and the value itself when no answer is given', async () => {
    let current: object = { a: 1 };
    const app = new Hono().get('/', (c) => keptJson(c, current));
    expect(await (await app.request('/')).json()).toEqual({ a: 1 });
    current = { a: 2 };
    expect(await (await app.request('/')).json()).toEqual({ a: 2 });
  });
});
