import { describe, expect, it } from 'vitest';
import { contentSources } from './content-sources';

const bare = { logoSmall: '/logo.svg', favicon: '/favicon.svg', custom_css: '' };

describe("the tenant's content sources (the CSP's images, fonts and frames)", () => {
  it('are none for a tenant whose files are all its own', () => {
    expect(contentSources({ ...bare, tutorialUrl: '/tutorials/stock-list.html' })).toEqual({
      img: [],
      font: [],
      frame: [],
    });
  });

  it("name each host once, as an origin: logos, the custom CSS's addresses, the tutorial, the widgets", () => {
    const sources = contentSources({
      logoSmall: 'https://cdn.tenant.example/brand/logo.svg',
      favicon: 'https://cdn.tenant.example/favicon.ico',
      userPoolLogo: 'http://old.tenant.example:8080/logo.png',
      custom_css:
        "@font-face { src: url('https://fonts.tenant.example/a.woff2') } .x { background: url(https://img.tenant.example/b.png) } .y { background: url(/own.png) }",
      tutorialUrl: 'https://video.example.org/embed/1?x=y',
      helpdesk: { scriptUrl: 'https://widgets.example.net/helpdesk.js' },
      analytics: { scriptUrl: 'https://widgets.example.net/analytics.js' },
    });
    expect(sources).toEqual({
      img: [
        'http://old.tenant.example:8080',
        'https://cdn.tenant.example',
        'https://fonts.tenant.example',
        'https://img.tenant.example',
        'https://widgets.example.net',
      ],
      font: ['https://fonts.tenant.example', 'https://img.tenant.example'],
      frame: ['https://video.example.org', 'https://widgets.example.net'],
    });
  });

  it('leave out what is not an http(s) address', () => {
    expect(
      contentSources({ ...bare, logoSmall: 'data:image/png;base64,AAAA', custom_css: 'url(javascript:alert(1))' }),
    ).toEqual({ img: [], font: [], frame: [] });
  });
});
