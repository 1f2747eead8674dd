/** Fixtures shaped like a real target's, shared by the generator tests. */
import type { TargetFixtures } from "../../vocabulary/target-fixtures.js";

/** Known ids of a small target, one over-long query (which must never be sent) and influencer ids. */
export function sampleFixtures(): TargetFixtures {
  return {
    known_ids: ["cb:org:923609016", "cb:person:abc123", "cb:org:914778271"],
    org_ids: ["cb:org:923609016", "cb:org:914778271"],
    subunit_ids: ["cb:org:973152351"],
    missing_ids: ["cb:org:000000000"],
    influencer_ids: ["cb:identity:instagram:acme.no", "cb:identity:instagram:nordic_1"],
    resolve_queries: ["Equinor ASA", "923609016", "Ø".repeat(301)],
  };
}

/** A target about which nothing is known. */
export { emptyFixtures } from "../../vocabulary/target-fixtures.js";
