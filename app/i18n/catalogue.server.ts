import { createHash } from 'node:crypto';
import type { AppLoadContext } from '@remix-run/node';
import { getTenantLabels } from '~/.server/api/settings';
import { translationsFor } from '~/locales';
import { partOfKey, partsInName, textsPrefix } from './text-parts';

/** One object for "no labels", so a tenant API that failed still hits the caches keyed by labels. */
const NO_LABELS: Record<string, string> = Object.freeze({});

/** The tenant's texts in a language: the catalogue with its labels (cached per config revision) laid over. */
export async function tenantTexts(
  context: AppLoadContext,
  language: string,
): Promise<Readonly<Record<string, string>>> {
  const labels = await getTenantLabels(context, language).catch(() => NO_LABELS);
  return translationsFor(language, labels);
}

export interface CatalogueScript {
  /** Where the browser loads it: `/i18n/<language>.<version>.<parts>.js`. */
  src: string;
  /** An ES module whose default export is the texts of those parts. */
  body: string;
}

/** A catalogue (one texts object) as the browser loads it: by parts, under a version that changes whenever the texts do. */
interface Catalogue {
  prefix: string;
  byPart: Map<string, Record<string, string>>;
  scripts: Map<string, CatalogueScript>;
}

const catalogues = new WeakMap<Readonly<Record<string, string>>, Catalogue>();
/** Scripts kept per catalogue: the combinations pages ask for are few; any others are made again when asked. */
const SCRIPTS_KEPT = 256;

function catalogueOf(language: string, texts: Readonly<Record<string, string>>): Catalogue {
  let catalogue = catalogues.get(texts);
  if (!catalogue) {
    const version = createHash('sha256')
      .update(language)
      .update('\0')
      .update(JSON.stringify(texts))
      .digest('hex')
      .slice(0, 16);
    const byPart = new Map<string, Record<string, string>>();
    for (const [key, text] of Object.entries(texts)) {
      const part = partOfKey(key);
      let inPart = byPart.get(part);
      if (!inPart) byPart.set(part, (inPart = {}));
      inPart[key] = text;
    }
    catalogues.set(texts, (catalogue = { prefix: textsPrefix(language, version), byPart, scripts: new Map() }));
  }
  return catalogue;
}

/** `/i18n/<language>.<version>.`: the start of the URL of every script of these texts. */
export function cataloguePrefix(language: string, texts: Readonly<Record<string, string>>): string {
  return catalogueOf(language, texts).prefix;
}

/** The parts these texts have. */
export function catalogueParts(language: string, texts: Readonly<Record<string, string>>): string[] {
  return [...catalogueOf(language, texts).byPart.keys()];
}

/**
 * The texts of some parts as a script at a URL that changes whenever the texts do (so it can be
 * cached for good); null when a part is not one of these texts'.
 */
export function catalogueScript(
  language: string,
  texts: Readonly<Record<string, string>>,
  parts: Iterable<string>,
): CatalogueScript | null {
  const catalogue = catalogueOf(language, texts);
  const name = partsInName(parts);
  let script = catalogue.scripts.get(name);
  if (!script) {
    const chosen: Record<string, string> = {};
    for (const part of name.split('-')) {
      const inPart = catalogue.byPart.get(part);
      if (!inPart) return null;
      Object.assign(chosen, inPart);
    }
    // JSON.parse of a string is faster for V8 than evaluating a large object literal; in single
    // quotes, the JSON's own double quotes need no escape.
    const json = JSON.stringify(chosen)
      .replace(/[\\']/g, '\\$&')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029');
    script = { src: `${catalogue.prefix}${name}.js`, body: `export default JSON.parse('${json}');\n` };
    if (catalogue.scripts.size >= SCRIPTS_KEPT) catalogue.scripts.clear();
    catalogue.scripts.set(name, script);
  }
  return script;
}
