import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { restoreFetchClassesAfterAll } from '../../../tests/support/restore-fetch-classes';
import { takenData } from '../../../app/.server/in-process-data';
import { inProcessRequest } from '../../http/in-process-request';
import { installStringBodies } from '../../http/string-bodies';
import { keptJson } from './kept-json';

restoreFetchClassesAfterAll();

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

  it('hands the embedded portal the same answer as data each time, and a caller over HTTP its text', async () => {
    getRequestListener(() => new Response('unused'));
    installStringBodies();
    const kept = { items: [1, 2] };
    let made = 0;
    const app = new Hono().get('/', (c) =>
      keptJson(c, kept, () => {
        made++;
        return { ...kept, revision: 8 };
      }),
    );
    const inProcess = () => app.fetch(inProcessRequest(new URL('http://marketplace/')));
    const first = takenData(await inProcess());
    expect(first?.data).toEqual({ items: [1, 2], revision: 8 });
    expect(takenData(await inProcess())?.data).toBe(first!.data);
    const overHttp = await app.fetch(new Request('http://marketplace/'));
    expect(takenData(overHttp)).toBeNull();
    expect(overHttp.headers.get('content-type')).toBe('application/json');
    await expect(overHttp.text()).resolves.toBe('{"items":[1,2],"revision":8}');
    expect(made).toBe(1);
  });
});
