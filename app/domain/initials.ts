/** The initials badge: two letters and one of six colours chosen by the first letters of the names. */
export const BADGE_COLOUR_COUNT = 6;

export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/** Index 0–5 of the badge colour (the colours are the `badge--cN` classes of the stylesheet). */
export function badgeColourIndex(firstName: string, lastName: string): number {
  const code = (firstName.trim().toUpperCase().charCodeAt(0) || 0) + (lastName.trim().toUpperCase().charCodeAt(0) || 0);
  return code % BADGE_COLOUR_COUNT;
}
