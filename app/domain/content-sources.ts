import type { PublicTenantConfig } from './tenant-config';

/** The other sites a page of this tenant may load images, fonts and frames from (its CSP). */
export interface ContentSources {
  img: string[];
  font: string[];
  frame: string[];
}

/** The origin of an absolute http(s) address; nothing for a path on this site or anything else. */
function originOf(address: string | undefined): string[] {
  if (!address) return [];
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

const CSS_URL = /url\(\s*(['"]?)(https?:\/\/[^'")\s]+)\1\s*\)/gi;

/**
 * What the tenant's configuration names on other sites, instead of every https site: its logos and
 * favicon (images), the addresses in its custom CSS (images and fonts), its tutorial page (a frame),
 * and the hosts of the widgets it configures (their scripts show images and frames of their own).
 */
export function contentSources(
  config: Pick<
    PublicTenantConfig,
    | 'logoSmall'
    | 'favicon'
    | 'userPoolLogo'
    | 'custom_css'
    | 'tutorialUrl'
    | 'analytics'
    | 'helpdesk'
    | 'liveUpdateScriptUrl'
  >,
): ContentSources {
  const cssHosts = [...config.custom_css.matchAll(CSS_URL)].flatMap((match) => originOf(match[2]));
  const widgetHosts = [config.analytics?.scriptUrl, config.helpdesk?.scriptUrl, config.liveUpdateScriptUrl].flatMap(
    originOf,
  );
  const unique = (hosts: string[]) => [...new Set(hosts)].sort();
  return {
    img: unique([
      ...[config.logoSmall, config.favicon, config.userPoolLogo].flatMap(originOf),
      ...cssHosts,
      ...widgetHosts,
    ]),
    font: unique(cssHosts),
    frame: unique([...originOf(config.tutorialUrl), ...widgetHosts]),
  };
}
