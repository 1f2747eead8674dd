/** A web/social identity of an organisation; shared by the `identity` node and the `web_identities` extension. */
import { INFLUENCER_COUNT, INFLUENCER_NETWORK, influencerUsername } from "./influencers.js";
import { hash, type Rng } from "./prng.js";
import type { OrgCore } from "./world.js";

/** A domain-like slug of an organisation name. */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/æ/g, "ae")
    .replace(/ø/g, "o")
    .replace(/å/g, "a")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Name and payload of the n-th web identity (n = 0 is always the website). */
export function webIdentityPayload(
  rng: Rng,
  core: OrgCore,
  n: number,
): { name: string | null; payload: Record<string, unknown> } {
  const base = slug(core.label);
  const type = n === 0 ? "website" : rng.pick(["website", "facebook", "linkedin", "instagram"]);
  // An Instagram account is one of the influencer dataset's identities (`cb:identity:instagram:<username>`), as a
  // company's account on a real network would be: a target's basic data then leads to influencer ids. Taken
  // from a hash, not the generator, so that every other field keeps its value.
  const identifier =
    type === "website"
      ? `${base}${n ? `-${n}` : ""}.no`
      : type === INFLUENCER_NETWORK
        ? influencerUsername(hash(core.index, n, 0x1f) % INFLUENCER_COUNT)
        : `${base}${n}`;
  const url = type === "website" ? `https://${identifier}` : `https://www.${type}.com/${identifier}`;
  const display = rng.chance(0.1) ? null : core.name;
  return {
    name: display,
    payload: {
      identity_type: type,
      normalized_identifier: identifier,
      display_name: display,
      url: rng.chance(0.05) ? null : url,
    },
  };
}
