export const DEFAULT_AFTER_SIGN_IN = '/stock';

/** Only a path on this site may be returned to after sign-in; anything else goes to /stock. */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof target !== 'string' || target.length > 2000) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target === '/' || target.startsWith('/?')) return fallback;
  return target;
}
