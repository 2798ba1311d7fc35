export const DEFAULT_AFTER_SIGN_IN = '/stock';

const BASE = 'http://portal.invalid';
// C0 controls, DEL and C1 controls: browsers strip or reinterpret them in a Location header.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Only a path on this site may be gone to after sign-in (or a dialog): the target must read as a
 * same-origin path both as written and after URL parsing, with no control characters, backslashes
 * or scheme-relative forms. The answer is the parsed path, so what is sent is what was checked.
 */
export function safeRedirect(
  target: FormDataEntryValue | string | null | undefined,
  fallback = DEFAULT_AFTER_SIGN_IN,
): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2000) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\') || CONTROL.test(target))
    return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || url.username || url.password) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//') || path === '/' || path.startsWith('/?')) return fallback;
  return path;
}
