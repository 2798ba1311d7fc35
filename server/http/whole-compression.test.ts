import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeBody } from './whole-compression';

const page = `<!DOCTYPE html><html><body>${'<p>Apple iPhone 11 128GB, grade A</p>'.repeat(200)}</body></html>`;
let port: number;
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.get('/page', (req, res) => {
    res.type('html');
    if (req.query.noTransform) res.setHeader('Cache-Control', 'no-transform');
    res.end(wholeBody(req, res, page));
  });
  app.get('/small', (req, res) => res.type('json').end(wholeBody(req, res, '{"ok":true}')));
  app.get('/picture', (req, res) => res.type('png').end(wholeBody(req, res, page)));
  app.get('/empty', (req, res) => res.status(204).end(wholeBody(req, res, '')));
  app.get('/words', (req, res) => res.type('text').end(wholeBody(req, res, 'Prix: 12 € – ça va')));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
  close = () => server.close();
});
afterAll(() => close());

/** The raw answer: headers and the bytes as sent (fetch would undo the encoding). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res
          .on('data', (c: Buffer) => chunks.push(c))
          .on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

describe('wholeBody', () => {
  it('gzips a page in one piece for a client that takes gzip, with its length and Vary', async () => {
    const { headers, body } = await get('/page', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers.vary).toBe('Accept-Encoding');
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(body.length).toBeLessThan(page.length / 10);
    expect(zlib.gunzipSync(body).toString('utf8')).toBe(page);
  });

  it('sends the page as it is, with its length in bytes, to a client that takes no encoding', async () => {
    const { headers, body } = await get('/page', { 'accept-encoding': 'identity' });
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers.vary).toBe('Accept-Encoding');
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(body.toString('utf8')).toBe(page);
    const words = await get('/words');
    expect(Number(words.headers['content-length'])).toBe(Buffer.byteLength('Prix: 12 € – ça va'));
    expect(words.body.toString('utf8')).toBe('Prix: 12 € – ça va');
    const empty = await get('/empty', { 'accept-encoding': 'gzip' });
    expect(empty.headers['content-length']).toBeUndefined();
    expect(empty.body.length).toBe(0);
  });

  it('leaves other encodings to the compression middleware', async () => {
    const { headers, body } = await get('/page', { 'accept-encoding': 'br' });
    expect(headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(body).toString('utf8')).toBe(page);
  });

  it('does not touch small bodies, bodies that are not text, no-transform or HEAD', async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    expect((await get('/small', gzip)).body.toString('utf8')).toBe('{"ok":true}');
    const picture = await get('/picture', gzip);
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.body.toString('utf8')).toBe(page);
    const kept = await get('/page?noTransform=1', gzip);
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.body.toString('utf8')).toBe(page);
    const head = await get('/page', gzip, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(Number(head.headers['content-length'])).toBe(page.length);
    expect(head.body.length).toBe(0);
  });
});
