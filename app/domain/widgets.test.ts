import { describe, expect, it } from 'vitest';
import { tenantConfigSchema } from './tenant-config';
import { tenantWidgets, widgetLoaderScript } from './widgets';

const base = { tenant_id: 't', tenantShortName: 'T', tenantName: 'T Ltd', siteTitle: 'T' };
const config = (extra: Record<string, unknown>) => tenantConfigSchema.parse({ ...base, ...extra });

describe('tenant widgets (spec 2 §2)', () => {
  it('loads nothing when nothing is configured', () => {
    expect(tenantWidgets(config({}))).toEqual([]);
  });

  it('loads each configured widget with its settings; analytics knows the Buyer role', () => {
    const widgets = tenantWidgets(
      config({
        analytics: { scriptUrl: 'https://a.example/a.js', siteId: 'S1' },
        helpdesk: { scriptUrl: 'https://h.example/h.js', widgetKey: 'K' },
        liveUpdateKey: 'live-1',
        liveUpdateScriptUrl: 'https://l.example/l.js',
      }),
    );
    expect(widgets).toEqual([
      { id: 'analytics', src: 'https://a.example/a.js', settings: { siteId: 'S1', role: 'Buyer' } },
      { id: 'helpdesk', src: 'https://h.example/h.js', settings: { widgetKey: 'K' } },
      { id: 'liveUpdate', src: 'https://l.example/l.js', settings: { key: 'live-1' } },
    ]);
  });

  it('needs both the live-update key and its script', () => {
    expect(tenantWidgets(config({ liveUpdateKey: 'live-1' }))).toEqual([]);
  });

  it('refuses scripts that are not https', () => {
    expect(tenantConfigSchema.safeParse({ ...base, analytics: { scriptUrl: 'http://a.example/a.js' } }).success).toBe(
      false,
    );
    expect(tenantConfigSchema.safeParse({ ...base, helpdesk: { scriptUrl: 'javascript:alert(1)' } }).success).toBe(
      false,
    );
  });

  it('writes a loader that cannot be closed early by a setting and carries the nonce', () => {
    const script = widgetLoaderScript(
      [{ id: 'helpdesk', src: 'https://h.example/h.js', settings: { text: '</script><script>alert(1)</script>' } }],
      'n0nce',
    );
    expect(script).not.toContain('</script>');
    expect(script).toContain('s.nonce="n0nce"');
    expect(script).toContain("addEventListener('load'");
  });
});
