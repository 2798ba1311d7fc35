import { describe, expect, it } from 'vitest';
import { CONFIG_REVISION_HEADER, noteConfigRevision } from '../../app/.server/api/config-revision';
import { loader as rootLoader } from '../../app/root';
import { loader as scriptLoader } from '../../app/routes/i18n.$file';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';
import { portalContext } from './harness';
import { answerData } from '../support/route-answer';

/**
 * The texts travel as scripts cached for good, not in every page's data: the root loader names
 * where they are, the resource route serves the parts asked for, and a change of the tenant's labels
 * gives them a new URL.
 */
function tenantApi(base: string) {
  const { labels: _labels, marketplace: _seller, ...config } = loadTenantConfig();
  const state = { revision: '1', labels: { 'pageTitle.stock': 'Inventory' } as Record<string, string> };
  const transport = async (request: Request) => {
    const url = new URL(request.url);
    const headers = { [CONFIG_REVISION_HEADER]: state.revision };
    if (url.pathname === '/px-api-gateway/saas-config') return Response.json(config, { headers });
    if (url.pathname === '/px-api-gateway/saas-i18n')
      return Response.json({ language: url.searchParams.get('lang'), labels: state.labels }, { headers });
    return new Response('no such call', { status: 404 });
  };
  return { state, context: portalContext(transport, base) };
}

async function rootData(context: ReturnType<typeof portalContext>) {
  const data = await answerData<{ locale: string; textsPrefix: string; titles: Record<string, string> }>(
    await rootLoader({ request: new Request('http://portal/stock'), context, params: {} }),
  );
  return { text: JSON.stringify(data), data };
}

const script = (context: ReturnType<typeof portalContext>, file: string) =>
  scriptLoader({ request: new Request(`http://portal/i18n/${file}`), context, params: { file } });

async function importBody(response: Response): Promise<Record<string, string>> {
  const body = Buffer.from(await response.text()).toString('base64');
  return ((await import(`data:text/javascript;base64,${body}`)) as { default: Record<string, string> }).default;
}

/** The name of the script of some parts, under the prefix the root loader gave. */
const fileOf = (prefix: string, parts: string) => `${prefix.slice('/i18n/'.length)}${parts}.js`;

describe('the translations scripts', () => {
  it('are named by the root loader, whose data holds no catalogue', async () => {
    const { context } = tenantApi('http://tenant-a');
    const { text, data } = await rootData(context);
    expect(data.locale).toBe('en');
    expect(data.textsPrefix).toMatch(/^\/i18n\/en\.[0-9a-f]{16}\.$/);
    expect(data).not.toHaveProperty('translations');
    expect(data.titles['pageTitle.stock']).toBe('Inventory');
    expect(text).not.toContain('app.somethingWrong');
    expect(text.length).toBeLessThan(8_000);
  });

  it('are served as JavaScript cached for good, the parts asked for, with the tenant’s labels laid over the texts', async () => {
    const { context } = tenantApi('http://tenant-b');
    const { data } = await rootData(context);
    const response = await script(context, fileOf(data.textsPrefix, 'app-pageTitle'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const texts = await importBody(response);
    expect(texts['pageTitle.stock']).toBe('Inventory');
    expect(texts['app.somethingWrong']).toBe('Something went wrong.');
    expect(Object.keys(texts).every((key) => key.startsWith('app.') || key.startsWith('pageTitle.'))).toBe(true);
    expect(texts).not.toHaveProperty('stock.title');
  });

  it('moves to a new URL when a new revision changes the labels; the old URL leads to the new one', async () => {
    const { context, state } = tenantApi('http://tenant-c');
    const before = fileOf((await rootData(context)).data.textsPrefix, 'pageTitle');
    state.revision = '2';
    state.labels = { 'pageTitle.stock': 'Catalogue' };
    // Any answer of the tenant API (a signed-in page's call) states the new revision.
    noteConfigRevision(context.tenantApiBase, state.revision);
    const after = fileOf((await rootData(context)).data.textsPrefix, 'pageTitle');
    expect(after).not.toBe(before);
    const old = await script(context, before);
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(`/i18n/${after}`);
    expect(old.headers.get('cache-control')).toBe('no-store');
    expect((await importBody(await script(context, after)))['pageTitle.stock']).toBe('Catalogue');
  });

  it('are only for known languages, known parts and well-formed names', async () => {
    const { context } = tenantApi('http://tenant-d');
    const { data } = await rootData(context);
    const hash = data.textsPrefix.split('.')[1];
    const refused = [
      `it.${hash}.app.js`,
      `EN.${hash}.app.js`,
      `en.${hash}.app.js.map`,
      `en.${hash}.app`,
      `../en.${hash}.app.js`,
      `en/../en.${hash}.app.js`,
      `en.${hash.slice(1)}.app.js`,
      `en.${hash}.js`,
      'en.js',
      '',
      `constructor.${hash}.app.js`,
      // Parts: only the texts' own, each once and in order (one URL per set of parts).
      `en.${hash}.noSuchPart.js`,
      `en.${hash}.constructor.js`,
      `en.${hash}.__proto__.js`,
      `en.${hash}.stock-app.js`,
      `en.${hash}.app-app.js`,
      `en.${hash}.app-.js`,
    ];
    for (const file of refused) expect((await script(context, file)).status, file).toBe(404);
    expect((await script(context, `en.${hash}.app-stock.js`)).status).toBe(200);
    expect((await script(context, `fr.${'0'.repeat(16)}.app.js`)).status).toBe(302);
  });
});
