import { json } from '@remix-run/node';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installStringBodies, takeText } from './string-bodies';

const original = globalThis.Response;
const originalRequest = globalThis.Request;
beforeAll(() => {
  // As the server does: @hono/node-server's Response first, then the string-keeping one over it.
  getRequestListener(() => new Response('unused'));
  installStringBodies();
});
afterAll(() => {
  Object.defineProperty(globalThis, 'Response', { value: original, writable: true, configurable: true });
  Object.defineProperty(globalThis, 'Request', { value: originalRequest, writable: true, configurable: true });
});

describe('responses made from a string', () => {
  it('give their body to json() and text() once, with status and headers intact', async () => {
    const response = new Response('{"a":[1,"é"]}', { status: 201, headers: { 'content-type': 'application/json', 'x-one': '1' } });
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
    const page = new Response('<p>Not here</p>', { status: 404, statusText: 'Not Found', headers: { 'content-type': 'text/html' } });
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

  it('is installed once', () => {
    const installed = globalThis.Response;
    installStringBodies();
    expect(globalThis.Response).toBe(installed);
  });
});
