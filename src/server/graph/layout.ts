/**
 * Where main units and sub-units sit among the organisation indices. A fixed prefix holds the special
 * cases (one main unit with 1,200 sub-units, a few with 51–100, a few "rich" ones with ~120 edges);
 * the rest is cut into buckets of 6 indices: a main unit, its 0–5 sub-units, then stand-alone main units.
 */
import { hash, SALT } from "./prng.js";

const BUCKET = 6;
const BIG_SUBUNITS = 1200;
const MID_SUBUNITS = [60, 75, 99, 51];
const RICH_COUNT = 3;

/** Where one organisation sits. */
export interface Placement {
  /** Index of its main unit when it is a sub-unit, else -1. */
  parent: number;
  /** First sub-unit index and number of sub-units (count 0 for sub-units and single units). */
  firstSub: number;
  subCount: number;
  /** One of the few organisations with many edges of every kind. */
  rich: boolean;
}

interface Block {
  start: number;
  subs: number;
  rich: boolean;
}

/** The layout of a graph of `count` organisations. */
export class Layout {
  private readonly blocks: Block[] = [];
  private readonly prefixEnd: number;
  /** Main unit with the most sub-units. */
  readonly bigMain = 0;
  /** Main units with 51–100 sub-units. */
  readonly midMains: number[] = [];
  /** Main units with many edges. */
  readonly richMains: number[] = [];

  constructor(
    private readonly seed: number,
    readonly count: number,
  ) {
    // Small graphs get a scaled-down big unit so the prefix never fills the whole graph.
    const big = count >= 2000 ? BIG_SUBUNITS : Math.max(0, Math.min(BIG_SUBUNITS, Math.floor(count / 3)));
    let next = 0;
    const add = (subs: number, rich: boolean): void => {
      this.blocks.push({ start: next, subs, rich });
      next += subs + 1;
    };
    add(big, false);
    for (const subs of MID_SUBUNITS) {
      if (next + subs + 1 > count * 0.9) break;
      this.midMains.push(next);
      add(subs, false);
    }
    for (let r = 0; r < RICH_COUNT && next + 1 <= count * 0.9; r++) {
      this.richMains.push(next);
      add(0, true);
    }
    this.prefixEnd = Math.min(next, count);
  }

  /** Number of sub-units of bucket b (before clipping at the end of the graph). */
  private bucketSubs(b: number): number {
    const r = hash(this.seed, SALT.layout, b) % 100;
    if (r < 45) return 0;
    if (r < 65) return 1;
    if (r < 78) return 2;
    if (r < 87) return 3;
    if (r < 94) return 4;
    return 5;
  }

  /** Placement of an index in [0, count). */
  place(i: number): Placement {
    if (i < this.prefixEnd) {
      for (const block of this.blocks) {
        if (i === block.start) {
          return { parent: -1, firstSub: i + 1, subCount: block.subs, rich: block.rich };
        }
        if (i > block.start && i <= block.start + block.subs) {
          return { parent: block.start, firstSub: 0, subCount: 0, rich: false };
        }
      }
    }
    const b = Math.floor((i - this.prefixEnd) / BUCKET);
    const start = this.prefixEnd + b * BUCKET;
    const subs = Math.min(this.bucketSubs(b), this.count - start - 1);
    if (i === start) return { parent: -1, firstSub: i + 1, subCount: subs, rich: false };
    if (i - start <= subs) return { parent: start, firstSub: 0, subCount: 0, rich: false };
    return { parent: -1, firstSub: 0, subCount: 0, rich: false };
  }

  /** True when the index is a main unit. */
  isMain(i: number): boolean {
    return i >= 0 && i < this.count && this.place(i).parent < 0;
  }
}
