/**
 * The pure judges of the `schema` suite's meaning steps (meaning.ts sends, these decide): each takes the
 * recorded exchanges and returns the outcome to record, so that every reading they accept is shown by a test
 * on plain exchanges.
 */
import { failure } from "../../checks/support/failure.js";
import { diffJson, formatDiff } from "../../report/json-diff.js";
import type { Exchange } from "../../transport/exchange.js";
import { MEANING } from "../../verdicts/meaning.js";
import type { Outcome } from "../suite.js";
import { outcomeOf } from "./expect.js";

type Body = Record<string, unknown>;

/** The JSON object of a 200 answer, else undefined. */
function okBody(ex: Exchange): Body | undefined {
  const json = ex.response?.status === 200 ? ex.response.json : undefined;
  return typeof json === "object" && json !== null && !Array.isArray(json) ? (json as Body) : undefined;
}

const statusOf = (ex: Exchange) => ex.response?.status ?? ex.transportError?.code ?? "no response";

/** Candidate ids of a resolve answer. */
function candidateIds(ex: Exchange): unknown[] {
  const data = okBody(ex)?.data;
  return Array.isArray(data) ? data.map((c) => (c as Body | null)?.id) : [];
}

/** Candidates a resolve step asks for: the contract's most, so that few other matches can crowd one out. */
export const RESOLVE_LIMIT = 50;

/**
 * `resolve.exact_identifier_found` on the answers to the organisation number and the node id of `org`: either
 * listing `org` passes (which identifiers count is not stated, and the node id is one by the contract's
 * Identifiers section); neither is a failure. Not judged (skip, never inconclusive, so that a conforming 503
 * does not make the run incomplete): no usable 200 at all, or a page full at the limit, since how candidates
 * rank is not shown and others may come first.
 */
export function judgeExactResolve(org: string, answers: Exchange[]): Outcome {
  const verdict = MEANING.resolveExactIdentifier;
  const found = answers.find((ex) => candidateIds(ex).includes(org));
  if (found) return { verdict, status: "pass", exchange: found };
  const last = answers[answers.length - 1];
  const usable = answers.filter((ex) => okBody(ex) && candidateIds(ex).length < RESOLVE_LIMIT);
  if (usable.length === 0) {
    const why = answers.some((ex) => okBody(ex))
      ? `every page was full (${RESOLVE_LIMIT} candidates), so others may rank before it`
      : `resolve answered ${answers.map(statusOf).join(" and ")}, no candidates to look at`;
    return { verdict, status: "skip", message: `not judged: ${why}`, exchange: last };
  }
  const nr = org.slice("cb:org:".length);
  return outcomeOf(verdict, usable[usable.length - 1], [
    {
      title: `resolving the known organisation ${org} by its exact identifier found no candidate with that id`,
      pointer: "/data",
      expected: `a candidate with id "${org}" for the query "${nr}" or "${org}"`,
      received: answers.map((ex) => JSON.stringify(candidateIds(ex)).slice(0, 100)).join("; "),
    },
  ]);
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

/**
 * `entities.batch_same_as_get` on GET /entities/{id} and a batch of that one id: the same `data` and
 * `truncated` (nodes and edges in any order). Equal data passes; other data is compared only when both answer
 * 200 with `data` and the same `as_of` (another snapshot may hold other data, and a target may stamp every
 * answer with the time of reading): otherwise not judged (skip), never inconclusive, so that a conforming
 * target's run is not made incomplete.
 */
export function judgeBatchSameAsGet(org: string, get: Exchange, batch: Exchange): Outcome {
  const verdict = MEANING.batchSameAsGet;
  const a = okBody(get);
  const b = okBody(batch);
  if (!a || !b || typeof a.data !== "object" || typeof b.data !== "object") {
    const message = `not judged: both reads must answer 200 with data (GET ${statusOf(get)}, batch ${statusOf(batch)})`;
    return { verdict, status: "skip", message, exchange: batch };
  }
  const diff = diffJson(comparable(a), comparable(b));
  if (diff.length === 0) return { verdict, status: "pass", exchange: batch };
  if (a.as_of !== b.as_of) {
    const message = `not judged: the two reads answered different snapshots (as_of ${String(a.as_of)} and ${String(b.as_of)})`;
    return { verdict, status: "skip", message, exchange: batch };
  }
  return outcomeOf(verdict, batch, [
    {
      title: `a batch of one id answers other data than GET /entities/{id} for ${org}`,
      pointer: diff[0].pointer,
      expected: "the same data and truncated as GET /entities/{id} (nodes and edges in any order)",
      received: formatDiff(diff.slice(0, 8)),
    },
  ]);
}

/** `truncated` of a 200 resolve answer and its number of candidates; undefined when not a 200 with both. */
export function resolvePage(ex: Exchange | undefined): { truncated: boolean; count: number } | undefined {
  const body = ex ? okBody(ex) : undefined;
  if (!body || typeof body.truncated !== "boolean" || !Array.isArray(body.data)) return undefined;
  return { truncated: body.truncated, count: body.data.length };
}

/**
 * `resolve.truncated_when_limit_cuts`: `whole` is a read at `limit` 50, `page` a read of the same query at
 * `limit` 1. When the whole read shows more candidates than the page holds (two or more against one, or any
 * against none), the page was cut; `truncated` false there is a warning (not a failure: whether a cut at the
 * limit the client asked for is "output was cut" can be read both ways, docs/contract-rules.md; an empty page
 * is cut below that limit, but the candidates may have changed between the two reads). Not judged: a page
 * that holds as many candidates as the whole read, or non-200 answers.
 */
export function judgeResolveLimitCut(whole: Exchange, page: Exchange): Outcome {
  const verdict = MEANING.resolveTruncatedWhenLimitCuts;
  const all = resolvePage(whole);
  const cut = resolvePage(page);
  if (!all || !cut || cut.count > 1 || all.count <= cut.count) {
    const message = `not judged: no read at limit ${RESOLVE_LIMIT} with more candidates than the page at limit 1 (${statusOf(whole)}, ${statusOf(page)})`;
    return { verdict, status: "skip", message, exchange: page };
  }
  if (cut.truncated) return { verdict, status: "pass", exchange: page };
  const warning = failure(verdict, {
    severity: "warning",
    title:
      cut.count === 0
        ? "resolve answered no candidate at limit 1 though a read at 50 had some, and says truncated false"
        : "resolve cut its candidates at the client's limit and says truncated false",
    pointer: "/truncated",
    expected: `true, if a cut at the client's limit counts as cut output: limit 1 returned ${cut.count} of at least ${all.count} candidates (limit ${RESOLVE_LIMIT})`,
    received: "false",
  });
  return { verdict, status: "warn", exchange: page, failures: [warning] };
}

/**
 * `resolve.truncated_only_when_cut`: `whole` is a read at `limit` 50 that holds every candidate (n < 50, not
 * truncated), `page` a read of the same query at `limit` n, which cuts nothing: its `truncated` must be false.
 * A page that says true is judged against `again`, a second read at 50: only when that still holds every
 * candidate in n or fewer is the claim false (otherwise candidates came in between: not judged). Not judged
 * either: a query with no candidate or 50 or more, a whole read that is itself truncated, or non-200 answers.
 */
export function judgeResolveTruncated(whole: Exchange, page?: Exchange, again?: Exchange): Outcome {
  const verdict = MEANING.resolveTruncatedOnlyWhenCut;
  const all = resolvePage(whole);
  if (!all || all.truncated || all.count === 0 || all.count >= RESOLVE_LIMIT || !page) {
    const message = "not judged: no read at limit 50 that holds between 1 and 49 candidates, not truncated";
    return { verdict, status: "skip", message, exchange: whole };
  }
  const cut = resolvePage(page);
  if (!cut) return { verdict, status: "skip", message: `not judged: ${statusOf(page)}`, exchange: page };
  if (!cut.truncated) return { verdict, status: "pass", exchange: page };
  const confirmed = resolvePage(again);
  if (!confirmed || confirmed.truncated || confirmed.count > all.count) {
    const message = "not judged: the candidates changed between the reads";
    return { verdict, status: "skip", message, exchange: page };
  }
  return outcomeOf(verdict, page, [
    {
      title: `resolve says truncated although its limit (${all.count}) holds every candidate of the query`,
      pointer: "/truncated",
      expected: `false: at limit ${RESOLVE_LIMIT} the query has ${all.count} candidates, twice not truncated`,
      received: "true",
    },
  ]);
}
