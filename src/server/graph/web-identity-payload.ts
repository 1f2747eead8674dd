/** A web/social identity of an organisation; shared by the `identity` node and the `web_identities` extension. */
import type { Rng } from "./prng.js";
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
  const identifier = type === "website" ? `${base}${n ? `-${n}` : ""}.no` : `${base}${n}`;
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
