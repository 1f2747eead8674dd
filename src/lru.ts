/** A small least-recently-used cache (Map keeps insertion order; a hit re-inserts). */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  /** The cached value, or the value made (and cached) now. */
  get(key: K, make: () => V): V {
    const hit = this.map.get(key);
    if (hit !== undefined || this.map.has(key)) {
      this.map.delete(key);
      this.map.set(key, hit as V);
      return hit as V;
    }
    const value = make();
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
    return value;
  }

  /** Number of cached entries. */
  get size(): number {
    return this.map.size;
  }
}
