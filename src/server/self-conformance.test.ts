/**
 * The reference server judged by the harness itself: generated valid requests of every operation and every
 * case of the coverage phase, each response validated by the schema registry and the whole check catalogue,
 * and each answered as the oracle of its class expects.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChecks } from "../checks/run-checks.js";
import { type SchemaName, validateAs } from "../contract/registry.js";
import { GENERATED_OPERATIONS, inputCases, validRequests } from "../generate/index.js";
import type { Exchange } from "../transport/exchange.js";
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import { startServer } from "./index.js";
import { sendPlanned } from "./test-support/send-planned.js";
import type { RunningServer } from "./types.js";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    seed: 7,
    orgs: 2000,
    rateLimit: 1_000_000,
    callsPerDay: 1_000_000,
    recordsPerDay: 1e9,
  });
});
afterAll(() => server.close());

function errors(exchange: Exchange) {
  return runChecks(exchange).filter((f) => f.severity === "error");
}

function schemaOf(x: Exchange): SchemaName | undefined {
  const status = x.response?.status ?? 0;
  if (status >= 400) return "error";
  if (x.operation === "resolve") return "resolve-response";
  if (x.operation === "me") return "me";
  if (x.operation === "entity-get" || x.operation === "entity-batch") {
    return /influencer/.test(JSON.stringify(x.request)) ? undefined : "entities-response";
  }
  if (x.operation === "search" || x.operation === "traversals" || x.operation === "usage") return "envelope";
  return undefined;
}

async function judged(planned: PlannedRequest): Promise<Exchange> {
  const x = await sendPlanned(server, planned);
  expect(x.response?.status, `${planned.method} ${planned.path}`).toBeLessThan(500);
  const found = errors(x);
  // The request is spelled out only for a failure: writing every batch body out was a second of this file.
  const what = found.length > 0 ? JSON.stringify(planned.query ?? planned.body ?? {}) : "";
  expect(found, `${planned.method} ${planned.path} ${what}`).toEqual([]);
  const schema = schemaOf(x);
  if (schema) expect(validateAs(schema, x.response?.json), schema).toEqual([]);
  return x;
}

describe("self-conformance", () => {
  it.each([...GENERATED_OPERATIONS])("generated valid %s requests pass every check", async (operation) => {
    const arb = validRequests(operation, server.fixtures, { allowCredits: true });
    await fc.assert(
      fc.asyncProperty(arb, async (planned) => {
        const x = await judged(planned);
        expect(x.response?.status).toBe(200);
      }),
      { numRuns: 40, seed: 20261121 },
    );
  });

  it("answers every coverage case as its class requires: valid 200, invalid 400 (413), open 200 or 400", async () => {
    for (const op of ["resolve", "entity-get", "entity-batch"] as const) {
      for (const c of inputCases(op, server.fixtures, { allowCredits: true, maxPairwise: 20 })) {
        const x = await judged(c.request);
        const status = x.response?.status;
        if (c.class === "valid") expect(status, c.name).toBe(200);
        if (c.class === "open") expect([200, 400], c.name).toContain(status);
        if (c.class !== "invalid") continue;
        expect(status, c.name).toBe(c.expectStatus);
        if (c.expectStatus === 400)
          expect((x.response?.json as { error?: { code?: string } } | undefined)?.error?.code).toBe(
            "invalid_arguments",
          );
      }
    }
  });

  it("passes the checks on the operations the generators do not cover and on error paths", async () => {
    const org = server.fixtures.org_ids[0];
    const requests: PlannedRequest[] = [
      { operation: "usage", method: "GET", path: "/usage" },
      {
        operation: "search",
        method: "POST",
        path: "/search",
        body: { json: { municipality: "OSLO", limit: 5 } },
      },
      {
        operation: "traversals",
        method: "POST",
        path: "/traversals",
        body: { json: { seeds: [org], hops: 3 } },
      },
      { operation: "entity-get", method: "GET", path: `/entities/${encodeURIComponent(org)}`, key: "free" },
      { operation: "entity-get", method: "GET", path: `/entities/${encodeURIComponent(org)}`, key: "none" },
      { operation: "resolve", method: "GET", path: "/resolve", query: { query: "a" }, key: "invalid" },
      { operation: "me", method: "GET", path: "/me", key: "free" },
      { operation: "capabilities", method: "GET", path: "/capabilities", key: "free" },
      { operation: "other", method: "GET", path: "/nope" },
      { operation: "resolve", method: "DELETE", path: "/resolve" },
      {
        operation: "entity-batch",
        method: "POST",
        path: "/entities/batch",
        body: {
          json: {
            ids: [server.fixtures.main_unit_with_many_subunits, ...server.fixtures.org_ids.slice(1, 5)],
            include: ["*"],
            extend: ["financial_history", "subunits", "web_identities", "group_parent"],
          },
        },
      },
      {
        operation: "entity-batch",
        method: "POST",
        path: "/entities/batch",
        base: "alt",
        body: { json: { ids: server.fixtures.influencer_ids, dataset: "influencer" } },
      },
    ];
    for (const r of requests) await judged(r);
  });

  it("pages the edges of a busy node with cursors that pass the checks", async () => {
    const id = server.fixtures.main_unit_with_many_subunits;
    let cursor: unknown = null;
    const seen = new Set<number>();
    for (let i = 0; i < 10; i++) {
      const json: Record<string, unknown> = { ids: [id], include: ["*"] };
      if (cursor) json.cursor = cursor;
      const x = await judged({
        operation: "entity-batch",
        method: "POST",
        path: "/entities/batch",
        body: { json },
      });
      const body = x.response?.json as { cursor: unknown; data: { edges: { id: number }[] } };
      for (const e of body.data.edges) {
        expect(seen.has(e.id)).toBe(false);
        seen.add(e.id);
      }
      cursor = body.cursor;
      if (cursor === null) break;
    }
  });
});
