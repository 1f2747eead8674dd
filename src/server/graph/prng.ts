/**
 * Hash-based randomness: every value of the synthetic graph is a pure function of (seed, salt, index…),
 * so nothing has to be generated ahead of time and the same seed always gives the same bytes.
 */

/** Salts that separate the independent random streams of the graph. */
export const SALT = {
  orgNrA: 1,
  orgNrB: 2,
  nameA: 3,
  nameB: 4,
  layout: 5,
  org: 6,
  owner: 7,
  satellites: 8,
  node: 9,
  edge: 10,
  finance: 11,
  influencer: 12,
  catalog: 13,
  secondary: 14,
} as const;

/** A 32-bit avalanche mix (lowbias32). */
function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of up to four non-negative integers (each < 2^32) into an unsigned 32-bit integer. */
export function hash(a: number, b = 0, c = 0, d = 0): number {
  let h = mix32(a ^ 0x9e3779b9);
  h = mix32(h ^ b);
  h = mix32((h + Math.imul(c, 0x85ebca6b)) >>> 0);
  return mix32(h ^ Math.imul(d, 0xc2b2ae35));
}

/** A small deterministic generator (mulberry32) started from a hash. */
export class Rng {
  private state: number;

  constructor(a: number, b = 0, c = 0, d = 0) {
    this.state = hash(a, b, c, d);
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }

  /** An ISO date (YYYY-MM-DD) between two years inclusive. */
  date(fromYear: number, toYear: number): string {
    const y = this.range(fromYear, toYear);
    const m = this.range(1, 12);
    const d = this.range(1, 28);
    return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  }

  /** An RFC 3339 date-time in UTC between two years inclusive. */
  dateTime(fromYear: number, toYear: number): string {
    const h = String(this.int(24)).padStart(2, "0");
    const mi = String(this.int(60)).padStart(2, "0");
    const s = String(this.int(60)).padStart(2, "0");
    return `${this.date(fromYear, toYear)}T${h}:${mi}:${s}Z`;
  }

  /**
   * A value for a nullable field: usually `make()`, sometimes null, sometimes absent (`undefined`),
   * because the contract distinguishes "absent = unknown" from null.
   */
  maybe<T>(make: () => T, pNull = 0.05, pAbsent = 0.04): T | null | undefined {
    const r = this.next();
    if (r < pAbsent) return undefined;
    if (r < pAbsent + pNull) return null;
    return make();
  }

  /** A contract `numeric`: a number, or (sometimes) the same value as a decimal string. */
  numeric(value: number, pString = 0.3): number | string {
    if (!this.chance(pString)) return value;
    return this.chance(0.15) ? value.toExponential().replace("e+", "e") : value.toFixed(2);
  }
}
