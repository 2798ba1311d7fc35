/** What a failure carries for the message chain: the server's messageCode and params, its text, the screen's fallback. */
export interface FailureParts {
  messageCode?: string;
  params?: Record<string, string | number>;
  text?: string;
  /** An i18n key chosen by the screen. */
  fallbackKey?: string;
}

export type Translate = (key: string, params?: Record<string, unknown>) => string | undefined;

/**
 * The error catalogue's chain (spec 1 §8, spec 2 §8): the translation of the server's messageCode
 * with its params, else the server's message, else the screen's fallback, else 'Internal Server Error'.
 * It runs where the message is shown, in the buyer's language.
 */
export function failureText({ messageCode, params, text, fallbackKey }: FailureParts, translate: Translate): string {
  const translated = messageCode ? translate(`errors.${messageCode}`, params) : undefined;
  if (translated) return translated;
  if (text) return text;
  return (fallbackKey ? translate(fallbackKey) : undefined) ?? translate('errors.internal') ?? 'Internal Server Error';
}
