import { beforeAll, describe, expect, it } from 'vitest';
import { Client, createBuyer, type ServerAddress } from './server';
import { sharedServer } from './shared-server';

/**
 * A page as the built server sends it is one document: the scripts that carry its data come before
 * `</body></html>`, which end it, not after `</html>`, where the HTML standard calls them a parse
 * error (decision 051).
 */
describe('a served page', () => {
  let server: ServerAddress;
  beforeAll(async () => {
    server = await sharedServer();
  });

  const expectOneDocument = (html: string, page: string) => {
    expect(html.startsWith('<!DOCTYPE html>'), page).toBe(true);
    expect(html.endsWith('</body></html>'), page).toBe(true);
    expect(html.split('</html>'), page).toHaveLength(2);
    // The data scripts are still there, inside the body.
    expect(html, page).toContain('window.__remixContext.streamController.close()');
  };

  it('ends with </body></html>, its data scripts before them, signed out and signed in', async () => {
    const client = new Client(server.url);
    expectOneDocument(await (await client.request('/')).text(), '/');
    const buyer = await createBuyer(server);
    await client.signIn(buyer.email, buyer.password);
    for (const page of ['/stock', '/cart', '/no-such-page'])
      expectOneDocument(await (await client.request(page)).text(), page);
  });

  it('refusing a forged post to a page outside the signed-in layout, is still the tenant’s page: its theme, language and title', async () => {
    const client = new Client(server.url);
    const signInPage = await (await client.request('/')).text();
    const siteTitle = /<title>([^<]+)<\/title>/.exec(signInPage)![1]!;
    for (const page of ['/?index', '/reset-password']) {
      const response = await client.post(page, { intent: 'forged' });
      expect(response.status, page).toBe(400);
      const html = await response.text();
      expectOneDocument(html, page);
      expect(html, page).toContain('<html lang="en">');
      expect(html, page).toMatch(/<style nonce="[^"]+">:root\{--color-primary:/);
      expect(html, page).toContain(`<title>${siteTitle}`);
      expect(html, page).toContain('This action is not known. Please try again from the page.');
    }
  });

  it('refusing a forged or broken post to the proof-of-export dialog is the tenant’s error page, not bare JSON', async () => {
    const client = new Client(server.url);
    const buyer = await createBuyer(server);
    await client.signIn(buyer.email, buyer.password);
    const forged = await client.post('/proof-of-export?back=%2Fstock', { intent: 'forged' });
    const broken = await client.request('/proof-of-export?back=%2Fstock', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupl',
    });
    for (const [name, response] of Object.entries({ forged, broken })) {
      expect(response.status, name).toBe(400);
      expect(response.headers.get('content-type'), name).toMatch(/^text\/html/);
      const html = await response.text();
      expectOneDocument(html, name);
      expect(html, name).toMatch(/<style nonce="[^"]+">:root\{--color-primary:/);
      if (name === 'forged') expect(html).toContain('This action is not known. Please try again from the page.');
    }
  });
});
