import type { Table } from 'drizzle-orm';
import { changeFeedOf, type ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { createLru } from '../../../../app/domain/lru';
import { singleFlight } from './single-flight';

/**
 * A lookup whose answers are kept until one of the tables it reads changes, on a feed that sees
 * every write (PGlite). On any other feed it only shares the lookups under way (singleFlight).
 * The version is taken before the lookup starts, so a write that lands during it drops the answer.
 */
export function keptUntilChanged<K, V>(
  changes: ChangeFeed,
  tables: readonly Table[],
  lookup: (key: K) => Promise<V>,
  keyOf: (key: K) => string = String,
  limit = 10_000,
): (key: K) => Promise<V> {
  if (!changes.exact) return singleFlight(lookup, keyOf);
  const kept = createLru<string, { version: number; value: Promise<V> }>(limit);
  return (key) => {
    const id = keyOf(key);
    const version = changes.version(tables);
    const hit = kept.get(id);
    if (hit && hit.version === version) return hit.value;
    // A query builder runs each time it is awaited: keep the one promise of its answer.
    const value = Promise.resolve(lookup(key));
    const entry = { version, value };
    kept.set(id, entry);
    value.catch(() => {
      if (kept.get(id) === entry) kept.set(id, { version: -1, value });
    });
    return value;
  };
}

/** keptUntilChanged for a lookup that takes the database first: one kept map per database. */
export function keptPerDatabase<K, V>(
  tables: readonly Table[],
  lookup: (db: Db, key: K) => Promise<V>,
  keyOf: (key: K) => string = String,
): (db: Db, key: K) => Promise<V> {
  const byDatabase = new WeakMap<Db, (key: K) => Promise<V>>();
  return (db, key) => {
    let kept = byDatabase.get(db);
    if (!kept) {
      kept = keptUntilChanged(changeFeedOf(db), tables, (k: K) => lookup(db, k), keyOf);
      byDatabase.set(db, kept);
    }
    return kept(key);
  };
}
