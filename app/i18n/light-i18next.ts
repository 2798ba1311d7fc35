import { PART_NAME, partOfKey, partsInName } from './text-parts';
import { numberText, pluralRules } from '~/domain/intl';
import { typesetFilled } from './typography';

/**
 * The pages' i18n, in a few lines: one language, tenant labels laid over, nothing to detect; a
 * value that is a number written as the language writes it ("1,519", "1 519", "1.519"; decision
 * 052). i18next's way of writing texts (`{{placeholders}}`, `_one`/`_other` plural keys), its names
 * (`t`, `exists`, `init`), but not the library (decision 004: it would not fit the stock page's
 * JavaScript budget). The server render, the browser and the component tests all use it.
 *
 * The browser holds the texts by parts (text-parts.ts): `loadFrom` names where the others are, and
 * a part missing when asked for (`partsReady`, or a key of it looked up) is fetched once; when it
 * comes, `revision` moves and the subscribers render again.
 */
type Options = Record<string, unknown> & { defaultValue?: string; count?: number };

interface InitOptions {
  lng?: string;
  resources?: Record<string, Record<string, Record<string, string>>>;
}

/** Fetches the texts of some parts from a URL (in the browser, the import of a module). */
export type TextsLoader = (url: string) => Promise<Record<string, string>>;

/** A placeholder, and its name inside it. */
const PLACEHOLDER = /({{\s*([^{}\s]+)\s*}})/;
/** Texts and counts kept per instance: bounded only against a leak. */
const KEPT = 2_000;

export function createInstance() {
  let texts: Record<string, string> = {};
  const listeners = new Set<() => void>();
  // Where the parts not here come from (browser only): `<prefix><parts>.js`.
  let source: { prefix: string; load: TextsLoader } | null = null;
  const loaded = new Set<string>();
  const failed = new Set<string>();
  const pending = new Map<string, Promise<void>>();
  let queued: Set<string> | null = null;

  const changed = () => {
    instance.revision++;
    // A new function, so what was computed with the old texts (memos keyed by t) is computed again.
    instance.t = (key, options) => translate(key, options);
    for (const listener of listeners) listener();
  };

  /** Starts loading the parts not here yet, in one request; answers what they wait on, or null. */
  const fetchParts = (parts: Iterable<string>): Promise<void> | null => {
    if (!source) return null;
    const missing = [...parts].filter((part) => PART_NAME.test(part) && !loaded.has(part) && !pending.has(part));
    if (missing.length) {
      const { prefix, load } = source;
      const loading = load(`${prefix}${partsInName(missing)}.js`).then(
        (more) => {
          if (source?.prefix !== prefix) return;
          texts = { ...texts, ...more };
          for (const part of missing) loaded.add(part);
          changed();
        },
        // A part the server does not have (or a network failure) is not asked for again: its keys show as they are.
        () => {
          for (const part of missing) failed.add(part);
        },
      );
      for (const part of missing) pending.set(part, loading);
    }
    const waits = [...parts].filter((part) => !loaded.has(part) && !failed.has(part)).map((part) => pending.get(part));
    return waits.length && waits.every(Boolean) ? Promise.all(waits).then(() => undefined) : null;
  };

  /** A key looked up before its part came: fetch the part (with the others asked for in this turn). */
  const fetchLater = (key: string) => {
    const part = partOfKey(key);
    if (!source || !part || loaded.has(part) || pending.has(part) || failed.has(part)) return;
    if (!queued) {
      queued = new Set();
      queueMicrotask(() => {
        const parts = queued!;
        queued = null;
        fetchParts(parts);
      });
    }
    queued.add(part);
  };

  const instance = {
    language: 'en',
    isInitialized: false,
    /** Moves whenever the texts do. */
    revision: 0,
    async init(options: InitOptions = {}) {
      instance.language = options.lng ?? instance.language;
      texts = options.resources?.[instance.language]?.common ?? {};
      instance.isInitialized = true;
      return instance.t;
    },
    exists(key: string) {
      if (Object.prototype.hasOwnProperty.call(texts, key)) return true;
      fetchLater(key);
      return false;
    },
    t: undefined as unknown as (key: string, options?: Options) => string,
    /** The texts hold `parts` already; the others are at `<prefix><parts>.js`. */
    loadFrom(prefix: string, parts: Iterable<string>, load: TextsLoader) {
      source = { prefix, load };
      for (const part of parts) loaded.add(part);
    },
    /** The parts are here (null), or what to wait on while they come (a render suspends on it). */
    partsReady(parts: readonly string[]): Promise<void> | null {
      return fetchParts(parts);
    },
    /**
     * Another language or other labels (a new prefix): the parts here are fetched again from there,
     * then replace the texts at once.
     */
    async switchTo(language: string, prefix: string) {
      if (!source || source.prefix === prefix) return;
      const parts = [...loaded];
      source = { prefix, load: source.load };
      pending.clear();
      failed.clear();
      const fresh = await source.load(`${prefix}${partsInName(parts)}.js`);
      if (source.prefix !== prefix) return;
      texts = fresh;
      instance.language = language;
      changed();
    },
    async changeLanguage(language: string) {
      instance.language = language;
      changed();
      return instance.t;
    },
    on(_event: string, listener: () => void) {
      listeners.add(listener);
    },
    off(_event: string, listener: () => void) {
      listeners.delete(listener);
    },
  };
  // A stock page asks for some hundreds of texts, a few dozen with a count: each text's placeholders
  // are found once, and each count's plural form is asked of Intl once.
  const templates = new Map<string, readonly string[]>();
  const pluralForms = new Map<string, string>();
  function pluralForm(count: number): string {
    const key = `${instance.language}|${count}`;
    let form = pluralForms.get(key);
    if (form === undefined) {
      if (pluralForms.size >= KEPT) pluralForms.clear();
      pluralForms.set(key, (form = pluralRules(instance.language).select(count)));
    }
    return form;
  }
  function translate(key: string, options: Options = {}): string {
    let text: string | undefined;
    // A language's form the texts do not write out ("many": French for a million) is its "other".
    if (typeof options.count === 'number') text = texts[`${key}_${pluralForm(options.count)}`] ?? texts[`${key}_other`];
    text ??= instance.exists(key) ? texts[key]! : (options.defaultValue ?? key);
    if (!text.includes('{{')) return text;
    let parts = templates.get(text);
    if (!parts) {
      if (templates.size >= KEPT) templates.clear();
      templates.set(text, (parts = text.split(PLACEHOLDER)));
    }
    // split() gives the text before each placeholder, the placeholder and its name, then the rest;
    // as i18next does, a placeholder with no value stays as it is.
    let out = parts[0]!;
    for (let i = 1; i < parts.length; i += 3) {
      const value = options[parts[i + 1]!];
      const shown =
        value === undefined
          ? parts[i]!
          : typeof value === 'number'
            ? numberText(instance.language)(value)
            : String(value);
      out += shown + parts[i + 2]!;
    }
    return typesetFilled(instance.language, out);
  }
  instance.t = (key, options) => translate(key, options);
  return instance;
}

export type LightI18n = ReturnType<typeof createInstance>;
export type TFunction = LightI18n['t'];

const i18next = createInstance();
export default i18next;
