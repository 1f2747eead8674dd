/**
 * `entities.batch_nodes_same_as_get` on recorded exchanges: a batch of two organisations whose nodes are the
 * GET nodes passes, signing-rights fields present only in the GET answers (the Payload of `org` Rule); a node
 * that differs otherwise fails (seeded bug `multi-org-payload-empty`, in the matrix); answers from another
 * snapshot or a refused read are not judged.
 */
import { describe, expect, it } from "vitest";
import { envelope, exchange, orgNode, request, respond } from "../../checks/test-support/exchanges.js";
import type { Exchange } from "../../transport/exchange.js";
import { judgeBatchNodesSameAsGet } from "./meaning-batch-nodes.js";

type Json = ReturnType<typeof orgNode>;

const single = [orgNode(0, true), orgNode(1, true)];
const multi = [orgNode(0), orgNode(1)];
const ids = single.map((n) => n.id as string);

/** An entity read answering `nodes`, at `asOf`. */
function read(nodes: Json[], asOf = "2026-11-21T12:00:00Z", status = 200): Exchange {
  const body =
    status === 200 ? envelope({ entities: nodes, edges: [] }, { as_of: asOf }) : { error: { code: "x" } };
  return exchange("entity-batch", request("POST", "/entities/batch", {}, { ids }), respond(body, status));
}

const gets = () => single.map((n) => read([n]));

describe("entities.batch_nodes_same_as_get", () => {
  it("passes the same nodes, the signing-rights fields carried only by the single reads", () => {
    expect(Object.keys(single[0].payload as object)).toContain("signature_status");
    expect(Object.keys(multi[0].payload as object)).not.toContain("signature_status");
    expect(judgeBatchNodesSameAsGet(ids, gets(), read([multi[1], multi[0]])).status).toBe("pass");
  });

  it("fails an organisation whose node in the batch differs beyond the signing-rights fields", () => {
    const emptied = { ...multi[1], payload: {} };
    const outcome = judgeBatchNodesSameAsGet(ids, gets(), read([multi[0], emptied]));
    expect(outcome.status).toBe("fail");
    expect(outcome.failures?.[0].title).toContain(ids[1]);
  });

  it("does not judge reads of another snapshot, a refused read or a node left out (skip)", () => {
    const emptied = { ...multi[1], payload: {} };
    expect(
      judgeBatchNodesSameAsGet(ids, gets(), read([multi[0], emptied], "2026-11-22T00:00:00Z")).status,
    ).toBe("skip");
    expect(judgeBatchNodesSameAsGet(ids, gets(), read([], undefined, 503)).status).toBe("skip");
    expect(judgeBatchNodesSameAsGet(ids, gets(), read([multi[0]])).status).toBe("skip");
  });
});
