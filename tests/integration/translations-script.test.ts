import { describe, expect, it } from 'vitest';
import { CONFIG_REVISION_HEADER, noteConfigRevision } from '../../app/.server/api/config-revision';
import { loader as rootLoader } from '../../app/root';
import { loader as scriptLoader } from '../../app/routes/i18n.$file';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';
import { portalContext } from './harness';

/**
 * The texts travel as a script cached for good, not in every page's data: the root loader names
 * it, the resource route serves it, and a change of the tenant's labels gives it a new URL.
 */
function tenantApi(base: string) {
  const { labels: _labels, marketplace: _seller, ...config } = loadTenantConfig();
  const state = { revision: '1', labels: { 'pageTitle.stock': 'Inventory' } as Record<string, string> };
  const transport = async (request: Request) => {
    const url = new URL(request.url);
    const headers = { [CONFIG_REVISION_HEADER]: state.revision };
    if (url.pathname === '/px-api-gateway/saas-config') return Response.json(config, { headers });
    if (url.pathname === '/px-api-gateway/saas-i18n') return Response.json({ language: url.searchParams.get('lang'), labels: state.labels }, { headers });
    return new Response('no such call', { status: 404 });
  };
  return { state, context: portalContext(transport, base) };
}

async function rootData(context: ReturnType<typeof portalContext>) {
  const response = await rootLoader({ request: new Request('http://portal/stock'), context, params: {} });
  return { text: await response.clone().text(), data: await response.json() };
}

const script = (context: ReturnType<typeof portalContext>, file: string) =>
  scriptLoader({ request: new Request(`http://portal/i18n/${file}`), context, params: { file } });

async function importBody(response: Response): Promise<Record<string, string>> {
  const body = Buffer.from(await response.text()).toString('base64');
  return ((await import(`data:text/javascript;base64,${body}`)) as { default: Record<string, string> }).default;
}

describe('the translations script', () => {
  it('is named by the root loader, whose data holds no catalogue', async () => {
    const { context } = tenantApi('http://tenant-a');
    const { text, data } = await rootData(context);
    expect(data.locale).toBe('en');
    expect(data.translationsSrc).toMatch(/^\/i18n\/en\.[0-9a-f]{16}\.js$/);
    expect(data).not.toHaveProperty('translations');
    expect(data.titles['pageTitle.stock']).toBe('Inventory');
    expect(text).not.toContain('app.somethingWrong');
    expect(text.length).toBeLessThan(8_000);
  });

  it('is served as JavaScript cached for good, with the tenant’s labels laid over the texts', async () => {
    const { context } = tenantApi('http://tenant-b');
    const { data } = await rootData(context);
    const response = await script(context, data.translationsSrc.slice('/i18n/'.length));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const texts = await importBody(response);
    expect(texts['pageTitle.stock']).toBe('Inventory');
    expect(texts['app.somethingWrong']).toBe('Something went wrong.');
  });

  it('moves to a new URL when a new revision changes the labels; the old URL leads to the new one', async () => {
    const { context, state } = tenantApi('http://tenant-c');
    const before = (await rootData(context)).data.translationsSrc;
    state.revision = '2';
    state.labels = { 'pageTitle.stock': 'Catalogue' };
    // Any answer of the tenant API (a signed-in page's call) states the new revision.
    noteConfigRevision(context.tenantApiBase, state.revision);
    const after = (await rootData(context)).data.translationsSrc;
    expect(after).not.toBe(before);
    const old = await script(context, before.slice('/i18n/'.length));
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(after);
    expect(old.headers.get('cache-control')).toBe('no-store');
    expect((await importBody(await script(context, after.slice('/i18n/'.length))))['pageTitle.stock']).toBe('Catalogue');
  });

  it('is only for known languages and well-formed names', async () => {
    const { context } = tenantApi('http://tenant-d');
    const { data } = await rootData(context);
    const hash = data.translationsSrc.split('.')[1];
    for (const file of [`de.${hash}.js`, `EN.${hash}.js`, `en.${hash}.js.map`, `en.${hash}`, `../en.${hash}.js`, `en/../en.${hash}.js`, `en.${hash.slice(1)}.js`, 'en.js', '', `constructor.${hash}.js`]) {
      expect((await script(context, file)).status, file).toBe(404);
    }
    expect((await script(context, `fr.${'0'.repeat(16)}.js`)).status).toBe(302);
  });
});
