/** A small least-recently-used map: a hit moves to the back, a set past the limit drops the front. */
export function createLru<K, V>(limit: number) {
  const entries = new Map<K, V>();
  return {
    get(key: K): V | undefined {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key: K, value: V) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > limit) entries.delete(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
  };
}
