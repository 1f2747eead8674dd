/**
 * Classifies how a candidate's response to one request differs from the base's: **breaking** (status or error
 * code changed, a field removed or retyped, fewer ids delivered, a check that passed on the base failing on the
 * candidate), **additive** (a field or items added while every check still passes), **data** (values that may
 * differ between snapshots). Bodies are compared with the structural diff of the alt-base-url suite.
 */
import type { CheckFailure } from "../../checks/check.js";
import { runChecks } from "../../checks/run-checks.js";
import { type DiffEntry, diffBodies } from "../../report/json-diff.js";
import type { Exchange } from "../../transport/exchange.js";

/** One classified difference. */
export interface Difference {
  kind: "breaking" | "additive" | "data";
  what: string;
  pointer?: string;
  base?: unknown;
  candidate?: unknown;
}

/** A list item: an index, or an id of a list aligned by id (`/data/entities/#cb:org:1`). */
const isIndex = (pointer: string) => /\/(\d+|#[^/]*)$/.test(pointer);
const listOf = (pointer: string) => pointer.replace(/\/(\d+|#[^/]*)$/, "");

/**
 * Lists of objects that all carry a distinct string `id` become objects keyed `#<id>`, so that nodes, edges and
 * candidates are compared with their namesakes, not with whatever sits at the same index.
 */
function alignById(value: unknown, depth = 0): unknown {
  if (depth > 64 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const ids = value.map((v) =>
      v && typeof v === "object" && typeof (v as { id?: unknown }).id === "string"
        ? (v as { id: string }).id
        : undefined,
    );
    if (value.length > 0 && ids.every((id) => id !== undefined) && new Set(ids).size === ids.length) {
      return Object.fromEntries(value.map((v, i) => [`#${ids[i]}`, alignById(v, depth + 1)]));
    }
    return value.map((v) => alignById(v, depth + 1));
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, alignById(v, depth + 1)]));
}
/** The `as_of` a data response carries. */
export const asOfOf = (ex: Exchange) => (ex.response?.json as { as_of?: unknown } | undefined)?.as_of;
const errorCode = (ex: Exchange) =>
  (ex.response?.json as { error?: { code?: unknown } } | undefined)?.error?.code;
const missingIds = (ex: Exchange) =>
  new Set(
    ((ex.response?.json as { coverage?: { missing?: unknown[] } } | undefined)?.coverage?.missing ?? []).map(
      String,
    ),
  );

function fromDiff(d: DiffEntry, candidateClean: boolean, sameSnapshot: boolean): Difference {
  const at = { pointer: d.pointer, base: d.a, candidate: d.b };
  // Which ids are missing follows the data (fewer delivered ids are judged on their own, above).
  if (d.pointer.startsWith("/coverage/missing")) return { kind: "data", what: "other ids missing", ...at };
  // Another snapshot (as_of differs) may hold other values, types of nullable fields and fields it does not
  // know (absent means unknown): only what a check or the status says is then breaking.
  if (!sameSnapshot && d.kind !== "added")
    return { kind: "data", what: `${d.kind} at ${d.pointer} (another snapshot)`, ...at };
  if (d.kind === "type") return { kind: "breaking", what: `type changed at ${d.pointer}`, ...at };
  if (d.kind === "removed") {
    // Fewer items in a list is a difference of data; a field gone from an object breaks clients that read it.
    return isIndex(d.pointer)
      ? { kind: "data", what: `fewer items at ${listOf(d.pointer)}`, ...at }
      : { kind: "breaking", what: `field removed at ${d.pointer}`, ...at };
  }
  if (d.kind === "added") {
    const what = isIndex(d.pointer) ? `more items at ${listOf(d.pointer)}` : `field added at ${d.pointer}`;
    return { kind: candidateClean ? "additive" : "breaking", what, ...at };
  }
  return { kind: "data", what: `value differs at ${d.pointer}`, ...at };
}

/** The check catalogue's failures on one exchange (the comparison judges large bodies on the worker). */
export type JudgeExchange = (exchange: Exchange) => readonly CheckFailure[];

/**
 * The differences between the base's and the candidate's exchange of one request; the base must have
 * answered (a pair it did not answer compares nothing: the caller does not classify it).
 */
export function classifyPair(
  base: Exchange,
  candidate: Exchange,
  ignore: readonly string[],
  /** Whether the two releases serve the same snapshot (their `as_of` when none is asked for). */
  sameSnapshot = true,
  judge: JudgeExchange = runChecks,
): Difference[] {
  const a = base.response;
  const b = candidate.response;
  if (!a) return [];
  if (!b) return [{ kind: "breaking", what: `no answer: ${candidate.transportError?.code}` }];
  if (a.status !== b.status)
    return [
      { kind: "breaking", what: `status ${a.status} → ${b.status}`, base: a.status, candidate: b.status },
    ];
  const out: Difference[] = [];
  if (errorCode(base) !== errorCode(candidate)) {
    out.push({
      kind: "breaking",
      what: "error code changed",
      pointer: "/error/code",
      base: errorCode(base),
      candidate: errorCode(candidate),
    });
  }
  const failedBase = new Set(
    judge(base)
      .filter((f) => f.severity === "error")
      .map((f) => f.checkId),
  );
  const newFailures = judge(candidate).filter((f) => f.severity === "error" && !failedBase.has(f.checkId));
  for (const f of newFailures) {
    out.push({
      kind: "breaking",
      what: `${f.checkId} passes on the base, fails on the candidate: ${f.title}`,
      pointer: f.pointer,
      candidate: f.received,
    });
  }
  // Ids the base delivered and the candidate misses: breaking for the same snapshot, data for another one.
  const lost = sameSnapshot ? [...missingIds(candidate)].filter((id) => !missingIds(base).has(id)) : [];
  if (lost.length > 0)
    out.push({
      kind: "breaking",
      what: `fewer ids delivered: ${lost.slice(0, 5).join(", ")} now missing`,
      pointer: "/coverage/missing",
      candidate: lost,
    });
  const clean = newFailures.length === 0;
  for (const d of diffBodies(a, b, ignore, alignById)) {
    // Missing ids already judged above; the lists of coverage follow them.
    if (lost.length > 0 && d.pointer.startsWith("/coverage/")) continue;
    out.push(fromDiff(d, clean, sameSnapshot));
  }
  return out;
}
