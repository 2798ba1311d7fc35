import { json } from '@remix-run/node';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { restoreFetchClassesAfterAll } from '../../tests/support/restore-fetch-classes';
import { installStringBodies, isPlainJson, takeText } from './string-bodies';
import { dataResponseMaker, takenData } from '../../app/.server/in-process-data';

const original = restoreFetchClassesAfterAll().Response;
beforeAll(() => {
  // As the server does: @hono/node-server's Response first, then the string-keeping one over it.
  getRequestListener(() => new Response('unused'));
  installStringBodies();
});

describe('responses made from a string', () => {
  it('give their body to json() and text() once, with status and headers intact', async () => {
    const response = new Response('{"a":[1,"é"]}', {
      status: 201,
      headers: { 'content-type': 'application/json', 'x-one': '1' },
    });
    expect(response).toBeInstanceOf(original);
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.headers.get('x-one')).toBe('1');
    expect(takeText(new Response('plain'))).toBe('plain');
    expect(response.bodyUsed).toBe(false);
    await expect(response.json()).resolves.toEqual({ a: [1, 'é'] });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    await expect(response.json()).rejects.toThrow(TypeError);
    expect(takeText(response)).toBeNull();
    expect(response.body).toBeNull();
  });

  it('tell their status text without having the full response built (what sending a page reads)', async () => {
    const page = new Response('<p>Not here</p>', {
      status: 404,
      statusText: 'Not Found',
      headers: { 'content-type': 'text/html' },
    });
    // @hono/node-server's Response keeps status, headers and body under a symbol 'cache' until a
    // property it does not keep is read; then the full Response is made and kept as 'responseCache'.
    const kept = () => Object.getOwnPropertySymbols(page).map((symbol) => symbol.description);
    expect(kept()).toEqual(['cache']);
    expect(page.statusText).toBe('Not Found');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toBe('text/html');
    expect(kept()).toEqual(['cache']);
    expect(new Response('plain').statusText).toBe('');
    expect(new Response(new TextEncoder().encode('bytes'), { statusText: 'Fine' }).statusText).toBe('Fine');
    await expect(page.text()).resolves.toBe('<p>Not here</p>');
  });

  it('reject JSON that does not parse, as a stream-read body does', async () => {
    await expect(new Response('{not json').json()).rejects.toThrow(SyntaxError);
  });

  it('read through the stream once the stream was taken up, and not twice', async () => {
    const response = new Response('streamed');
    const reader = response.body!.getReader();
    expect(takeText(response)).toBeNull();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toBe('streamed');
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it('keep the string when the stream was only looked at (as Remix tells a response from data)', async () => {
    const response = new Response('[2]');
    expect(typeof response.body).toBe('object');
    expect(response.bodyUsed).toBe(false);
    expect(takeText(response)).toBe('[2]');
    expect(response.bodyUsed).toBe(true);
    expect(response.body).toBeNull();
  });

  it('leave other bodies to the usual path', async () => {
    const bytes = new Response(new TextEncoder().encode('[1]'));
    expect(takeText(bytes)).toBeNull();
    await expect(bytes.json()).resolves.toEqual([1]);
    const empty = new Response(null, { status: 204 });
    expect(takeText(empty)).toBeNull();
    expect(empty.body).toBeNull();
  });

  it('carry loader data and tenant API answers (Remix json(), Hono c.json())', async () => {
    const loaderData = json({ items: ['x'] }, { headers: { 'set-cookie': 'a=1' } });
    expect(loaderData.headers.get('set-cookie')).toBe('a=1');
    expect(takeText(loaderData)).toBe('{"items":["x"]}');

    const api = new Hono().get('/items', (c) => c.json({ count: 2 }, 200, { 'x-config-revision': '7' }));
    const answer = await api.fetch(new Request('http://embedded/items'));
    expect(answer.headers.get('x-config-revision')).toBe('7');
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    await expect(answer.json()).resolves.toEqual({ count: 2 });
  });

  it('make Response.json() answers of their own class, so that `instanceof Response` knows a thrown refusal', async () => {
    const refusal = Response.json({ message: 'errors.badRequest' }, { status: 400, headers: { Connection: 'close' } });
    expect(refusal).toBeInstanceOf(globalThis.Response);
    expect(refusal.status).toBe(400);
    expect(refusal.headers.get('content-type')).toBe('application/json');
    expect(refusal.headers.get('connection')).toBe('close');
    expect(takeText(refusal)).toBe('{"message":"errors.badRequest"}');
  });

  it('is installed once', () => {
    const installed = globalThis.Response;
    installStringBodies();
    expect(globalThis.Response).toBe(installed);
  });
});

/** A data response as the marketplace makes one (server/marketplace/routes/data-json.ts), with a JSON content type. */
function dataJson(data: unknown, init: number | ResponseInit = {}): Response {
  const { headers, ...rest } = typeof init === 'number' ? { status: init } : init;
  const withType = new Headers(headers);
  if (!withType.has('Content-Type')) withType.set('Content-Type', 'application/json; charset=utf-8');
  return dataResponseMaker()!(data, { ...rest, headers: withType });
}

describe('data responses (app/.server/in-process-data.ts)', () => {
  it('hand their data to json() as it is, with status and headers as given', async () => {
    const data = { groups: [{ id: 'g1', count: 2, price: null, open: false }], title: 'Stock' };
    const response = dataJson(data, { status: 201, headers: { 'x-one': '1' } });
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('');
    expect(response.headers.get('x-one')).toBe('1');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(dataJson(null, 404).status).toBe(404);
    // What Remix's isResponse and its null check look at before it reads the data:
    expect(response.body).not.toBeNull();
    expect(response.bodyUsed).toBe(false);
    await expect(response.json()).resolves.toBe(data);
    expect(response.bodyUsed).toBe(true);
    await expect(response.json()).rejects.toThrow(TypeError);
    expect(takeText(response)).toBeNull();
  });

  it('hand their data over as it is to takenData, once, and tell status and headers without the full response being built', async () => {
    const data = { groups: [{ id: 'g1' }] };
    const response = dataJson(data, { status: 202, headers: { 'x-one': '1' } });
    expect(response.status).toBe(202);
    expect(response.ok).toBe(true);
    expect(response.headers.get('x-one')).toBe('1');
    // No 'responseCache': @hono/node-server's full Response (about 3 µs) was never made.
    expect(Object.getOwnPropertySymbols(response).map((symbol) => symbol.description)).toEqual([]);
    expect(takenData(response)?.data).toBe(data);
    expect(takenData(response)).toBeNull();
    await expect(response.json()).rejects.toThrow(TypeError);
    expect(takenData(new Response('{"a":1}'))).toBeNull();
  });

  it('give data that JSON would change as JSON gives it back', async () => {
    const when = new Date('2026-11-26T10:00:00Z');
    const changed = await dataJson({ when, gone: undefined, list: [1, undefined], big: Number.NaN }).json();
    expect(changed).toEqual({ when: '2026-11-26T10:00:00.000Z', list: [1, null], big: null });
    expect('gone' in changed).toBe(false);
  });

  it('write their data as JSON for text(), takeText() and a read of their body (a navigation with scripts)', async () => {
    const data = { a: [1, 'é'] };
    await expect(dataJson(data).text()).resolves.toBe('{"a":[1,"é"]}');
    expect(takeText(dataJson(data))).toBe('{"a":[1,"é"]}');
    // Remix adds a header to a data request's answer by making a new response of its body.
    const sent = new Response(dataJson(data).body, { headers: { 'x-remix-response': 'yes' } });
    await expect(sent.text()).resolves.toBe('{"a":[1,"é"]}');
    const read = dataJson(data);
    const reader = read.body!.getReader();
    await expect(read.json()).rejects.toThrow(TypeError);
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('{"a":[1,"é"]}');
    expect((await reader.read()).done).toBe(true);
    await expect(new Response(dataJson([3]).body).json()).resolves.toEqual([3]);
  });

  it('clone with their data, and give bytes and blobs of their JSON', async () => {
    const original = dataJson({ n: 1 }, { status: 202 });
    const copy = original.clone();
    expect(copy.status).toBe(202);
    await expect(copy.json()).resolves.toEqual({ n: 1 });
    await expect(original.json()).resolves.toEqual({ n: 1 });
    expect(new TextDecoder().decode(await dataJson({ n: 2 }).arrayBuffer())).toBe('{"n":2}');
    const blob = await dataJson({ n: 3 }).blob();
    expect(blob.type).toBe('application/json; charset=utf-8');
    expect(await blob.text()).toBe('{"n":3}');
  });

  it('tell plain JSON from what JSON would change', () => {
    for (const plain of [null, true, 'text', 0, 1.5, [], [1, 'a', null], { a: { b: [true] } }, Object.create(null)])
      expect(isPlainJson(plain), JSON.stringify(plain)).toBe(true);
    for (const changed of [
      undefined,
      Number.NaN,
      Infinity,
      -0,
      new Date(),
      // eslint-disable-next-line no-sparse-arrays -- a hole is one of the values JSON would change
      [1, , 3],
      { a: undefined },
      { f: () => 1 },
      new Map(),
      1n,
      new (class Point {})(),
    ])
      expect(isPlainJson(changed)).toBe(false);
  });
});
