/** Examples for the checks of what a request parameter means: dataset, as_of, the nodes asked for. */
import type { Exchange } from "../../../transport/exchange.js";
import {
  exchange,
  influencerExchange,
  mutate,
  request,
  respond,
  smallBatch,
  withBody,
} from "../exchanges.js";
import type { CheckExample } from "./example.js";

/** The same exchange with `as_of` added to its batch body. */
export function askingAsOf(x: Exchange, asOf: string): Exchange {
  return withBody(x, { ...JSON.parse(x.request.body ?? "{}"), as_of: asOf });
}

/** The same exchange with a response `Date` header. */
export function dated(x: Exchange, date: string): Exchange {
  if (!x.response) return x;
  return { ...x, response: { ...x.response, headers: { ...x.response.headers, date } } };
}

/** A `/me` answer whose credential resets at `day` and `month`. */
function me(day: string, month: string): Exchange {
  const credential = {
    billed_to: "personal",
    credits: 100,
    limits: { calls_per_day: 10000 },
    used: { day: { calls: 1 }, month: { calls: 1 } },
    resets: { day, month },
  };
  return exchange("me", request("GET", "/me"), respond({ api_access: true, credits: 100, credential }));
}

/** Examples keyed by check id. */
export const BEHAVIOUR_EXAMPLES: Record<string, CheckExample> = {
  "dataset.response_matches_request": {
    pass: influencerExchange(2),
    fail: mutate(influencerExchange(2), (j) => {
      j.data.edges = [];
    }),
    severity: "error",
  },
  "cost.units_count_edges_and_extensions": {
    pass: smallBatch(),
    fail: mutate(smallBatch(), (j) => {
      j.cost.units = 1;
    }),
    severity: "warning",
  },
  "edges.within_active_predicates": {
    pass: smallBatch(),
    // Two edges leave and two enter the first node, which counts one: too many in every reading.
    fail: mutate(smallBatch(), (j) => {
      const node = j.data.entities[0];
      node.active_predicates = { HAS_ROLE: 1 };
      const edge = (id: number, src: string, dst: string) => ({ ...j.data.edges[0], id, src, dst });
      j.data.edges.push(
        edge(10, node.id, "cb:person:p10"),
        edge(11, "cb:person:p11", node.id),
        edge(12, "cb:person:p12", node.id),
      );
    }),
    severity: "error",
  },
  "ext.group_parent_above_company": {
    pass: smallBatch(),
    fail: mutate(smallBatch(), (j) => {
      const org = Object.keys(j.data.extensions.group_parent)[0];
      j.data.extensions.group_parent[org] = { id: `cb:org:${org}`, org_nr: org, depth: 1, name: null };
    }),
    severity: "error",
  },
  "me.resets_at_utc_boundaries": {
    pass: me("2026-11-22T00:00:00Z", "2026-12-01T01:00:00+01:00"),
    // Midnight in Oslo, not in UTC.
    fail: me("2026-11-22T00:00:00+01:00", "2026-12-01T00:00:00Z"),
    severity: "warning",
  },
  "me.day_reset_next_or_last": {
    pass: dated(me("2026-11-22T00:00:00Z", "2026-12-01T00:00:00Z"), "Sat, 21 Nov 2026 12:00:00 GMT"),
    // Yesterday's midnight: neither the next reset nor the last one.
    fail: dated(me("2026-11-20T00:00:00Z", "2026-12-01T00:00:00Z"), "Sat, 21 Nov 2026 12:00:00 GMT"),
    severity: "warning",
  },
  "me.resets_within_a_month": {
    pass: dated(me("2026-11-22T00:00:00Z", "2026-12-01T00:00:00Z"), "Sat, 21 Nov 2026 12:00:00 GMT"),
    // The month's reset put at the first of the month before: the last reset is November 1st.
    fail: dated(me("2026-11-22T00:00:00Z", "2026-10-01T00:00:00Z"), "Sat, 21 Nov 2026 12:00:00 GMT"),
    severity: "warning",
  },
  "me.personal_key_personal_balance": {
    pass: me("2026-11-22T00:00:00Z", "2026-12-01T00:00:00Z"),
    fail: mutate(me("2026-11-22T00:00:00Z", "2026-12-01T00:00:00Z"), (j) => {
      j.credits = 0;
    }),
    severity: "error",
  },
  "entities.nodes_requested": {
    pass: smallBatch(),
    fail: mutate(smallBatch(), (j) => {
      j.data.entities.push({
        id: "cb:person:p999",
        type: "person",
        name: null,
        payload: { uid: null, name: null, birth_year: null },
      });
    }),
    severity: "error",
  },
};
