/**
 * What the pages need of i18next, in a few lines: the page's texts come whole (one language, tenant
 * labels laid over; entry.client loads them before hydrating), so there is nothing to load, detect
 * or format. The Vite build puts this in place of `i18next` for the server render and the browser
 * alike (i18next's own t() was 8 % of a stock page's server time); light-i18next.test.ts checks that
 * it gives the texts i18next gives, for every key of every language.
 */
type Options = Record<string, unknown> & { defaultValue?: string; count?: number };

interface InitOptions {
  lng?: string;
  resources?: Record<string, Record<string, Record<string, string>>>;
}

const PLACEHOLDER = /{{\s*([^{}\s]+)\s*}}/g;

export function createInstance() {
  let texts: Record<string, string> = {};
  const listeners = new Set<() => void>();
  const instance = {
    language: 'en',
    isInitialized: false,
    use(_plugin: unknown) {
      return instance;
    },
    async init(options: InitOptions = {}) {
      instance.language = options.lng ?? instance.language;
      texts = options.resources?.[instance.language]?.common ?? {};
      instance.isInitialized = true;
      return instance.t;
    },
    exists: (key: string) => Object.prototype.hasOwnProperty.call(texts, key),
    t(key: string, options: Options = {}): string {
      let text: string | undefined;
      if (typeof options.count === 'number') {
        text = texts[`${key}_${new Intl.PluralRules(instance.language).select(options.count)}`];
      }
      text ??= instance.exists(key) ? texts[key] : (options.defaultValue ?? key);
      // As i18next does, a placeholder with no value stays as it is.
      return text!.replace(PLACEHOLDER, (placeholder, name: string) => {
        const value = options[name];
        return value === undefined ? placeholder : String(value);
      });
    },
    async changeLanguage(language: string) {
      instance.language = language;
      for (const listener of listeners) listener();
      return instance.t;
    },
    on(_event: string, listener: () => void) {
      listeners.add(listener);
    },
    off(_event: string, listener: () => void) {
      listeners.delete(listener);
    },
  };
  instance.t = instance.t.bind(instance);
  return instance;
}

export type LightI18n = ReturnType<typeof createInstance>;

const i18next = createInstance();
export default i18next;
