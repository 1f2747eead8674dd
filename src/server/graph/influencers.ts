/**
 * The `influencer` dataset: identities `cb:identity:instagram:<username>` with usernames built as
 * `<first>.<last>[<k>]` from the name lists, so a username turns back into its index in O(1).
 */
import type { GraphNode } from "./graph.js";
import { Rng, SALT } from "./prng.js";
import { capitalise, FIRST_NAMES, LAST_NAMES } from "./words.js";

/** The one social network of the dataset. */
export const INFLUENCER_NETWORK = "instagram";
/** Number of influencer identities. */
export const INFLUENCER_COUNT = 20_000;
const PAIRS = FIRST_NAMES.length * LAST_NAMES.length;
const USERNAME = /^([a-z]+)\.([a-z]+)([1-9]\d{0,3})?$/;

/** Username of an index. */
export function influencerUsername(k: number): string {
  const pair = k % PAIRS;
  const round = Math.floor(k / PAIRS);
  const first = FIRST_NAMES[pair % FIRST_NAMES.length];
  const last = LAST_NAMES[Math.floor(pair / FIRST_NAMES.length)];
  return `${first}.${last}${round > 0 ? round : ""}`;
}

/** Index of a username, or -1. */
function influencerIndex(username: string): number {
  const m = USERNAME.exec(username);
  if (!m) return -1;
  const f = FIRST_NAMES.indexOf(m[1]);
  const l = LAST_NAMES.indexOf(m[2]);
  if (f < 0 || l < 0) return -1;
  const k = (m[3] ? Number(m[3]) : 0) * PAIRS + l * FIRST_NAMES.length + f;
  return k < INFLUENCER_COUNT ? k : -1;
}

/** The influencer node of an id, or undefined. */
export function influencerNode(seed: number, id: string): GraphNode | undefined {
  const prefix = `cb:identity:${INFLUENCER_NETWORK}:`;
  if (!id.startsWith(prefix)) return undefined;
  const username = id.slice(prefix.length);
  const k = influencerIndex(username);
  if (k < 0) return undefined;
  const rng = new Rng(seed, SALT.influencer, k);
  const fullName = rng.chance(0.1) ? null : username.replace(/\d+$/, "").split(".").map(capitalise).join(" ");
  const count = (max: number): number | null => (rng.chance(0.05) ? null : Math.floor(max * rng.next() ** 3));
  return {
    id,
    type: "identity",
    name: fullName,
    payload: {
      username,
      full_name: fullName,
      followers_count: count(5_000_000),
      following_count: count(5_000),
      posts_count: count(10_000),
      is_private: rng.chance(0.05) ? null : rng.chance(0.1),
    },
  };
}
