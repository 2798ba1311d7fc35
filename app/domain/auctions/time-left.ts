/** A lot's time left as the page says it: days and hours, hours and minutes, or minutes and seconds. */
export type TimeLeft =
  | { key: 'auctions.left.days'; values: { days: number; hours: number } }
  | { key: 'auctions.left.hours'; values: { hours: number; minutes: number } }
  | { key: 'auctions.left.minutes'; values: { minutes: number; seconds: number } }
  | { key: 'auctions.left.ended'; values: Record<string, never> };

export function timeLeft(endsAt: string | Date, now: number): TimeLeft {
  const ms = new Date(endsAt).getTime() - now;
  if (ms <= 0) return { key: 'auctions.left.ended', values: {} };
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return { key: 'auctions.left.days', values: { days, hours } };
  if (hours > 0) return { key: 'auctions.left.hours', values: { hours, minutes } };
  return { key: 'auctions.left.minutes', values: { minutes, seconds: seconds % 60 } };
}
