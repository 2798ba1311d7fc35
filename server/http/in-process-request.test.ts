import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { formOf, inProcessRequest, isInProcessRequest } from './in-process-request';

const url = new URL('http://embedded-marketplace/px-api-gateway/stocklist/items/A%20B?page=2&grade=A&grade=B');
const init = {
  method: 'GET',
  headers: { accept: 'application/json', authorization: 'Bearer t', 'X-Participant': 'acme' },
};

/** What a Hono route reads of a request. */
const app = new Hono().get('/px-api-gateway/stocklist/items/:key', (c) =>
  c.json({
    method: c.req.method,
    url: c.req.url,
    path: c.req.path,
    key: c.req.param('key'),
    page: c.req.query('page'),
    grades: c.req.queries('grade'),
    authorization: c.req.header('authorization'),
    participant: c.req.header('x-participant'),
    headers: c.req.header(),
  }),
);

describe('a request made in process', () => {
  it('is read by Hono as the standard Request is', async () => {
    const light = await (await app.fetch(inProcessRequest(url, init))).json();
    const standard = await (await app.fetch(new Request(url, init))).json();
    expect(light).toEqual(standard);
    expect(light).toMatchObject({ method: 'GET', key: 'A B', page: '2', grades: ['A', 'B'], participant: 'acme' });
  });

  it('gives its method, URL and headers as the standard Request does', () => {
    const light = inProcessRequest(url, { ...init, method: 'delete' });
    const standard = new Request(url, { ...init, method: 'delete' });
    expect(light.method).toBe(standard.method);
    expect(light.url).toBe(standard.url);
    expect([...light.headers]).toEqual([...standard.headers]);
    expect(inProcessRequest(url).method).toBe('GET');
  });

  it('answers the rest of a Request through the standard one, made when first asked for', async () => {
    const light = inProcessRequest(url, init);
    expect(light.signal).toBeInstanceOf(AbortSignal);
    expect(light.signal.aborted).toBe(false);
    expect(light.signal).toBe(light.signal);
    expect(light.bodyUsed).toBe(false);
    expect(light.body).toBeNull();
    expect(await light.text()).toBe('');
    const copy = light.clone();
    expect(copy.url).toBe(url.href);
    expect(copy.headers.get('authorization')).toBe('Bearer t');
  });

  it('is the standard Request at once when it has a body or a signal', async () => {
    const posted = inProcessRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(await posted.json()).toEqual({ a: 1 });
    expect(Object.getPrototypeOf(posted)).toBe(Request.prototype);
    const controller = new AbortController();
    const withSignal = inProcessRequest(url, { signal: controller.signal });
    controller.abort();
    expect(withSignal.signal.aborted).toBe(true);
  });

  it('hands a form over as it is, and is the multipart body for any other reader', async () => {
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo-0', { type: 'image/png' });
    const form = () => {
      const made = new FormData();
      made.append('request', '{"a":1}');
      made.append('photo-0', photo, 'photo-0');
      return made;
    };
    const sent = form();
    const handed = inProcessRequest(url, { method: 'POST', headers: { authorization: 'Bearer t' }, body: sent });
    expect(isInProcessRequest(handed)).toBe(true);
    expect(formOf(handed)).toBe(sent);
    expect(formOf(new Request(url, { method: 'POST', body: form() }))).toBeNull();
    const read = await new Hono()
      .post('*', async (c) => c.json(Object.keys(await c.req.parseBody({ all: true }))))
      .fetch(inProcessRequest(url, { method: 'POST', body: form() }));
    expect(await read.json()).toEqual(['request', 'photo-0']);
    const written = inProcessRequest(url, { method: 'POST', body: form() });
    expect(written.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(await written.text()).toContain('name="photo-0"; filename="photo-0"');
  });
});
