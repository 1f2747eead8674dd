/**
 * Test keys and the accounts behind them (Authentication 1–5). Keys are fresh random strings per start, or
 * derived from a seed when one is given (so that scripts can know them in advance).
 */
import { createHash, randomBytes } from "node:crypto";
import type { ServerKeys } from "./types.js";

/** A plan tier as the server models it. */
export type Plan = "free" | "plus" | "business_plus";

/** The account (and credential) behind one test key. */
export interface Account {
  name: keyof ServerKeys;
  plan: Plan;
  revoked: boolean;
  /** Whose balance and limits apply (Authentication 5: a team key uses the team's). */
  billedTo: "personal" | "team";
  /** Id of the balance and limiter bucket this key draws on. */
  bucket: string;
  /** The user's personal balance id (top-level `credits` in `/me`). */
  personalBucket: string;
  /** Ids per entity read (Limits: 25 below Plus, 100 on Plus). */
  maxIds: number;
}

/** Starting balances in credits, by bucket. */
export const STARTING_BALANCES: Record<string, number> = {
  "user:plus": 100_000,
  "user:team-member": 250,
  "team:acme": 500_000,
  "user:free": 0,
  "user:revoked": 100,
  "user:no-credits": 0,
};

/** `cbk_<tier>_<16 hex>`: random, or the first 16 hex digits of sha256("cbcheck-key:<seed>:<name>"). */
function key(tier: string, name: keyof ServerKeys, seed: number | undefined): string {
  const hex =
    seed === undefined
      ? randomBytes(8).toString("hex")
      : createHash("sha256").update(`cbcheck-key:${seed}:${name}`).digest("hex").slice(0, 16);
  return `cbk_${tier}_${hex}`;
}

/** Keys (fresh, or derived from `seed`: same seed, same keys) and their accounts, indexed by key string. */
export function createKeys(seed?: number): { keys: ServerKeys; accounts: Map<string, Account> } {
  const keys: ServerKeys = {
    plus: key("plus", "plus", seed),
    team: key("team", "team", seed),
    free: key("free", "free", seed),
    revoked: key("plus", "revoked", seed),
    noCredits: key("plus", "noCredits", seed),
  };
  const plus = (name: keyof ServerKeys, bucket: string): Account => ({
    name,
    plan: "plus",
    revoked: name === "revoked",
    billedTo: "personal",
    bucket,
    personalBucket: bucket,
    maxIds: 100,
  });
  const accounts = new Map<string, Account>([
    [keys.plus, plus("plus", "user:plus")],
    [keys.revoked, plus("revoked", "user:revoked")],
    [keys.noCredits, plus("noCredits", "user:no-credits")],
    [
      keys.team,
      {
        name: "team",
        plan: "business_plus",
        revoked: false,
        billedTo: "team",
        bucket: "team:acme",
        personalBucket: "user:team-member",
        maxIds: 100,
      },
    ],
    [
      keys.free,
      {
        name: "free",
        plan: "free",
        revoked: false,
        billedTo: "personal",
        bucket: "user:free",
        personalBucket: "user:free",
        maxIds: 25,
      },
    ],
  ]);
  return { keys, accounts };
}
