import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { tenantApiDocumentText } from '../contract/openapi';

let document: { text: string; etag: string } | null = null;

/** Made once per process from the client's schemas (docs/tenant-api.openapi.json is the same text, kept by a test). */
function openApiDocument() {
  if (!document) {
    const text = tenantApiDocumentText();
    document = { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"` };
  }
  return document;
}

/** GET /openapi.json: the contract of the tenant API, for anyone (it holds no tenant's data). */
export function openApiRoutes() {
  return new Hono().get('/openapi.json', (c) => {
    const { text, etag } = openApiDocument();
    const headers = { etag, 'cache-control': 'public, max-age=3600' };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(text, 200, { ...headers, 'content-type': 'application/json; charset=utf-8' });
  });
}
