/** A tenant-configured address that may become a link: http(s) only, never a script or data URL. */
export function isWebAddress(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
