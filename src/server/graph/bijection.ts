/**
 * Seeded affine bijections: organisation index ↔ 9-digit organisation number, and index ↔ name triple.
 * Both are O(1) both ways, so an unknown organisation number is recognised without any table.
 */
import { hash, SALT } from "./prng.js";

/** Size of the organisation-number space: numbers 900000000..999999999. */
const ORG_SPACE = 100_000_000;
const ORG_BASE = 900_000_000;
/** Size of the name-triple space (100 × 100 × 100). */
export const NAME_SPACE = 1_000_000;

/** Modular inverse of a modulo m (a and m coprime). */
function modInverse(a: number, m: number): number {
  let [oldR, r] = [BigInt(a), BigInt(m)];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  const bm = BigInt(m);
  return Number(((oldS % bm) + bm) % bm);
}

/** (a · x) mod m without leaving exact double precision (a, x < 1e8). */
function mulMod(a: number, x: number, m: number): number {
  const hi = Math.floor(a / 10_000);
  const lo = a % 10_000;
  return (((hi * x) % m) * 10_000 + lo * x) % m;
}

/** A multiplier coprime to 2·5 (so to every power of ten). */
function coprimeMultiplier(h: number, m: number): number {
  let a = (h % m) | 1;
  while (a % 5 === 0) a = (a + 2) % m;
  return a;
}

/** An affine permutation of [0, m) with its inverse. */
export class AffinePermutation {
  private readonly a: number;
  private readonly b: number;
  private readonly aInv: number;

  constructor(
    private readonly m: number,
    seed: number,
    salt: number,
  ) {
    this.a = coprimeMultiplier(hash(seed, salt, 1), m);
    this.b = hash(seed, salt, 2) % m;
    this.aInv = modInverse(this.a, m);
  }

  /** Image of x in [0, m). */
  forward(x: number): number {
    return (mulMod(this.a, x, this.m) + this.b) % this.m;
  }

  /** Pre-image of y in [0, m). */
  inverse(y: number): number {
    return mulMod(this.aInv, (y - this.b + this.m) % this.m, this.m);
  }
}

/** Index ↔ organisation number for a graph of `count` organisations. */
export class OrgNumbers {
  private readonly perm: AffinePermutation;

  constructor(
    seed: number,
    private readonly count: number,
  ) {
    this.perm = new AffinePermutation(ORG_SPACE, seed, SALT.orgNrA);
  }

  /** The 9-digit organisation number of an index (also defined for indices ≥ count). */
  toOrgNr(index: number): string {
    return String(ORG_BASE + this.perm.forward(index));
  }

  /** The index of an organisation number, or -1 when no organisation has it. */
  toIndex(orgNr: string): number {
    if (!/^9\d{8}$/.test(orgNr)) return -1;
    const index = this.perm.inverse(Number(orgNr) - ORG_BASE);
    return index < this.count ? index : -1;
  }
}
