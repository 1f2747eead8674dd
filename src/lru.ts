/**
 * A small least-recently-used cache (Map keeps insertion order; a hit re-inserts), for every bounded memo of
 * the project: plans, samples, verdicts, per-key windows. `onEvict` hears of each entry dropped for room.
 */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  constructor(
    private readonly capacity: number,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {}

  /** The cached value, or the value made (and cached) now. */
  get(key: K, make: () => V): V {
    if (this.map.has(key)) return this.peek(key) as V;
    const value = make();
    this.set(key, value);
    return value;
  }

  /** The cached value (made most recent), or undefined. */
  peek(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const hit = this.map.get(key) as V;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit;
  }

  /** Caches `value` under `key` as the most recent, dropping the least recent entries past the capacity. */
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.capacity) {
      const [oldest, dropped] = this.map.entries().next().value as [K, V];
      this.map.delete(oldest);
      this.onEvict?.(oldest, dropped);
    }
  }

  /** Number of cached entries. */
  get size(): number {
    return this.map.size;
  }
}
