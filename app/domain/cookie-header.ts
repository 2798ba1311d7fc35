/** The value of one cookie in a Cookie header, as sent (the last, if it is there twice). */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  let found: string | undefined;
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) found = part.slice(at + 1).trim();
  }
  return found;
}
