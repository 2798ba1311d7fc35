/**
 * Text that JSON and PostgreSQL can store: no NUL (a PostgreSQL text column refuses it) and no lone
 * UTF-16 surrogate (it has no UTF-8 form, so the database driver fails on it). No person types either.
 */
export const isStorableText = (text: string) =>
  !/[\u0000\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));

const MAX_DEPTH = 32;

/**
 * Where in a parsed JSON value (keys included) the first text that cannot be stored is, as a path
 * of keys and indexes; null when all of it can be. A value nested deeper than any request has a
 * reason to be is not walked further: its path is answered as if it held such text.
 */
export function unstorableTextPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (value === null || typeof value !== 'object') return null;
  if (path.length > MAX_DEPTH) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableTextPath(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, key];
    const found = unstorableTextPath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** A path as an error message names the field: `selection.billMyAccount.carrier`, `[0]`, `body` for the whole. */
export function fieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'body';
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`))
    .join('');
}
