/**
 * Suite `http`: routes and methods the contract does not serve, the ones it names without their request
 * (GET /usage, POST /search, POST /traversals: served, not 404/405), the JSON content type of responses,
 * the error body on every error status, and the content coding of an answer to `Accept-Encoding: gzip`.
 */
import { HTTP } from "../../verdicts/access.js";
import { judgeAndRecord } from "../judge-record.js";
import type { Suite, SuiteContext } from "../suite.js";
import { expectError, recordVerdict } from "./expect.js";
import { GZIP_PROBE_CALLS, gzipProbe } from "./gzip-probe.js";
import { dataSamples } from "./samples.js";
import { STATED_ROUTES, statedRouteProblems } from "./stated-routes.js";

/** Data calls, so that `http.json_content_type` and `http.json_body` judge every operation. */
async function dataCalls(ctx: SuiteContext): Promise<void> {
  for (const request of dataSamples(ctx.fixtures)) {
    if (!ctx.inShard(`data:${request.operation}`)) continue;
    judgeAndRecord(ctx, await ctx.send(request));
  }
}

const ROUTES = ["/cbcheck-no-such-route", "/entities", "/resolve/extra/segments"];

function wrongMethods(fixtures: SuiteContext["fixtures"]) {
  const id = encodeURIComponent(fixtures.known_ids[0] ?? "cb:org:000000000");
  return [
    { method: "POST", path: "/resolve", operation: "resolve" as const },
    { method: "DELETE", path: "/entities/batch", operation: "entity-batch" as const },
    { method: "PUT", path: `/entities/${id}`, operation: "entity-get" as const },
  ];
}

/** The `http` suite. */
export const httpSuite: Suite = {
  name: "http",
  description:
    "unknown route 404, wrong method 405, the operations whose request is not shown routed, JSON content type, error body on every error status, gzip when asked",
  // The cases of the shard only, with the keys run() draws them by (a monitor's slices are shards).
  plan: ({ fixtures, inShard }) => ({
    calls:
      ROUTES.filter((path) => inShard(`404:${path}`)).length +
      wrongMethods(fixtures).filter((m) => inShard(`405:${m.method}:${m.path}`)).length +
      dataSamples(fixtures).filter((r) => inShard(`data:${r.operation}`)).length +
      STATED_ROUTES.filter((r) => inShard(`stated:${r.path}`)).length +
      (inShard("gzip:resolve") ? GZIP_PROBE_CALLS : 0),
    reserve: 0,
    credits: 0,
  }),
  async run(ctx) {
    for (const path of ROUTES) {
      if (!ctx.inShard(`404:${path}`)) continue;
      const ex = await ctx.send({ operation: "other", method: "GET", path });
      expectError(ctx, HTTP.notFound, ex, { status: 404 });
    }
    for (const m of wrongMethods(ctx.fixtures)) {
      if (!ctx.inShard(`405:${m.method}:${m.path}`)) continue;
      const ex = await ctx.send({
        operation: m.operation,
        method: m.method,
        path: m.path,
        query: { query: "a" },
      });
      expectError(ctx, HTTP.wrongMethod, ex, { status: 405 });
    }
    for (const request of STATED_ROUTES) {
      if (!ctx.inShard(`stated:${request.path}`)) continue;
      const ex = await ctx.send(request);
      judgeAndRecord(ctx, ex);
      recordVerdict(ctx, HTTP.statedRouteServed, ex, statedRouteProblems(ex));
    }
    await dataCalls(ctx);
    await gzipProbe(ctx);
  },
};
