import type { PublicTenantConfig } from './tenant-config';

export interface TenantWidget {
  id: 'analytics' | 'helpdesk' | 'liveUpdate';
  src: string;
  /** What the widget's script reads from `window.tenantWidgets[id]`. */
  settings: Record<string, unknown>;
}

type WidgetConfig = Pick<PublicTenantConfig, 'analytics' | 'helpdesk' | 'liveUpdateKey' | 'liveUpdateScriptUrl'>;

/**
 * The live-update, analytics and helpdesk widgets of spec 2 §2, only those the tenant configured
 * (live update needs both its key and its script). The analytics role is fixed as 'Buyer' (spec 3 §6).
 */
export function tenantWidgets(config: WidgetConfig): TenantWidget[] {
  const widgets: TenantWidget[] = [];
  if (config.analytics) {
    const { scriptUrl, ...settings } = config.analytics;
    widgets.push({ id: 'analytics', src: scriptUrl, settings: { ...settings, role: 'Buyer' } });
  }
  if (config.helpdesk) {
    const { scriptUrl, ...settings } = config.helpdesk;
    widgets.push({ id: 'helpdesk', src: scriptUrl, settings });
  }
  if (config.liveUpdateKey && config.liveUpdateScriptUrl) {
    widgets.push({ id: 'liveUpdate', src: config.liveUpdateScriptUrl, settings: { key: config.liveUpdateKey } });
  }
  return widgets;
}

/**
 * The inline loader: hands each widget its settings and adds its script, with the page's nonce,
 * only after the page has loaded, so a slow or blocked widget never holds a screen up. JSON is
 * escaped for a script element (no `</script>` or `<!--` can close it early).
 */
export function widgetLoaderScript(widgets: readonly TenantWidget[], nonce: string): string {
  const safe = (value: unknown) =>
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029');
  const settings = Object.fromEntries(widgets.map((w) => [w.id, w.settings]));
  const sources = widgets.map((w) => ({ id: w.id, src: w.src }));
  return (
    `window.tenantWidgets=${safe(settings)};` +
    `addEventListener('load',function(){${safe(sources)}.forEach(function(w){` +
    `var s=document.createElement('script');s.src=w.src;s.async=true;s.nonce=${safe(nonce)};s.setAttribute('data-widget',w.id);document.body.appendChild(s);});});`
  );
}
