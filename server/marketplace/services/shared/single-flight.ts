/**
 * Shares one lookup among the calls that ask for the same key while it is under way: a page's
 * loaders call the tenant API side by side, and each call would otherwise read the same session
 * and revision rows again. Nothing is kept once the lookup settles, so no answer is older than
 * the moment it was asked for.
 */
export function singleFlight<K, V>(lookup: (key: K) => Promise<V>, keyOf: (key: K) => string = String) {
  const inFlight = new Map<string, Promise<V>>();
  return (key: K): Promise<V> => {
    const id = keyOf(key);
    const running = inFlight.get(id);
    if (running) return running;
    const started = lookup(key).finally(() => inFlight.delete(id));
    inFlight.set(id, started);
    return started;
  };
}
