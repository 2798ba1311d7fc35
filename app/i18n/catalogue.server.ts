import { createHash } from 'node:crypto';
import type { AppLoadContext } from '@remix-run/node';
import { getTenantLabels } from '~/.server/api/settings';
import { translationsFor } from '~/locales';

/** One object for "no labels", so a tenant API that failed still hits the caches keyed by labels. */
const NO_LABELS: Record<string, string> = Object.freeze({});

/** The tenant's texts in a language: the catalogue with its labels (cached per config revision) laid over. */
export async function tenantTexts(context: AppLoadContext, language: string): Promise<Readonly<Record<string, string>>> {
  const labels = await getTenantLabels(context, language).catch(() => NO_LABELS);
  return translationsFor(language, labels);
}

export interface CatalogueScript {
  /** Where the browser loads it: `/i18n/<language>.<hash>.js`, the hash of the body. */
  src: string;
  hash: string;
  /** An ES module whose default export is the texts. */
  body: string;
}

export const CATALOGUE_PATH_PREFIX = '/i18n/';

const scripts = new WeakMap<Readonly<Record<string, string>>, CatalogueScript>();

/** The texts as a script at a URL that changes whenever they do (so it can be cached for good). */
export function catalogueScript(language: string, texts: Readonly<Record<string, string>>): CatalogueScript {
  let script = scripts.get(texts);
  if (!script) {
    // JSON.parse of a string is faster for V8 than evaluating a large object literal.
    const body = `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});\n`;
    const hash = createHash('sha256').update(language).update('\0').update(body).digest('hex').slice(0, 16);
    scripts.set(texts, (script = { src: `${CATALOGUE_PATH_PREFIX}${language}.${hash}.js`, hash, body }));
  }
  return script;
}
