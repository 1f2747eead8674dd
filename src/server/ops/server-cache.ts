/**
 * A cache kept per running server (it goes with the server's state) and cleared whole when it reaches its
 * limit: cheaper on the hot path than a least-recently-used order, and the deterministic graph makes every
 * value again the same. Shared by the serialised nodes, edges and extension values of the clean path.
 */
import type { ServerState } from "../state.js";

/** `(state, key, make)`: the value cached for `key` on this server, or `make()`'s (never `undefined`), kept. */
export function perServerCache<K, V>(limit: number): (state: ServerState, key: K, make: () => V) => V {
  const caches = new WeakMap<ServerState, Map<K, V>>();
  return (state, key, make) => {
    let cache = caches.get(state);
    if (!cache) {
      cache = new Map();
      caches.set(state, cache);
    }
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    if (cache.size >= limit) cache.clear();
    cache.set(key, value);
    return value;
  };
}
