/**
 * The report of a `cbcheck compare`, built from what the comparison recorded: one row per operation and
 * kind of difference (breaking fails, additive warns, data is listed), example pairs as counterexamples with
 * a curl line, the differences by kind and operation in `details`. Pure: it sends, prints and writes nothing.
 */
import { toCurl } from "../../report/curl.js";
import type { CheckResult, CommandResult, Counterexample, Report } from "../../report/model.js";
import { summarise } from "../../report/summarise.js";
import { decideVerdict } from "../../report/verdict.js";
import type { Exchange } from "../../transport/exchange.js";
import { buildPath } from "../../transport/send.js";
import { COMPARE } from "../../verdicts/compare.js";
import { VERSION } from "../../version.js";
import type { Difference } from "./classify.js";

/** Example pairs kept per kind and operation. */
const EXAMPLES = 3;

/** The differences of one kind on one operation: how many, and the first few with the candidate's exchange. */
interface Found {
  differences: number;
  examples: { d: Difference; ex: Exchange }[];
}

/** What a comparison found, tallied as the pairs come: pairs compared and differences per operation. */
export class CompareTally {
  /** Pairs compared per operation (a pair where neither release answered compares nothing). */
  readonly pairs = new Map<string, number>();
  readonly #found = new Map<string, Found>();

  /** Adds the differences of one compared pair. */
  add(operation: string, differences: readonly Difference[], candidate: Exchange): void {
    this.pairs.set(operation, (this.pairs.get(operation) ?? 0) + 1);
    for (const d of differences) {
      const key = `${d.kind}\u0000${operation}`;
      const slot = this.#found.get(key) ?? { differences: 0, examples: [] };
      slot.differences++;
      if (slot.examples.length < EXAMPLES) slot.examples.push({ d, ex: candidate });
      this.#found.set(key, slot);
    }
  }

  /** The differences of `kind` on `operation`, if any. */
  found(kind: Difference["kind"], operation: string): Found | undefined {
    return this.#found.get(`${kind}\u0000${operation}`);
  }

  /** Every kind and operation with differences, as `details.differences` lists them. */
  entries(): [string, Found][] {
    return [...this.#found].map(([key, slot]) => [key.replace("\u0000", " "), slot]);
  }
}

/** What a finished comparison recorded. */
export interface CompareRecord {
  baseUrl: string;
  candidateUrl: string;
  seed: number;
  ignore: readonly string[];
  startedAt: string;
  finishedAt: string;
  calls: number;
  tally: CompareTally;
  secrets: string[];
}

function urlOf(ex: Exchange): string {
  return `${new URL(ex.request.baseUrl).origin}${buildPath(ex.request.baseUrl, ex.request.path, ex.request.query)}`;
}

function counterexample(d: Difference, ex: Exchange): Counterexample {
  const request = {
    method: ex.request.method,
    url: urlOf(ex),
    headers: ex.request.headers,
    ...(ex.request.body !== undefined ? { body: ex.request.body } : {}),
  };
  const show = (v: unknown) => (v === undefined ? undefined : typeof v === "string" ? v : JSON.stringify(v));
  const base = show(d.base);
  const candidate = show(d.candidate);
  return {
    title: d.what,
    ...(d.pointer ? { pointer: d.pointer } : {}),
    ...(base !== undefined ? { expected: `base: ${base}` } : {}),
    ...(candidate !== undefined ? { received: `candidate: ${candidate}` } : {}),
    request,
    ...(ex.response ? { status: ex.response.status } : {}),
    curl: toCurl(request),
  };
}

/** The three rows of one operation: breaking, additive, data. */
function rowsOf(tally: CompareTally, operation: string): CheckResult[] {
  const compared = tally.pairs.get(operation) ?? 0;
  const row = (
    v: (typeof COMPARE)[keyof typeof COMPARE],
    status: "pass" | "fail" | "warn",
    slot: Found | undefined,
    note?: string,
  ): CheckResult => ({
    id: v.id,
    suite: "compare",
    operation,
    status,
    sentence: v.sentence,
    section: v.section,
    exchanges: compared,
    ...(note ? { message: note } : {}),
    counterexamples:
      status === "pass" ? [] : (slot?.examples ?? []).map(({ d, ex }) => counterexample(d, ex)),
  });
  const breaking = tally.found("breaking", operation);
  const additive = tally.found("additive", operation);
  const data = tally.found("data", operation);
  return [
    row(
      COMPARE.noBreakingChange,
      breaking ? "fail" : "pass",
      breaking,
      breaking ? `${breaking.differences} breaking difference(s)` : undefined,
    ),
    row(
      COMPARE.additiveChange,
      additive ? "warn" : "pass",
      additive,
      additive ? `${additive.differences} additive difference(s)` : undefined,
    ),
    row(
      COMPARE.dataChange,
      "pass",
      data,
      data ? `${data.differences} data difference(s) (values of the snapshot)` : "no data differences",
    ),
  ];
}

/** The report of a finished comparison, and the keys no output may show. */
export function buildCompareReport(run: CompareRecord): CommandResult {
  const operations = [...run.tally.pairs.keys()];
  const results = operations.flatMap((operation) => rowsOf(run.tally, operation));
  const differences = Object.fromEntries(
    run.tally.entries().map(([key, slot]) => [
      key,
      {
        count: slot.differences,
        examples: slot.examples.map(({ d }) => ({
          what: d.what,
          pointer: d.pointer,
          base: d.base,
          candidate: d.candidate,
        })),
      },
    ]),
  );
  const report: Report = {
    tool: "cbcheck",
    version: VERSION,
    command: "compare",
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    seed: run.seed,
    target: { baseUrl: run.baseUrl, altBaseUrl: run.candidateUrl },
    ...decideVerdict(results),
    summary: { ...summarise(results), calls: run.calls },
    results,
    details: {
      candidateUrl: run.candidateUrl,
      ignore: [...run.ignore],
      differences,
    },
    notes: [
      `candidate ${run.candidateUrl} compared with base ${run.baseUrl}; ignored pointers: ${run.ignore.join(", ")}`,
    ],
  };
  return { report, sections: [], secrets: run.secrets };
}
