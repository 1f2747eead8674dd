/**
 * Company-to-company ownership. An owned main unit's owner is one of the 12 main units just before it,
 * so both directions are computable without storage and chains always end (indices strictly decrease).
 */
import { hash, SALT } from "./prng.js";
import type { World } from "./world.js";

const REACH = 12;

/** Index of the company owning main unit i, or -1. */
export function ownerOf(world: World, i: number): number {
  if (i <= REACH || !world.layout.isMain(i)) return -1;
  const h = hash(world.seed, SALT.owner, i);
  if (h % 100 >= 35) return -1;
  const o = i - 1 - ((h >>> 8) % REACH);
  return world.layout.isMain(o) ? o : -1;
}

/** Indices of the companies that organisation o owns directly, ascending. */
export function ownedBy(world: World, o: number): number[] {
  const out: number[] = [];
  for (let i = o + 1; i <= o + REACH && i < world.count; i++) if (ownerOf(world, i) === o) out.push(i);
  return out;
}

/** The top owner of i and how many steps up it is, or null when i has no owner. */
export function topOwner(world: World, i: number): { index: number; depth: number } | null {
  let current = ownerOf(world, i);
  if (current < 0) return null;
  let depth = 1;
  for (let up = ownerOf(world, current); up >= 0; up = ownerOf(world, up)) {
    current = up;
    depth++;
  }
  return { index: current, depth };
}
