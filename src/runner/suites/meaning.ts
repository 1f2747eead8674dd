/**
 * Meaning steps of the `schema` suite: what an operation means where one exchange cannot show it, judged
 * from two calls whose answers the contract relates (src/verdicts/meaning.ts). Resolving a known
 * organisation by its exact identifier finds it; a batch of one id gives the same `data` as GET
 * /entities/{id} for it. Both read the first fixture organisation; without one they are skipped.
 */
import { EXTENSION_NAMES } from "../../contract/vocabulary.js";
import { diffJson, formatDiff } from "../../report/json-diff.js";
import type { Exchange } from "../../transport/exchange.js";
import { MEANING } from "../../verdicts/meaning.js";
import type { TargetFixtures } from "../../vocabulary/target-fixtures.js";
import { judgeAndRecord } from "../judge-record.js";
import type { SuiteContext } from "../suite.js";
import { recordVerdict } from "./expect.js";
import { entityBatch, entityGet, resolve } from "./samples.js";

type Body = Record<string, unknown>;

/** The organisation the steps read, when the fixtures hold one of the form `cb:org:<9 digits>`. */
const orgOf = (fx: TargetFixtures): string | undefined => fx.org_ids.find((id) => /^cb:org:\d{9}$/.test(id));

/** Case keys of the steps (`--shard` draws them like any case), each sending two calls. */
const STEP_KEYS = ["meaning:resolve-exact", "meaning:batch-same-as-get"] as const;

/** The calls the steps of this shard send: two resolves (org number, node id), the GET/batch pair. */
export function meaningCalls(fixtures: TargetFixtures, inShard: (key: string) => boolean): number {
  if (!orgOf(fixtures)) return 0;
  return STEP_KEYS.filter((key) => inShard(key)).length * 2;
}

/** The JSON object of a 200 answer, else undefined. */
function okBody(ex: Exchange): Body | undefined {
  const json = ex.response?.status === 200 ? ex.response.json : undefined;
  return typeof json === "object" && json !== null && !Array.isArray(json) ? (json as Body) : undefined;
}

const statusOf = (ex: Exchange) => ex.response?.status ?? ex.transportError?.code ?? "no response";

/** Candidate ids of a resolve answer. */
function candidateIds(body: Body): unknown[] {
  return Array.isArray(body.data) ? body.data.map((c) => (c as Body | null)?.id) : [];
}

/**
 * Resolve by the organisation number and by the node id (both always sent, so the plan is exact); either
 * finding the organisation passes.
 */
async function resolveExact(ctx: SuiteContext, org: string): Promise<void> {
  const verdict = MEANING.resolveExactIdentifier;
  const answers: Exchange[] = [];
  for (const query of [org.slice("cb:org:".length), org]) {
    const ex = await ctx.send(resolve(query));
    judgeAndRecord(ctx, ex);
    answers.push(ex);
  }
  const found = answers.find((ex) => candidateIds(okBody(ex) ?? {}).includes(org));
  if (found) {
    ctx.record({ verdict, status: "pass", exchange: found });
    return;
  }
  const last = answers[answers.length - 1];
  if (!answers.some((ex) => okBody(ex))) {
    const message = `resolve answered ${answers.map(statusOf).join(" and ")}: no candidates to look at`;
    ctx.record({ verdict, status: "inconclusive", message, exchange: last });
    return;
  }
  ctx.record({
    verdict,
    status: "warn",
    exchange: last,
    failures: [
      {
        checkId: verdict.id,
        severity: "warning",
        title: `resolving the known organisation ${org} by its exact identifier found no candidate with that id`,
        pointer: "/data",
        expected: `a candidate with id "${org}" for the query "${org.slice(7)}" or "${org}"`,
        received: answers
          .map((ex) => JSON.stringify(candidateIds(okBody(ex) ?? {})).slice(0, 100))
          .join("; "),
      },
    ],
  });
}

/** `data` with its nodes and edges in id order (the contract states no order), and `truncated`. */
function comparable(body: Body): unknown {
  const data = { ...(body.data as Body) };
  const byId = (x: unknown, y: unknown) =>
    String((x as Body | null)?.id).localeCompare(String((y as Body | null)?.id));
  for (const key of ["entities", "edges"])
    if (Array.isArray(data[key])) data[key] = [...(data[key] as unknown[])].sort(byId);
  return { data, truncated: body.truncated };
}

/** GET /entities/{id} and a batch of that one id, both with every edge and extension, compared. */
async function batchSameAsGet(ctx: SuiteContext, org: string): Promise<void> {
  const verdict = MEANING.batchSameAsGet;
  const include = ["*"];
  const extend = [...EXTENSION_NAMES];
  const get = await ctx.send(
    entityGet(org, { include: JSON.stringify(include), extend: JSON.stringify(extend) }),
  );
  judgeAndRecord(ctx, get);
  const batch = await ctx.send(entityBatch({ ids: [org], include, extend }));
  judgeAndRecord(ctx, batch);
  const a = okBody(get);
  const b = okBody(batch);
  if (!a || !b || typeof a.data !== "object" || typeof b.data !== "object") {
    const message = `both reads must answer 200 to be compared (GET ${statusOf(get)}, batch ${statusOf(batch)})`;
    ctx.record({ verdict, status: "inconclusive", message, exchange: batch });
    return;
  }
  if (a.as_of !== b.as_of) {
    const message = `the two reads answered different snapshots (as_of ${String(a.as_of)} and ${String(b.as_of)})`;
    ctx.record({ verdict, status: "inconclusive", message, exchange: batch });
    return;
  }
  const diff = diffJson(comparable(a), comparable(b));
  const problems =
    diff.length === 0
      ? []
      : [
          {
            title: `a batch of one id answers other data than GET /entities/{id} for ${org}`,
            pointer: diff[0].pointer,
            expected: "the same data and truncated as GET /entities/{id} (nodes and edges in any order)",
            received: formatDiff(diff.slice(0, 8)),
          },
        ];
  recordVerdict(ctx, verdict, batch, problems);
}

/** Runs the meaning steps (the plan counts `meaningCalls`). */
export async function judgeMeaning(ctx: SuiteContext): Promise<void> {
  const org = orgOf(ctx.fixtures);
  if (!org) {
    const message = "no organisation id (cb:org:<9 digits>) in the fixtures";
    for (const verdict of Object.values(MEANING)) ctx.record({ verdict, status: "skip", message });
    return;
  }
  if (ctx.inShard(STEP_KEYS[0])) await resolveExact(ctx, org);
  if (ctx.inShard(STEP_KEYS[1])) await batchSameAsGet(ctx, org);
}
