/** A counter of the sign-in and reset limits; times in ms since the epoch. */
export interface LimitEntry {
  count: number;
  /** A window: when it resets. An account: when its next attempt may come. */
  until: number;
  /** When the entry may be forgotten (it then reads as absent). */
  expiresAt: number;
}

/** Where the limits keep their counters: in this process, or in the database every replica shares. */
export interface LimitStore {
  /** Counts a hit in the key's window, opening a new one of `windowMs` when none is open; answers the entry after it. */
  hit(key: string, windowMs: number, now: number): Promise<LimitEntry>;
  /**
   * Replaces the key's entry by what `change` makes of it (null: none, or forget it), as one step:
   * no other change to the key comes in between. `change` may be called more than once.
   */
  update(key: string, now: number, change: (entry: LimitEntry | null) => LimitEntry | null): Promise<void>;
}

const MAX_ENTRIES = 100_000;

/** The counters of one process (PGlite, or a single server): what one replica counts. */
export function memoryLimitStore(maxEntries = MAX_ENTRIES): LimitStore {
  const entries = new Map<string, LimitEntry>();
  const live = (key: string, now: number) => {
    const entry = entries.get(key);
    return entry && entry.expiresAt > now ? entry : null;
  };
  const set = (key: string, entry: LimitEntry, now: number) => {
    if (!entries.has(key) && entries.size >= maxEntries) sweep(now);
    entries.set(key, entry);
  };
  function sweep(now: number) {
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    for (const key of entries.keys()) {
      if (entries.size < maxEntries) break;
      entries.delete(key);
    }
  }
  return {
    async hit(key, windowMs, now) {
      const open = live(key, now);
      const entry = open
        ? { ...open, count: open.count + 1 }
        : { count: 1, until: now + windowMs, expiresAt: now + windowMs };
      set(key, entry, now);
      return entry;
    },
    async update(key, now, change) {
      const next = change(live(key, now));
      if (next) set(key, next, now);
      else entries.delete(key);
    },
  };
}
